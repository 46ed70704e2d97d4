import type { Diagnostic, Rule, Source, Span } from '@flowlint/core';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Location, type Range } from 'vscode-languageserver/node';

/** Where the repository keeps each rule's doc: rules/<id>.md. */
export const RULE_DOCS_BASE = 'https://github.com/flowlint/flowlint/blob/main/rules/';

export function ruleDocUrl(ruleId: string): string {
  return `${RULE_DOCS_BASE}${ruleId}.md`;
}

const severities = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

export function toLspDiagnostic(d: Diagnostic, rules: ReadonlyMap<string, Rule<any>>, uriOf: (path: string) => string): LspDiagnostic {
  const out: LspDiagnostic = {
    range: d.range,
    severity: severities[d.severity],
    code: d.rule,
    source: 'flowlint',
    message: d.message,
  };
  if (rules.has(d.rule)) out.codeDescription = { href: ruleDocUrl(d.rule) };
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({ location: { uri: uriOf(r.path), range: r.range }, message: r.message }));
  }
  return out;
}

export function rangeOfSpan(source: Source, span: Span): Range {
  return { start: source.positionAt(span.start), end: source.positionAt(span.end) };
}

export function locationOf(source: Source, span: Span, uriOf: (path: string) => string): Location {
  return { uri: uriOf(source.path), range: rangeOfSpan(source, span) };
}

export function containsOffset(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}
