import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/workflow-in-loop-group',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "loader.ts validateDagStructure: \"loop_group '<g>' body: 'workflow' (sub-run) is not supported inside a loop_group body\"",
  summary: 'a loop_group body cannot start child runs',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'workflow' || !node.scope.owner) continue;
      report({
        at: node.fields.get('workflow')!.key,
        message: `${node.label}: a 'workflow:' (sub-run) node is not supported inside a loop_group body; Archon refuses to load the workflow. Put the child run before or after the loop_group, or inline the work with include:`,
      });
    }
  },
});
