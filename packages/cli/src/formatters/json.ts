import type { Diagnostic, Severity } from '@orchlint/core';
import type { LintRun } from '../lint.js';
import { version } from '../version.js';
import { counts, jsonChunks, mapped, oneBased, Streamed } from './report.js';

type OneBasedRange = ReturnType<typeof oneBased>;

export interface JsonDiagnostic {
  path: string;
  rule: string;
  severity: Severity;
  message: string;
  range: OneBasedRange;
  related?: Array<{ path: string; message: string; range: OneBasedRange }>;
  fix?: { title: string };
}

/** The JSON report, version 1 (DESIGN.md): 1-based lines and columns. */
export interface JsonReport {
  version: 1;
  tool: { name: string; version: string };
  files: Array<{ path: string; dialect: string }>;
  diagnostics: JsonDiagnostic[];
  summary: { files: number; errors: number; warnings: number; infos: number };
}

export function jsonReport(run: LintRun): JsonReport {
  return {
    version: 1,
    tool: { name: 'orchlint', version },
    files: run.files,
    diagnostics: run.diagnostics.map(jsonDiagnostic),
    summary: { files: run.files.length, ...counts(run.diagnostics) },
  };
}

function jsonDiagnostic(d: Diagnostic): JsonDiagnostic {
  return {
    path: d.path,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    range: oneBased(d),
    ...(d.related?.length
      ? { related: d.related.map((r) => ({ path: r.path, message: r.message, range: oneBased(r) })) }
      : {}),
    ...(d.fix ? { fix: { title: d.fix.title } } : {}),
  };
}

/** The JSON report's text, each finding made as it is written. */
export function* formatJson(run: LintRun): Generator<string> {
  yield* jsonChunks({
    version: 1,
    tool: { name: 'orchlint', version },
    files: new Streamed(run.files),
    diagnostics: new Streamed(mapped(run.diagnostics, jsonDiagnostic)),
    summary: { files: run.files.length, ...counts(run.diagnostics) },
  });
  yield '\n';
}
