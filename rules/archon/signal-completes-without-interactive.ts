import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/signal-completes-without-interactive',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'loop.ts: signal_completes "is meaningful only with interactive"; set without it, the engine writes only a log line',
  summary: 'signal_completes does nothing on a loop that is not interactive',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'loop' && node.kind !== 'loop_group') continue;
      const block = node.blocks.get(node.kind)!.byKey;
      const signal = block.get('signal_completes');
      if (signal?.value !== true || block.get('interactive')?.value === true) continue;
      report({
        at: signal.key,
        message: `${node.label}: 'signal_completes' only matters for an interactive loop, and this one is not; remove it (the completion signal already ends a non-interactive loop)`,
      });
    }
  },
});
