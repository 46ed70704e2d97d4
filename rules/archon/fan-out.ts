import { defineRule, stringValue, type At } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/fan-out',
  dialect: 'archon',
  severity: 'error',
  basis:
    "loader.ts: \"fan_out.items references '$<p>.output', which is not an upstream dependency\", \"'fan_out.as: <x>' collides with a 'with:' key\"",
  summary: 'fan_out.items must read an upstream node; fan_out.as must not collide with with:',
  check(model, report) {
    for (const node of model.nodes) {
      const fanOut = node.fields.get('fan_out')?.value;
      if (!fanOut) continue;
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
      const as = model.tree.entry(fanOut, 'as');
      const name = stringValue(as?.value);
      if (as?.value && name && model.tree.entry(node.fields.get('with')?.value, name)) {
        fail(
          as.value,
          `'fan_out.as: ${name}' collides with a 'with:' key of the same name — both would populate $INPUTS.${name}. Rename one`,
        );
      }
    }
  },
});
