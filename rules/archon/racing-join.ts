import { defineRule } from '@orchlint/core';
import { classifyJoin, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/racing-join',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Workflow Language Constitution, case law: "first_success racing join ❌ rejected 2026-08-04"; dag-node.ts: "\'fan_out.join: first_success\' (racing) is rejected, not deferred"',
  summary: 'fan_out.join: first_success (racing) is rejected',
  check(model, report) {
    for (const node of model.nodes) {
      const join = node.blocks.get('fan_out')?.byKey.get('join');
      if (!join?.node || classifyJoin(join.value) !== 'racing') continue;
      report({
        at: join.node,
        message:
          `${node.label}: a racing join lets the first child to succeed cancel the others, coupling children that are meant to be independent; Archon rejects the workflow. ` +
          "Use 'all_done' (the default). For several genuinely different attempts, write them as separate nodes with their own models feeding one collector node",
      });
    }
  },
});
