import type { Diagnostic } from '@flowlint/core';
import type { LintRun } from '../lint.js';
import { formatJson } from './json.js';
import { formatStylish } from './stylish.js';

export interface FormatContext {
  color: boolean;
  /** The text of each linted file, for source excerpts. */
  text(path: string): string | undefined;
}

export type Formatter = (run: LintRun, context: FormatContext) => string;

export const formatters: Record<string, Formatter> = {
  stylish: formatStylish,
  json: formatJson,
};

export function counts(diagnostics: readonly Diagnostic[]) {
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
