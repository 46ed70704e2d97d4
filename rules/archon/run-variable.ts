import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/run-variable',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'executor-shared.ts substituteWorkflowVariables: each run variable is replaced by name ($ARTIFACTS_DIR, $BASE_BRANCH, …) with no check of what follows, and nothing else is; a bash node gets the same names as environment variables (dag-executor.ts)',
  summary:
    'a $NAME that looks like a run variable but is not one ($ARTIFACT_DIR), or one the engine splices into a longer name',
  check(model, report) {
    for (const node of model.nodes) {
      for (const slip of node.variableSlips) {
        const shell = /(^|\.)(bash|until_bash)$/.test(slip.surface);
        const where = `${node.label} field '${slip.surface}'`;
        const message =
          slip.kind === 'spliced'
            ? `${where}: '$${slip.name}' is not a variable of its own: Archon replaces '$${slip.variable}' in it and leaves '${slip.name.slice(slip.variable.length)}' after the value. ` +
              (shell
                ? `Rename it, or write \${${slip.variable}}${slip.name.slice(slip.variable.length)} if the concatenation is meant`
                : 'Rename it, or put a character that cannot be part of a name after the variable if the concatenation is meant')
            : slip.kind === 'braced'
              ? `${where}: '\${${slip.name}}' is not substituted outside a shell, so the text keeps it literally; write '$${slip.name}'`
              : `${where}: '$${slip.name}' is not a run variable (did you mean '$${slip.variable}'?), so ${shell ? 'the shell reads it as an unset variable, an empty string' : 'the text keeps it literally'}; write '$${slip.variable}'`;
        report({ at: slip.span, message });
      }
    }
  },
});
