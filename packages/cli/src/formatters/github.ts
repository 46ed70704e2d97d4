import type { LintRun } from '../lint.js';
import { counts, escapeControls, oneBased } from './report.js';

const command = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub shows at most 10 errors and 10 warnings per step as annotations; the rest only in the log. */
const SHOWN_PER_STEP = 10;

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on its file and lines in
 * the pull request. Escaping follows @actions/core: data escapes %, CR and LF; property values
 * also escape ':' and ','.
 */
export function* formatGithub(run: LintRun): Generator<string> {
  for (const d of run.diagnostics) {
    const r = oneBased(d);
    const props = [
      `file=${escapeProperty(d.path)}`,
      `line=${r.start.line}`,
      `col=${r.start.column}`,
      `endLine=${r.end.line}`,
      `endColumn=${r.end.column}`,
      `title=${escapeProperty(d.rule)}`,
    ];
    yield `::${command[d.severity]} ${props.join(',')}::${escapeData(d.message)}\n`;
  }
  const { errors, warnings, infos } = counts(run.diagnostics);
  const total = errors + warnings + infos;
  const files = `${run.files.length} file${run.files.length === 1 ? '' : 's'}`;
  yield total
    ? `orchlint: ${errors} error(s), ${warnings} warning(s), ${infos} info in ${files}\n`
    : `orchlint: no problems in ${files}\n`;
  if (errors > SHOWN_PER_STEP || warnings > SHOWN_PER_STEP) {
    yield `orchlint: GitHub annotates only ${SHOWN_PER_STEP} errors and ${SHOWN_PER_STEP} warnings per step; every finding is listed above, ` +
      'and --output sarif=orchlint.sarif with github/codeql-action/upload-sarif shows them all in code scanning\n';
  }
}

export function escapeData(s: string): string {
  return escapeControls(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
