import { defineRule, type At } from '@orchlint/core';
import { loaderCheckedBindingRefs, type WorkflowModel } from '@orchlint/archon';

const WHOLE_REF = /^\$([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.[a-zA-Z_][a-zA-Z0-9_]*)?$/;

export default defineRule<WorkflowModel>({
  id: 'archon/with-binding',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "dag-node.ts with: bindings on command/script nodes: \"an object value must be a binding directive { from, if_skipped? }\", \"'from' must be exactly one whole '$node.output' or '$node.output.field' reference\", \"'from' cannot read '$LOOP_PREV'\"; loader.ts: \"binding 'with.<k>' references '$<p>.output', which is not an upstream dependency\"",
  summary:
    "a command or script node's with: bindings read only upstream nodes, and a binding directive one whole $node.output",
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'command' && node.kind !== 'script') continue;
      const fail = (binding: string, at: At, message: string) =>
        report({
          at,
          message: `${node.label}: ${node.kind} binding '${binding}': ${message}; Archon refuses to load the workflow`,
        });
      // A malformed directive is one finding; what its 'from' reads is not judged as well.
      const malformed = new Set<string>();
      for (const { field: binding, block } of node.bindings) {
        if (binding.type !== 'object') continue;
        const name = binding.key.value;
        const extra = block.fields.filter((f) => f.key.value !== 'from' && f.key.value !== 'if_skipped');
        const from = block.byKey.get('from');
        const text = typeof from?.value === 'string' ? from.value : '';
        const problem =
          extra.length || !from?.node
            ? "an object value must be a binding directive { from: '$node.output[.field]', if_skipped?: <value> }. Use a string, number, boolean, null or array for a literal value"
            : text.includes('$LOOP_PREV')
              ? "'from' cannot read '$LOOP_PREV' — it is not a node reference. Read $LOOP_PREV in the node's text instead"
              : !WHOLE_REF.test(text)
                ? `'from' must be exactly one whole '$node.output' or '$node.output.field' reference, got '${text}'`
                : undefined;
        if (!problem) continue;
        malformed.add(name);
        fail(name, extra[0]?.key ?? from?.node ?? binding.key, problem);
      }
      // The loader requires every producer of this node's scope that a binding reads to be upstream.
      for (const { binding, ref, producer } of loaderCheckedBindingRefs(node)) {
        const name = binding.field.key.value;
        if (malformed.has(name) || (producer !== node && model.analysis.upstream(node).has(producer))) continue;
        fail(
          name,
          ref.span,
          producer === node
            ? `'with.${name}' references '$${ref.id}.output', the node's own output, which is not an upstream dependency — bind the output of a node it depends on`
            : `'with.${name}' references '$${ref.id}.output', which is not an upstream dependency — add '${ref.id}' to depends_on so its value is produced first`,
        );
      }
    }
  },
});
