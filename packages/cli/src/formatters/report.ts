import type { Diagnostic, Severity, Source } from '@orchlint/core';
import type { LintRun } from '../lint.js';

// What every formatter shares; index.ts picks a formatter by name and imports each one, so the
// formatters import these from here, never from index.ts (that would be a cycle).

/** What a report says about a rule: dialect rules and the engine's own core/* findings alike. */
export interface RuleInfo {
  id: string;
  severity: Severity;
  summary: string;
  basis: string;
  fixable?: boolean;
}

export interface FormatContext {
  color: boolean;
  /** Each linted file's text (as linted: after fixes, or from standard input), for excerpts and fingerprints. */
  source(path: string): Source | undefined;
  /** Every rule orchlint knows, for reports that describe rules (SARIF). */
  rules: readonly RuleInfo[];
  /** --strict: warnings fail the run, so reports that judge pass/fail (JUnit) count them. */
  strict: boolean;
  /** --max-warnings, which fails a run too: the stylish summary is red only for a run that fails. */
  maxWarnings?: number;
}

export type Formatter = (run: LintRun, context: FormatContext) => string;

export function counts(diagnostics: ReadonlyArray<Pick<Diagnostic, 'severity'>>) {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

/** Lines and columns as people and most reports count them: from 1. */
export function oneBased(r: Pick<Diagnostic, 'range'>) {
  return {
    start: { line: r.range.start.line + 1, column: r.range.start.character + 1 },
    end: { line: r.range.end.line + 1, column: r.range.end.character + 1 },
  };
}

/** Whether a finding fails the run (the exit code's view). */
export function fails(d: Pick<Diagnostic, 'severity'>, strict: boolean): boolean {
  return d.severity === 'error' || (strict && d.severity === 'warning');
}
