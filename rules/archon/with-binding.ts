import { defineRule, type At } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

const WHOLE_REF = /^\$([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.[a-zA-Z_][a-zA-Z0-9_]*)?$/;

export default defineRule<WorkflowModel>({
  id: 'archon/with-binding',
  dialect: 'archon',
  severity: 'error',
  basis:
    "dag-node.ts with: bindings on command/script nodes: \"an object value must be a binding directive { from, if_skipped? }\", \"'from' must be exactly one whole '$node.output' or '$node.output.field' reference\", \"'from' cannot read '$LOOP_PREV'\"; loader.ts: \"binding 'with.<k>' references '$<p>.output', which is not an upstream dependency\"",
  summary: 'a with: binding reads exactly one upstream $node.output',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'command' && node.kind !== 'script') continue;
      for (const { field: binding, block } of node.bindings) {
        if (binding.type !== 'object') continue;
        const fail = (at: At, message: string) =>
          report({
            at,
            message: `${node.label}: ${node.kind} binding '${binding.key.value}': ${message}; Archon refuses to load the workflow`,
          });
        const extra = block.fields.filter((f) => f.key.value !== 'from' && f.key.value !== 'if_skipped');
        const from = block.byKey.get('from');
        if (extra.length || !from?.node) {
          fail(
            extra[0]?.key ?? binding.key,
            "an object value must be a binding directive { from: '$node.output[.field]', if_skipped?: <value> }. Use a string, number, boolean, null or array for a literal value",
          );
          continue;
        }
        const text = typeof from.value === 'string' ? from.value : '';
        if (text.includes('$LOOP_PREV')) {
          fail(
            from.node,
            "'from' cannot read '$LOOP_PREV' — it is not a node reference. Read $LOOP_PREV in the node's text instead",
          );
          continue;
        }
        const m = WHOLE_REF.exec(text);
        if (!m) {
          fail(
            from.node,
            `'from' must be exactly one whole '$node.output' or '$node.output.field' reference, got '${text}'`,
          );
          continue;
        }
        const producer = model.analysis.resolve(node, m[1]!);
        if (producer && producer !== node && !model.analysis.upstream(node).has(producer)) {
          fail(
            from.node,
            `'with.${binding.key.value}' references '$${m[1]}.output', which is not an upstream dependency — add '${m[1]}' to depends_on so its value is produced first`,
          );
        }
      }
    }
  },
});
