import { createHash } from 'node:crypto';
import { fingerprints } from '@orchlint/core';
import type { LintRun } from '../lint.js';
import { jsonChunks, mapped, oneBased, Streamed, type FormatContext } from './report.js';

/** GitLab's scale is info, minor, major, critical, blocker; an error stops a definition from loading, which is major. */
const severity = { error: 'major', warning: 'minor', info: 'info' } as const;

/**
 * GitLab CI's Code Quality report: a JSON array of Code Climate issues with the fields GitLab reads
 * (description, check_name, fingerprint, severity, location.path, location.lines.begin). The
 * fingerprint hashes the rule, the path and the finding's content fingerprint (not its line), so a
 * merge request's report matches its target branch's across lines that moved.
 */
export function* formatCodeclimate(run: LintRun, context: FormatContext): Generator<string> {
  const prints = fingerprints(run.diagnostics, context.source);
  const issues = mapped(run.diagnostics, (d, i) => {
    const r = oneBased(d);
    return {
      type: 'issue',
      description: d.message,
      check_name: d.rule,
      fingerprint: createHash('md5').update(`${d.rule}\u0000${d.path}\u0000${prints[i]}`).digest('hex'),
      severity: severity[d.severity],
      location: { path: d.path, lines: { begin: r.start.line, end: r.end.line } },
    };
  });
  yield* jsonChunks(new Streamed(issues));
  yield '\n';
}
