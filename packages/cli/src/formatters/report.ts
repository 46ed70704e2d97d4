import type { Clause, Confidence, Diagnostic, RuleCategory, Severity, Source } from '@orchlint/core';
import type { LintRun } from '../lint.js';

// What every formatter shares; index.ts picks a formatter by name and imports each one, so the
// formatters import these from here, never from index.ts (that would be a cycle).

/** What a report says about a rule: dialect rules and the engine's own core/* findings alike. */
export interface RuleInfo {
  id: string;
  severity: Severity;
  /** The severity policy's clause; absent only for a finding of a rule this build does not describe. */
  clause?: Clause;
  category?: RuleCategory;
  confidence?: Confidence;
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
  /** --sarif-all-rules: SARIF describes every rule in `rules`, not only those with results. */
  allRules?: boolean;
  /**
   * The run stopped before linting anything, on these findings (an invalid config file): the report
   * is still written, SARIF with them as tool notifications, the other formats with them as findings.
   */
  stopped?: boolean;
}

/** Control characters but tab and line breaks, and the marks and overrides that reorder bidirectional text. */
export const CONTROL_CHARACTERS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a file (a key in a message, a file name) with every control character, and the
 * bidirectional overrides that reorder what a reader sees, written as a visible \u escape: a
 * file's bytes never drive the terminal or the CI log. Tabs and line breaks are left to the caller.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A report as the pieces of its text, in order: a report of 10,000 files is written as it is made,
 * never held whole (nor as one object tree for JSON) in memory.
 */
export type Formatter = (run: LintRun, context: FormatContext) => Iterable<string>;

/** An array of a JSON report whose items are made as it is written (see jsonChunks). */
export class Streamed<T> {
  constructor(readonly items: Iterable<T>) {}
}

/**
 * The text JSON.stringify(value, null, 2) gives, in pieces: a Streamed array is written item by
 * item as its iterable yields them, each item stringified alone; the objects and arrays around one
 * are written key by key. Everything else is JSON.stringify's own text, indented to its place.
 */
export function* jsonChunks(value: unknown, indent = ''): Generator<string> {
  const inner = `${indent}  `;
  if (value instanceof Streamed) {
    const items = (value.items as Iterable<unknown>)[Symbol.iterator]();
    let next = items.next();
    if (next.done) {
      yield '[]';
      return;
    }
    yield '[\n';
    for (;;) {
      yield inner;
      yield* jsonChunks(next.value, inner);
      next = items.next();
      if (next.done) break;
      yield ',\n';
    }
    yield `\n${indent}]`;
    return;
  }
  if (!holdsStreamed(value)) {
    yield stringified(value, indent);
    return;
  }
  const array = Array.isArray(value);
  // As JSON.stringify: an object's undefined and function values are left out, an array's are null.
  const entries = (array ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as object)).filter(
    ([, v]) => array || (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol'),
  );
  if (!entries.length) {
    yield array ? '[]' : '{}';
    return;
  }
  yield array ? '[\n' : '{\n';
  for (let i = 0; i < entries.length; i++) {
    const [k, v] = entries[i]!;
    yield array ? inner : `${inner}${JSON.stringify(k)}: `;
    yield* jsonChunks(v, inner);
    yield i < entries.length - 1 ? ',\n' : '\n';
  }
  yield `${indent}${array ? ']' : '}'}`;
}
/** The items of a list as they are asked for, mapped. */
export function* mapped<T, U>(items: Iterable<T>, map: (item: T, index: number) => U): Generator<U> {
  let i = 0;
  for (const item of items) yield map(item, i++);
}

/** JSON.stringify's text of a value at an indentation (its strings hold no raw line break to re-indent). */
function stringified(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return indent ? text.replace(/\n/g, `\n${indent}`) : text;
}

function holdsStreamed(value: unknown): boolean {
  if (value instanceof Streamed) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(holdsStreamed);
}

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
