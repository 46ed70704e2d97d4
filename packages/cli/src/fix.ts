import { isUtf8 } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { createTwoFilesPatch } from 'diff';
import { applyFixes, fixesFor, isSyntaxFinding, type Dialect, type LintSettings, type Rule } from '@orchlint/core';
import type { Target } from './discover.js';
import { fileHost, overlayHost } from './host.js';
import { lintTarget, readRoot, type UnitOutcome } from './lint.js';

/** ESLint's bound: fixes that keep enabling new fixes stop here. */
const MAX_PASSES = 10;

const UNPARSABLE = 'it does not parse (or would not after the fix)';
const NOT_UTF8 = 'it is not valid UTF-8, and writing it would replace those bytes';

export interface FileChange {
  before: string;
  after: string;
  fixes: number;
}

export interface FixedUnit {
  /** The findings left after the last pass, on the fixed text. */
  outcome: UnitOutcome;
  /** Each changed file's text before and after, and how many fixes changed it. */
  changes: Map<string, FileChange>;
  /** Files not fixed, with why: they (or the fixed text) do not parse, or are not valid UTF-8. */
  refused: Map<string, string>;
}

/**
 * Applies the fixes of one unit's findings on its files' texts in memory and re-lints, until no
 * fix applies or MAX_PASSES. A file that does not parse is never fixed, and a fix that would make a
 * file unparsable is dropped whole, so --fix never writes a broken file. Nor is a file that is not
 * valid UTF-8: it was read with U+FFFD in place of its bad bytes, and writing it would lose them.
 */
export function fixUnit(
  target: Target,
  first: UnitOutcome,
  rules: readonly Rule<any>[],
  settings: LintSettings,
  forced?: Dialect<any>,
): FixedUnit {
  const unfixable = new Map(first.diagnostics.filter(isSyntaxFinding).map((d) => [d.path, UNPARSABLE]));
  const originals = new Map<string, string>();
  const texts = new Map<string, string>();
  const fixCounts = new Map<string, number>();
  const host = overlayHost(fileHost(readRoot(target)), texts);
  /** A file's text as fixed so far; the first read of one that is not UTF-8 marks it unfixable. */
  const read = (p: string) => {
    if (!originals.has(p)) {
      if (p === target.file && target.text !== undefined) originals.set(p, target.text);
      else {
        const bytes = readFileSync(p);
        if (!isUtf8(bytes)) unfixable.set(p, NOT_UTF8);
        originals.set(p, bytes.toString('utf8'));
      }
    }
    return texts.get(p) ?? originals.get(p)!;
  };
  let outcome = first;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const paths = [...new Set(outcome.diagnostics.filter((d) => d.fix?.edits.length).map((d) => d.path))].filter(
      (p) => !unfixable.has(p),
    );
    let applied = false;
    for (const p of paths) {
      const text = read(p);
      if (unfixable.has(p)) continue;
      const result = applyFixes(text, fixesFor(p, outcome.diagnostics));
      if (!result.applied.length) continue;
      texts.set(p, result.text);
      fixCounts.set(p, (fixCounts.get(p) ?? 0) + result.applied.length);
      applied = true;
    }
    if (!applied) break;
    outcome = lintTarget({ ...target, text: read(target.file) }, rules, settings, forced, host);
  }
  const broken = [...texts.keys()].filter((p) => outcome.diagnostics.some((d) => d.path === p && isSyntaxFinding(d)));
  if (broken.length)
    return {
      outcome: first,
      changes: new Map(),
      refused: new Map([...unfixable, ...broken.map((p) => [p, UNPARSABLE] as const)]),
    };
  // A fix is safe only if it leaves no error that was not there: else the unit stays as it was.
  const worse = [...texts.keys()]
    .map((p) => [p, addedError(first, outcome, p)] as const)
    .filter(([, rule]) => rule !== undefined);
  if (worse.length) {
    return {
      outcome: first,
      changes: new Map(),
      refused: new Map([
        ...unfixable,
        ...worse.map(([p, rule]) => [p, `the fixes would add a ${rule} error`] as const),
      ]),
    };
  }
  const changes = new Map<string, FileChange>();
  for (const [p, after] of texts)
    if (after !== originals.get(p)) changes.set(p, { before: originals.get(p)!, after, fixes: fixCounts.get(p)! });
  const refused = new Map([...unfixable].filter(([p]) => first.diagnostics.some((d) => d.path === p && d.fix)));
  return { outcome, changes, refused };
}

export function writeChanges(changes: ReadonlyMap<string, { after: string }>): void {
  for (const [p, { after }] of changes) writeFileSync(p, after);
}

/** The changes as one unified diff (a/ and b/ prefixes, as git and patch -p1 read them). */
export function unifiedDiff(changes: ReadonlyMap<string, { before: string; after: string }>): string {
  return [...changes]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([p, { before, after }]) =>
      createTwoFilesPatch(`a/${p}`, `b/${p}`, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''),
    )
    .join('');
}

/** A rule with more errors in `p` after the fixes than before, if any. */
function addedError(before: UnitOutcome, after: UnitOutcome, p: string): string | undefined {
  const count = (o: UnitOutcome) => {
    const byRule = new Map<string, number>();
    for (const d of o.diagnostics)
      if (d.path === p && d.severity === 'error') byRule.set(d.rule, (byRule.get(d.rule) ?? 0) + 1);
    return byRule;
  };
  const was = count(before);
  for (const [rule, n] of count(after)) if (n > (was.get(rule) ?? 0)) return rule;
  return undefined;
}
