import { defineRule, didYouMean } from '@orchlint/core';
import { nodeReferences, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/output-field-undeclared',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    "output-ref.ts strict field resolution: a field that is not in the producer's output_format throws OutputRefError 'not-in-schema' (output-ref.ts:331), failing the consuming node on every run while the loader accepts the file (spec §1.7, §8.2)",
  summary: "$node.output.field must be a property of the producer's output_format",
  check(model, report) {
    for (const node of model.nodes) {
      for (const ref of nodeReferences(node)) {
        if (ref.field === undefined) continue;
        const producer = model.analysis.resolve(node, ref.id, ref.where);
        const format = producer?.outputFormat;
        if (!producer || !format?.known || format.properties.has(ref.field)) continue;
        const declared = [...format.properties.keys()];
        report({
          at: ref.span,
          message:
            `'${ref.text}' reads field '${ref.field}', but the output_format of '${ref.id}' declares only ${declared.length ? declared.map((d) => `'${d}'`).join(', ') : 'no properties'}` +
            `${didYouMean(ref.field, declared)}; Archon loads this file, but the read fails ${node.label} on every run (not-in-schema). Declare the field or read one that exists`,
          related: [{ at: format.node, message: `the output_format of '${ref.id}'` }],
        });
      }
    }
  },
});
