import { defineRule } from '@orchlint/core';
import type { ArchonNode, VariableRef, WorkflowModel } from '@orchlint/archon';

/** Where each variable has a value: anywhere else the engine substitutes nothing useful. */
const HOME: Record<
  VariableRef['name'],
  { where: string; fits: (node: ArchonNode, ref: VariableRef) => boolean; elsewhere: string }
> = {
  REJECTION_REASON: {
    where: "an approval's 'on_reject.prompt'",
    fits: (_, ref) => ref.surface === 'approval.on_reject.prompt',
    elsewhere: 'it is replaced by an empty string',
  },
  LOOP_PREV_OUTPUT: {
    where: "a 'loop:' node's loop settings",
    fits: (node, ref) => node.kind === 'loop' && ref.surface.startsWith('loop.'),
    elsewhere: 'it is replaced by an empty string',
  },
  LOOP_PREV: {
    where: "the nodes of a 'loop_group' body (and its until_bash)",
    fits: (node, ref) => node.scope.owner !== undefined || ref.surface === 'loop_group.until_bash',
    elsewhere: 'it is left in the text as written',
  },
};

export default defineRule<WorkflowModel>({
  id: 'archon/variable-scope',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    'executor-shared.ts substituteWorkflowVariables and variables.md: $REJECTION_REASON only in on_reject prompts, $LOOP_PREV_OUTPUT only in loop:, $LOOP_PREV.<id> only in loop_group bodies',
  summary: '$REJECTION_REASON, $LOOP_PREV_OUTPUT or $LOOP_PREV used where it has no value',
  check(model, report) {
    for (const node of model.nodes) {
      for (const ref of node.variableRefs) {
        const home = HOME[ref.name];
        if (home.fits(node, ref)) continue;
        report({
          at: ref.span,
          message: `Archon loads this file, but in ${node.label} field '${ref.surface}' $${ref.name} never has a value: it has one only in ${home.where}, and here ${home.elsewhere} on every run, with no error. Move it there, or pass the value through a node output`,
        });
      }
    }
  },
});
