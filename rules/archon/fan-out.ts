import { defineRule, type At } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/fan-out',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "loader.ts: \"fan_out.items references '$<p>.output', which is not an upstream dependency\", \"'fan_out.as: <x>' collides with a 'with:' key\"",
  summary: 'fan_out.items must read an upstream node; fan_out.as must not collide with with:',
  check(model, report) {
    for (const node of model.nodes) {
      const fanOut = node.blocks.get('fan_out');
      if (!node.fields.get('fan_out')?.node || !fanOut) continue;
      // items may also be a literal JSON array; only its $node.output references are checked here.
      const refs = node.outputRefs.filter((r) => r.surface === 'fan_out.items');
      const fail = (at: At, message: string) =>
        report({ at, message: `${node.label}: ${message}; Archon refuses to load the workflow` });
      for (const ref of refs) {
        const producer = model.analysis.resolve(node, ref.id);
        if (producer && !model.analysis.upstream(node).has(producer)) {
          fail(
            ref.span,
            `fan_out.items references '$${ref.id}.output', which is not an upstream dependency — add '${ref.id}' to depends_on so its item array is produced first`,
          );
        }
      }
      const as = fanOut.byKey.get('as');
      const name = typeof as?.value === 'string' ? as.value : undefined;
      if (as?.node && name && node.bindings.some((b) => b.field.key.value === name)) {
        fail(
          as.node,
          `'fan_out.as: ${name}' collides with a 'with:' key of the same name — both would populate $INPUTS.${name}. Rename one`,
        );
      }
    }
  },
});
