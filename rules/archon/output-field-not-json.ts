import { defineRule } from '@orchlint/core';
import { literalOutput, nodeReferences, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/output-field-not-json',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    "output-ref.ts resolveNodeOutputField: a '.field' of a schemaless producer (bash) needs its output to be a JSON object holding the key, else it throws (unparseable, missing-key) and the reading node fails",
  summary: '$node.output.field of a bash node that only echoes text which is not a JSON object with that field',
  check(model, report) {
    for (const node of model.nodes) {
      for (const ref of nodeReferences(node)) {
        if (ref.field === undefined) continue;
        const producer = model.analysis.resolve(node, ref.id, ref.where);
        const script = producer?.kind === 'bash' ? producer.fields.get('bash')?.value : undefined;
        const printed = typeof script === 'string' ? literalOutput(script) : undefined;
        if (printed === undefined) continue;
        const object = jsonObject(printed);
        if (object && Object.hasOwn(object, ref.field)) continue;
        const shown = JSON.stringify(printed.length > 60 ? `${printed.slice(0, 57)}...` : printed);
        report({
          at: ref.span,
          message:
            `Archon loads this file, but ${node.label} fails whenever it runs: it reads '${ref.text}', and '${ref.id}' only echoes ${shown}, ` +
            (object
              ? `a JSON object without '${ref.field}' (missing-key)`
              : 'which is not a JSON object, so it has no fields (unparseable)') +
            `, so the read throws. Echo a JSON object with '${ref.field}' (echo '{"${ref.field}": …}'), or read the whole '$${ref.id}.output'`,
          related: [{ at: producer!.fields.get('bash')!.node!, message: `what '${ref.id}' prints` }],
        });
      }
    }
  },
});

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
