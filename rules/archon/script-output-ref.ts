import { defineRule } from '@orchlint/core';
import { scriptFlows, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/script-output-ref',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'variables.md / spec §1.7: "$node.output values are shell-quoted in bash:… In script: they are spliced raw"; parameter matrix, silent failures: "String.raw with $x.output in scripts"',
  summary: '$node.output spliced raw into script: code',
  check(model, report) {
    // An untrusted value spliced there is archon/script-injection's, shown by every persona at high confidence.
    const audited = new Set(
      scriptFlows(model)
        .filter((f) => f.confidence === 'high')
        .map((f) => f.span.start),
    );
    for (const node of model.nodes) {
      if (node.kind !== 'script') continue;
      for (const ref of node.outputRefs) {
        if (ref.surface !== 'script' || audited.has(ref.span.start)) continue;
        report({
          at: ref.span,
          message:
            `'${ref.text}' is pasted into the script of ${node.label} as raw text: a quote, backtick or newline in that output breaks the code or runs as code. ` +
            `Bind it instead — with: { ${ref.field ?? 'value'}: { from: '${ref.text}' } } — and read the INPUTS_${(ref.field ?? 'value').toUpperCase()} environment variable`,
        });
      }
    }
  },
});
