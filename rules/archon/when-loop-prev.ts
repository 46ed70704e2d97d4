import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-loop-prev',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "variables.md: $LOOP_PREV.<id>.output is \"not substituted in when:\"; loader.ts validateDagStructure: \"Node '<n>' field 'when' references unknown node '$LOOP_PREV.<id>'\" (a load error)",
  summary: '$LOOP_PREV is not available in when:',
  check(model, report) {
    for (const f of whenFindings(model, 'loop-prev')) {
      // The loader's reference sweep reads `$LOOP_PREV.<id>` as a node id it does not know; a bare `$LOOP_PREV` it passes.
      const dotted = f.atom.refs.some((r) => r.scope === 'loop-prev' && r.text.includes('.'));
      const effect = dotted
        ? 'Archon reads it as a reference to an unknown node and refuses to load the workflow'
        : `Archon loads this file, but the condition of ${f.node.label} never parses and the node is skipped on every run`;
      report({
        at: f.span,
        message:
          `${f.problem.message}, so the condition of ${f.node.label} can never see the previous iteration: ${effect}. ` +
          'Have a body node read $LOOP_PREV in its text (a bash node can echo the value) and gate on that node instead',
      });
    }
  },
});
