import { defineRule } from '@orchlint/core';
import { scriptFlows, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/script-injection',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    'derived: ../shared/spec/archon-shell.md — script: nodes get `$node.output` spliced raw into the JavaScript or Python source (DE:3712); confirmed by test/security/archon-payloads.ts (script bun, script python)',
  summary: "untrusted text is spliced raw into a script node's source code",
  check(model, report) {
    for (const f of scriptFlows(model)) {
      const name = (f.text.split('.').pop() ?? 'value').replace(/^output$/, 'value');
      report({
        at: f.span,
        confidence: f.confidence,
        message:
          `untrusted text becomes code: ${f.source.label} → '${f.text}' is pasted into the source of ${f.node.label} before bun or uv runs it, so a quote in it ends the string literal and the rest runs. ` +
          `Payload: "; code; ". Safe form: bind it (with: { ${name}: { from: '${f.text}' } }) and read the INPUTS_${name.toUpperCase()} environment variable`,
      });
    }
  },
});
