import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/approval-deprecated',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'loader.ts parse warnings: "\'approval.on_reject\' is deprecated"; "\'approval.capture_response\' is deprecated" (when decisions is authored)',
  summary: 'approval.on_reject, and capture_response beside decisions, are deprecated',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'approval') continue;
      const approval = node.blocks.get('approval')!.byKey;
      const onReject = approval.get('on_reject');
      const decisions = approval.get('decisions');
      const capture = approval.get('capture_response');
      const gate = node.id ?? 'gate';
      if (onReject && !decisions) {
        report({
          at: onReject.key,
          message: `${node.label}: 'approval.on_reject' is deprecated; declare decisions: [{id: approve}, {id: reject}] and add a rework node gated by when: "$${gate}.output.decision == 'reject'"`,
        });
      }
      if (capture && decisions) {
        report({
          at: capture.key,
          message: `${node.label}: 'approval.capture_response' is deprecated when decisions are authored; read the reply as $${gate}.output.text`,
        });
      }
    }
  },
});
