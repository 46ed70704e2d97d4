import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/loop-interactive-deprecated',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'loader.ts parse warning, for loop.interactive or loop_group.interactive set to true: "node-level loop \'interactive:\' is deprecated"',
  summary: "a loop's interactive: is deprecated; gate with an approval: node",
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'loop' && node.kind !== 'loop_group') continue;
      // The loader warns only on a literal `interactive: true` (of `loop:` or of `loop_group:`).
      const interactive = node.blocks.get(node.kind)?.byKey.get('interactive');
      if (interactive?.value !== true) continue;
      report({
        at: interactive.key,
        message:
          `${node.label}: node-level loop 'interactive:' is deprecated; it still works, but a future release re-expresses it as a gate + loop_group composition (#2707). ` +
          "For new workflows, gate with an 'approval:' node (after the loop, or inside a loop_group body)",
      });
    }
  },
});
