import type { LintRun } from '../lint.js';
import { escapeControls } from './report.js';

/** One line per finding, `path:line:col: severity message [rule]`, for grep, editors' quickfix lists and logs. */
export function* formatCompact(run: LintRun): Generator<string> {
  for (const d of run.diagnostics)
    yield `${escapeControls(d.path)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${escapeControls(d.message.replace(/\r?\n|\r/g, ' '))} [${d.rule}]\n`;
}
