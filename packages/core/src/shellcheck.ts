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
 * Codes a body masked for linting sets off by construction (as actionlint disables them for its
 * masked expressions): a splice masked as `'xxxx'` reads as a constant (SC2050, SC2194, SC2157), the
 * engine's variables are set by the environment, not the script (SC2154), a value assigned for a later
 * command may look unused (SC2034), and sourced files are not there to follow (SC1091).
 */
export const SHELLCHECK_MASKED_CODES: readonly number[] = [1091, 2034, 2050, 2154, 2157, 2194];

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
