// Every rule's fix, alone, on every fixture and on mutated fixtures and corpus files: the fixed file
// still parses (when it did), is still of the same dialect, and the unit's findings are only
// removed, never added (per rule, the count never grows, and the fixed finding's rule loses one).
// A fix that breaks a file would be refused by --fix (packages/cli/src/fix.ts), but it is still a
// broken fix: the editor's quick fix and the MCP server's apply the same edits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFixes, type Diagnostic } from '@orchlint/core';
import { dialectById } from '@orchlint/rules';
import { budget, isSyntax, lintResult, mutatedUnit, seedUnits, type Unit } from './inputs.js';

/**
 * Fixes that make the runtime read text it did not read before: Prompt Runner ignores a front matter
 * behind a byte order mark or CRLF line endings, and the fix lets it in, with whatever the packet's
 * rules then find in it (a target no repo defines). For these, the text let in must parse cleanly
 * (the rule offers no fix otherwise), and only the engine's own findings may not grow.
 */
const EXPOSING = new Set(['prompt-runner/front-matter-line-endings']);

const units = seedUnits();
/** The seeds with a fix to offer: mutations of these are where fixes meet odd text. */
const fixable = units.filter((unit) => lintResult(unit).diagnostics.some((d) => d.fix?.edits.length));

function countByRule(diagnostics: readonly Diagnostic[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of diagnostics) out.set(d.rule, (out.get(d.rule) ?? 0) + 1);
  return out;
}

/** What is wrong with applying `finding`'s fix alone to `unit`, or undefined when nothing is. */
function fixProblem(unit: Unit, before: readonly Diagnostic[], finding: Diagnostic): string | undefined {
  const text = unit.files[finding.path];
  if (text === undefined) return undefined;
  // A file that does not parse, or holds a key twice (which of the two a rule reads is a guess), is
  // no ground to judge a fix on: --fix leaves the first alone, and the second may well need two.
  if (before.some((d) => d.path === finding.path && (isSyntax(d) || d.rule === 'core/duplicate-key'))) return undefined;
  const fixed = applyFixes(text, [finding.fix!]);
  if (!fixed.applied.length) return `the fix of ${finding.rule} does not apply (its edits overlap or leave the text)`;
  const after = { ...unit, files: { ...unit.files, [finding.path]: fixed.text } };
  const result = lintResult(after);
  const broken = result.diagnostics.filter((d) => d.path === finding.path && isSyntax(d));
  if (broken.length) return `the fix of ${finding.rule} leaves a file that does not parse: ${broken[0]!.message}`;
  const dialect = dialectById(unit.dialect)!;
  if (dialect.detect(finding.path, fixed.text) !== dialect.detect(finding.path, text))
    return `the fix of ${finding.rule} changes how the file is detected`;
  const was = countByRule(before);
  const now = countByRule(result.diagnostics);
  for (const [rule, n] of now)
    if (n > (was.get(rule) ?? 0) && (!EXPOSING.has(finding.rule) || rule.startsWith('core/')))
      return `the fix of ${finding.rule} adds a ${rule} finding (${was.get(rule) ?? 0} → ${n})`;
  if ((now.get(finding.rule) ?? 0) >= was.get(finding.rule)!) return `the fix of ${finding.rule} does not remove it`;
  return undefined;
}

function checkFixes(unit: Unit): void {
  const before = lintResult(unit).diagnostics;
  for (const finding of before) {
    if (!finding.fix?.edits.length) continue;
    const problem = fixProblem(unit, before, finding);
    expect(problem, `${problem} in ${finding.path}: ${JSON.stringify(unit.files[finding.path])}`).toBeUndefined();
  }
}

describe('every fix', () => {
  it('on every fixture and corpus file as it is', () => {
    expect(fixable.length).toBeGreaterThanOrEqual(15);
    for (const unit of fixable) checkFixes(unit);
  }, 120_000);

  it('on mutated fixtures and corpus files', () => {
    fc.assert(
      fc.property(mutatedUnit(fixable), (unit) => checkFixes(unit)),
      budget(150),
    );
  }, 600_000);
});
