import type { Diagnostic, Fix, TextEdit } from './diagnostic.js';

export interface FixOutcome {
  text: string;
  /** The fixes applied, in text order. */
  applied: Fix[];
  /** Fixes left out because they overlap one applied before them (the next pass may take them). */
  deferred: Fix[];
}

/**
 * Applies fixes to one file's text as edits on its original offsets, so comments, quoting and
 * layout outside the edits stay byte for byte. A fix is all or nothing: one whose edits overlap an
 * applied fix's waits for the next pass, as ESLint does.
 */
export function applyFixes(text: string, fixes: readonly Fix[]): FixOutcome {
  const ordered = [...fixes].sort((a, b) => firstStart(a) - firstStart(b));
  const taken: TextEdit[] = [];
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  for (const fix of ordered) {
    const edits = [...fix.edits].sort((a, b) => a.span.start - b.span.start);
    const valid = edits.every(
      (e, i) =>
        e.span.start <= e.span.end && e.span.end <= text.length && (i === 0 || edits[i - 1]!.span.end <= e.span.start),
    );
    if (!valid || edits.some((e) => taken.some((t) => overlaps(e, t)))) {
      deferred.push(fix);
      continue;
    }
    taken.push(...edits);
    applied.push(fix);
  }
  taken.sort((a, b) => b.span.start - a.span.start);
  let out = text;
  for (const e of taken) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return { text: out, applied, deferred };
}

/** The fixes the findings in one file carry. */
export function fixesFor(path: string, diagnostics: readonly Diagnostic[]): Fix[] {
  return diagnostics.filter((d) => d.path === path && d.fix && d.fix.edits.length).map((d) => d.fix!);
}

function firstStart(fix: Fix): number {
  return Math.min(...fix.edits.map((e) => e.span.start));
}

/** Two edits collide when their spans intersect, or both insert at the same point (order would be a guess). */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  if (a.span.start === b.span.start) return true;
  return a.span.start < b.span.end && b.span.start < a.span.end;
}
