import type { LintRun } from '../lint.js';

/** One line per finding, `path:line:col: severity message [rule]`, for grep, editors' quickfix lists and logs. */
export function formatCompact(run: LintRun): string {
  return run.diagnostics
    .map((d) => `${d.path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.message.replace(/\r?\n/g, ' ')} [${d.rule}]\n`)
    .join('');
}
