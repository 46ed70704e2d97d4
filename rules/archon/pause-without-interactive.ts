import { defineRule } from '@orchlint/core';
import type { ArchonNode, WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/pause-without-interactive',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    "loader.ts validateWorkflowClassPlacement (#2736/#2738): \"Node '<id>' is a pause node …, but this workflow does not declare 'interactive: true'\" — inferred for now, an error in a future release",
  summary: 'a workflow with a pause node must declare interactive: true',
  check(model, report) {
    if (model.fields.get('interactive')?.value === true) return;
    for (const node of model.nodes) {
      const pause = pauseOf(node);
      if (!pause) continue;
      report({
        at: pause,
        message:
          `${node.label} is a pause node (${node.kind === 'approval' ? "'approval:'" : `interactive ${node.kind}`}), but this workflow does not declare 'interactive: true'. ` +
          "An unattended workflow may never pause; Archon applies 'interactive: true' for now (a grace period that ends in a future release). Declare 'interactive: true' at workflow level",
      });
    }
  },
});

function pauseOf(node: ArchonNode) {
  if (node.kind === 'approval') return node.fields.get('approval')!.key;
  if (node.kind !== 'loop' && node.kind !== 'loop_group') return undefined;
  const interactive = node.blocks.get(node.kind)!.byKey.get('interactive');
  return interactive?.value === true ? interactive.key : undefined;
}
