import { rangeOf, ruleDocUrl, type Diagnostic, type Rule, type Source, type Span } from '@orchlint/core';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Location } from 'vscode-languageserver/node';

const severities = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

export function toLspDiagnostic(
  d: Diagnostic,
  rules: ReadonlyMap<string, Rule<any>>,
  uriOf: (path: string) => string,
): LspDiagnostic {
  const out: LspDiagnostic = {
    range: d.range,
    severity: severities[d.severity],
    code: d.rule,
    source: 'orchlint',
    message: d.message,
  };
  if (rules.has(d.rule)) out.codeDescription = { href: ruleDocUrl(d.rule) };
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({
      location: { uri: uriOf(r.path), range: r.range },
      message: r.message,
    }));
  }
  return out;
}

export function locationOf(source: Source, span: Span, uriOf: (path: string) => string): Location {
  return { uri: uriOf(source.path), range: rangeOf(source, span) };
}

export function containsOffset(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}
