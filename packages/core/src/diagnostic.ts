import { detached, type Position, type Source, type Span } from './source.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * Which clause of the severity policy (README "Severity") a rule's default severity falls under:
 * error — `rejected` (the runtime rejects the file), `never-works` (fails or is skipped on every run),
 * `admissibility` (the spec's admissibility rules reject it); warning — `misbehaves` (on some runs),
 * `dropped` (the runtime silently drops what the author wrote); info — `note` (a legitimate pattern
 * worth knowing).
 */
export type Clause = 'rejected' | 'never-works' | 'admissibility' | 'misbehaves' | 'dropped' | 'note';

/** Each clause of the severity policy: the default severity it gives, and what it says, for listings and docs. */
export const clauses: Readonly<Record<Clause, { severity: Severity; label: string; says: string }>> = {
  rejected: { severity: 'error', label: 'rejected', says: 'the runtime rejects the file' },
  'never-works': { severity: 'error', label: 'never works', says: 'it fails or is skipped on every run' },
  admissibility: { severity: 'error', label: 'admissibility', says: "the spec's admissibility rules reject it" },
  misbehaves: { severity: 'warning', label: 'misbehaves', says: 'it works on some runs and misbehaves on others' },
  dropped: { severity: 'warning', label: 'dropped', says: 'the runtime silently drops or ignores what was written' },
  note: { severity: 'info', label: 'note', says: 'a legitimate pattern worth knowing' },
};

/** How sure a security audit is that a finding is exploitable (zizmor's confidence). */
export type Confidence = 'high' | 'medium' | 'low';

/** What a rule is about: correctness (the default) or a security audit. */
export type RuleCategory = 'correctness' | 'security';

export interface Range {
  start: Position;
  end: Position;
}

/** A text edit on one file, by offsets into its original text. */
export interface TextEdit {
  span: Span;
  newText: string;
}

export interface Fix {
  /** Short imperative, shown by editors as the quick-fix title. */
  title: string;
  edits: TextEdit[];
}

export interface RelatedLocation {
  path: string;
  range: Range;
  span: Span;
  message: string;
}

/** Facts of a finding as plain values (ESLint's `data`, LSP's `Diagnostic.data`): JSON, for caches and workers. */
export type FindingData = Readonly<Record<string, string | number | boolean>>;

export interface Diagnostic {
  rule: string;
  severity: Severity;
  message: string;
  path: string;
  /** 0-based, LSP style; formatters print 1-based. */
  range: Range;
  span: Span;
  related?: RelatedLocation[];
  fix?: Fix;
  data?: FindingData;
}

export function rangeOf(source: Source, span: Span): Range {
  return { start: source.positionAt(span.start), end: source.positionAt(span.end) };
}

export function makeDiagnostic(
  source: Source,
  span: Span,
  rule: string,
  severity: Severity,
  message: string,
): Diagnostic {
  return { rule, severity, message: detached(message), path: source.path, range: rangeOf(source, span), span };
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) ||
    severityRank[a.severity] - severityRank[b.severity] ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/** Sorted by path, line, column, rule; exact repeats removed. */
export function sortAndDedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  const out: Diagnostic[] = [];
  for (const d of sorted) {
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.path === d.path &&
      prev.rule === d.rule &&
      prev.message === d.message &&
      prev.span.start === d.span.start &&
      prev.span.end === d.span.end
    )
      continue;
    out.push(d);
  }
  return out;
}
