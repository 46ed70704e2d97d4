import type { LintRun } from '../lint.js';
import { version } from '../version.js';
import { counts, oneBased } from './report.js';

/** The JSON report, version 1 (DESIGN.md): 1-based lines and columns. */
export function formatJson(run: LintRun): string {
  const report = {
    version: 1,
    tool: { name: 'orchlint', version },
    files: run.files,
    diagnostics: run.diagnostics.map((d) => ({
      path: d.path,
      rule: d.rule,
      severity: d.severity,
      message: d.message,
      range: oneBased(d),
      ...(d.related?.length
        ? { related: d.related.map((r) => ({ path: r.path, message: r.message, range: oneBased(r) })) }
        : {}),
      ...(d.fix ? { fix: { title: d.fix.title } } : {}),
    })),
    summary: { files: run.files.length, ...counts(run.diagnostics) },
  };
  return JSON.stringify(report, null, 2) + '\n';
}
