import { defineRule, type At } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/approval-decisions',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "dag-node.ts approval schema: \"'approval.decisions' ids must be unique\", \"must include an 'approve' entry\", \"'approval.decisions' and 'approval.on_reject' are mutually exclusive\"",
  summary: "approval decisions need unique ids, an 'approve' entry, and no on_reject",
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'approval') continue;
      const decisions = node.decisions;
      if (!decisions) continue;
      const fail = (at: At, message: string) =>
        report({ at, message: `${node.label}: ${message}; Archon refuses to load the workflow` });
      const seen = new Set<string>();
      for (const id of decisions.ids) {
        if (seen.has(id.value))
          fail(id, `decision id '${id.value}' appears twice; 'approval.decisions' ids must be unique`);
        seen.add(id.value);
      }
      if (decisions.count && !seen.has('approve'))
        fail(decisions.field.key, "'approval.decisions' must include an 'approve' entry");
      const onReject = node.blocks.get('approval')!.byKey.get('on_reject');
      if (onReject) {
        fail(
          onReject.key,
          `'approval.decisions' and 'approval.on_reject' are mutually exclusive. 'on_reject' is deprecated — wire a rework node with when: "$${node.id ?? 'gate'}.output.decision == 'reject'" and declare 'decisions' instead`,
        );
      }
    }
  },
});
