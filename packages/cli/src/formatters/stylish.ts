import type { Diagnostic, Source } from '@orchlint/core';
import type { LintRun } from '../lint.js';
import { CONTROL_CHARACTERS, counts, escapeControls, type FormatContext } from './report.js';

const ansi = { red: 31, yellow: 33, cyan: 36, gray: 90, bold: 1, underline: 4 } as const;

/** Human output: path:line:col, severity, message, [rule], the source line with the range underlined. */
export function formatStylish(run: LintRun, context: FormatContext): string {
  return [...stylishChunks(run, context)].join('');
}

/** The stylish report, finding by finding. */
export function* stylishChunks(run: LintRun, context: FormatContext): Generator<string> {
  const paint = (code: keyof typeof ansi, s: string) => (context.color ? `\u001b[${ansi[code]}m${s}\u001b[0m` : s);
  for (const d of syntaxFirst(run.diagnostics)) {
    const lines: string[] = [];
    if (typeof d !== 'object') {
      yield paint(
        'gray',
        `  (the findings below may be consequences of the syntax error${d > 1 ? 's' : ''} above: fix ${d > 1 ? 'them' : 'it'} first)\n`,
      );
      continue;
    }
    const where = `${escapeControls(d.path)}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
    const severity =
      d.severity === 'error'
        ? paint('red', 'error')
        : d.severity === 'warning'
          ? paint('yellow', 'warning')
          : paint('cyan', 'info');
    lines.push(
      `${paint('bold', where)}  ${severity}  ${escapeControls(d.message.replace(/\r?\n|\r/g, ' '))}  ${paint('gray', `[${d.rule}]`)}`,
    );
    lines.push(...excerpt(d, context.source(d.path), paint));
    for (const r of d.related ?? []) {
      lines.push(
        paint(
          'gray',
          `    ${escapeControls(r.path)}:${r.range.start.line + 1}:${r.range.start.character + 1}: ${escapeControls(r.message)}`,
        ),
      );
    }
    yield lines.join('\n') + '\n';
  }
  const lines: string[] = [];
  const { errors, warnings, infos } = counts(run.diagnostics);
  const total = errors + warnings + infos;
  const files = `${run.files.length} file${run.files.length === 1 ? '' : 's'} checked`;
  if (total === 0) {
    lines.push(`✔ no problems (${files})`);
  } else {
    const summary = `${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${infos} info) in ${files}`;
    const failed =
      errors > 0 ||
      (context.strict && warnings > 0) ||
      (context.maxWarnings !== undefined && warnings > context.maxWarnings);
    lines.push('', paint(failed ? 'red' : warnings ? 'yellow' : 'cyan', `✖ ${summary}`));
  }
  yield lines.join('\n') + '\n';
}

/** The findings that say the file does not parse, YAML's and strict JSON's. */
const SYNTAX_RULES = new Set(['core/yaml-syntax', 'core/json-syntax']);

/**
 * The findings in report order (path, line, column), except that in a file with a syntax error the
 * syntax errors come first, followed by a note (the number of syntax errors): what the parser could
 * not read explains much of the rest.
 */
function syntaxFirst(diagnostics: readonly Diagnostic[]): Array<Diagnostic | number> {
  const out: Array<Diagnostic | number> = [];
  for (let i = 0; i < diagnostics.length; ) {
    let j = i;
    while (j < diagnostics.length && diagnostics[j]!.path === diagnostics[i]!.path) j++;
    const file = diagnostics.slice(i, j);
    const syntax = file.filter((d) => SYNTAX_RULES.has(d.rule));
    const rest = file.filter((d) => !SYNTAX_RULES.has(d.rule));
    out.push(...syntax);
    if (syntax.length && rest.length) out.push(syntax.length);
    out.push(...rest);
    i = j;
  }
  return out;
}

function excerpt(
  d: Diagnostic,
  source: Source | undefined,
  paint: (c: keyof typeof ansi, s: string) => string,
): string[] {
  if (!source || source.text.length === 0) return [];
  const line = d.range.start.line;
  const text = source.lineText(line);
  if (text.length > 300) return [];
  const from = Math.min(d.range.start.character, text.length);
  const to =
    d.range.end.line === line
      ? Math.max(from + 1, Math.min(d.range.end.character, text.length))
      : Math.max(from + 1, text.length);
  const gutter = String(line + 1);
  const pad = ' '.repeat(gutter.length);
  const shown = printable(text);
  return [
    `  ${paint('gray', gutter + ' |')} ${shown}`,
    `  ${paint('gray', pad + ' |')} ${' '.repeat(from)}${paint('red', '^'.repeat(to - from))}`,
  ];
}

/**
 * A source line with tabs as spaces and control characters (and bidirectional overrides) as U+FFFD,
 * one for one so the caret below still lines up: a file's bytes never drive the terminal.
 */
function printable(text: string): string {
  return text.replace(/\t/g, ' ').replace(CONTROL_CHARACTERS, '\uFFFD');
}
