import { defineRule } from '@orchlint/core';
import { shellFlows, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/bash-double-quoted-ref',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'validator.ts (Archon #1884): "`"$nodeId.output"` — double-quoting a substitution that is already shell-quoted by Archon produces the wrong value"',
  summary: '"$node.output" inside double quotes in bash: gets the quotes twice',
  check(model, report) {
    // Untrusted text in double quotes (or parsed again from inside them) is archon/shell-injection's:
    // a security finding that every persona shows at high confidence, with the same safe form.
    const audited = new Set(
      shellFlows(model)
        .filter((f) => f.confidence === 'high')
        .map((f) => f.span.start),
    );
    for (const node of model.nodes) {
      for (const ref of node.outputRefs) {
        if (!ref.doubleQuoted || audited.has(ref.span.start)) continue;
        report({
          at: ref.span,
          message:
            `'${ref.text}' sits inside double quotes in '${ref.surface}' of ${node.label}: Archon already substitutes it shell-quoted ('…'), so the quotes land in the value. ` +
            `Write it bare (VALUE=${ref.text}) or read it from a variable assigned that way`,
        });
      }
    }
  },
});
