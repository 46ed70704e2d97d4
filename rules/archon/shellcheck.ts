import { defineRule, SHELLCHECK_EXCLUDED_CODES, setOffByMasking, shellCheckSpan } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/shellcheck',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'ShellCheck (warning level and above) on each bash:/until_bash body as bash runs it, with Archon’s $node.output splices masked as the quoted words they become; run by the CLI when shellcheck is installed',
  summary: 'ShellCheck finds a problem in a shell body',
  check(model, report, context) {
    if (!context.shellcheck) return;
    const bodies = model.nodes.flatMap((n) => n.shells).filter((b) => !b.script.error);
    const results = context.shellcheck(
      bodies.map((b) => b.script.text),
      SHELLCHECK_EXCLUDED_CODES,
    );
    bodies.forEach((body, i) => {
      const masked = body.splices.map((s) => s.span);
      for (const f of results[i] ?? []) {
        if (setOffByMasking(body.script.text, f, masked)) continue;
        report({
          at: body.sourceSpan(shellCheckSpan(body.script.text, f)),
          message: `SC${f.code} (${f.level}) in '${body.surface}' of ${body.node.label}: ${f.message} (https://www.shellcheck.net/wiki/SC${f.code})`,
        });
      }
    });
  },
});
