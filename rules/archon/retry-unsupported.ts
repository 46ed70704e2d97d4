import { defineRule, ownValue } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

const WHY: Record<string, string> = {
  loop: 'loop manages its own iteration',
  loop_group: 'loop_group manages its own iteration',
  workflow: 'a retry would orphan the first child run — resume through the parent instead',
  wait: 'a wait has nothing to retry',
};

export default defineRule<WorkflowModel>({
  id: 'archon/retry-unsupported',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'dag-node.ts superRefine: "\'retry\' is not supported on loop nodes" / "… on loop_group nodes" / "… on workflow nodes"',
  summary: 'retry: is rejected on loop, loop_group and workflow nodes',
  check(model, report) {
    for (const node of model.nodes) {
      const retry = node.fields.get('retry');
      const why = node.kind && ownValue(WHY, node.kind);
      if (!retry || !why) continue;
      report({
        at: retry.key,
        message: `'retry' is not supported on ${node.kind} nodes (${why}); Archon refuses to load the workflow. Remove it from ${node.label}`,
      });
    }
  },
});
