import { defineRule, scalarValue } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/approval-decisions',
  dialect: 'archon',
  severity: 'error',
  basis:
    "dag-node.ts approval schema: \"'approval.decisions' ids must be unique\", \"must include an 'approve' entry\", \"'approval.decisions' and 'approval.on_reject' are mutually exclusive\"",
  summary: "approval decisions need unique ids, an 'approve' entry, and no on_reject",
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'approval') continue;
      const approval = node.fields.get('approval')!.value;
      const decisions = model.tree.entry(approval, 'decisions');
      if (!decisions?.value) continue;
      const fail = (at: NonNullable<typeof decisions.value>, message: string) =>
        report({ at, message: `${node.label}: ${message}; Archon refuses to load the workflow` });
      const seen = new Set<string>();
      const items = model.tree.items(decisions.value);
      for (const item of items) {
        const idNode = model.tree.get(item, 'id');
        const id = scalarValue(idNode);
        if (typeof id !== 'string' || !idNode) continue;
        if (seen.has(id)) fail(idNode, `decision id '${id}' appears twice; 'approval.decisions' ids must be unique`);
        seen.add(id);
      }
      if (items.length && !seen.has('approve'))
        fail(decisions.keyNode, "'approval.decisions' must include an 'approve' entry");
      const onReject = model.tree.entry(approval, 'on_reject');
      if (onReject) {
        fail(
          onReject.keyNode,
          `'approval.decisions' and 'approval.on_reject' are mutually exclusive. 'on_reject' is deprecated — wire a rework node with when: "$${node.id ?? 'gate'}.output.decision == 'reject'" and declare 'decisions' instead`,
        );
      }
    }
  },
});
