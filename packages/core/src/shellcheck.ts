import type { Span } from './source.js';

/** One ShellCheck finding (its json1 output), lines and columns 1-based in the text it was given. */
export interface ShellCheckFinding {
  code: number;
  level: 'error' | 'warning' | 'info' | 'style';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * Runs ShellCheck on shell bodies (bash), one result list per body, skipping the codes given. A host
 * capability: the CLI provides it when `shellcheck` is installed; core and the dialects never run a
 * process, so in the editor, the browser and tests without it the ShellCheck rules report nothing.
 */
export type ShellCheck = (scripts: readonly string[], exclude: readonly number[]) => ShellCheckFinding[][];

/**
 * Codes excluded from every body (as actionlint excludes them for its masked expressions): the
 * engine's variables are set by the environment, not the script (SC2154), a value assigned for a
 * later command may look unused (SC2034), and sourced files are not there to follow (SC1091).
 */
export const SHELLCHECK_EXCLUDED_CODES: readonly number[] = [1091, 2034, 2154];

/**
 * Codes a splice masked as `'xxxx'` sets off where it stands, because the mask is a constant quoted
 * word while the engine puts a value there: a constant test or case word (SC2050, SC2157, SC2194), a
 * quoted word compared as a number (SC2170, SC2309: a number field is spliced bare), a `for` over
 * one literal word (SC2041). They are dropped only on the lines of a splice, so the same mistakes in
 * the author's own text are still reported.
 */
const CONSTANT_WORD_CODES: ReadonlySet<number> = new Set([2041, 2050, 2157, 2170, 2194, 2309]);

/** Whether a finding is one the masking of `masked` (spans of `text`) set off, not the author's text. */
export function setOffByMasking(text: string, f: ShellCheckFinding, masked: readonly Span[]): boolean {
  if (!CONSTANT_WORD_CODES.has(f.code) || !masked.length) return false;
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  return masked.some((s) => lineOf(s.start) <= f.endLine && lineOf(s.end) >= f.line);
}

/** The span in `text` of a ShellCheck finding's lines and columns (ShellCheck counts a tab as 8 columns). */
export function shellCheckSpan(text: string, f: ShellCheckFinding): Span {
  const at = (line: number, column: number): number => {
    let start = 0;
    for (let l = 1; l < line; l++) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) return text.length;
      start = nl + 1;
    }
    let col = 1;
    let i = start;
    while (i < text.length && text[i] !== '\n' && col < column) {
      col += text[i] === '\t' ? 8 - ((col - 1) % 8) : 1;
      i++;
    }
    return i;
  };
  const start = at(f.line, f.column);
  return { start, end: Math.max(start, at(f.endLine, f.endColumn)) };
}
