import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixUnit, lintTargets } from '@orchlint/cli';
import { defaultSettings, Source } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';
import { prototypeSnapshot } from '../support/hostile.js';
import { budget, isSyntax, lint, mutatedUnit, seedUnits, type Unit } from './inputs.js';

/**
 * Property-based fuzzing of the engine: fixtures and corpus files, mutated (hostile names, brackets,
 * quotes, anchors and aliases, control characters, cut and doubled lines), must lint without an
 * exception or core/internal-error, with every range inside its file, the same findings twice, no
 * built-in prototype changed, and fixes that leave a parseable file parseable. FUZZ_RUNS, FUZZ_SEED
 * and FUZZ_PATH: see inputs.ts.
 */
const units = seedUnits();

/**
 * What --fix would write for the unit: its files on disk in a fresh folder, fixed by the CLI's own
 * fixUnit (passes of non-overlapping fixes, refusing any that break a file or add an error).
 */
function fixedFiles(unit: Unit): Unit {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-fuzz-'));
  try {
    for (const [rel, text] of Object.entries(unit.files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    const [main] = Object.keys(unit.files);
    const target = { file: path.join(dir, main!), explicit: true, root: dir };
    const dialect = dialectById(unit.dialect)!;
    const run = lintTargets([target], rules, defaultSettings, dialect);
    const fixed = fixUnit(
      target,
      { file: target.file, files: run.files, diagnostics: run.diagnostics },
      rules,
      defaultSettings,
      dialect,
    );
    const files = { ...unit.files };
    for (const [p, { after }] of fixed.changes) files[path.relative(dir, p).split(path.sep).join('/')] = after;
    return { ...unit, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function check(unit: Unit): void {
  const before = prototypeSnapshot();
  const found = lint(unit);
  expect(found.filter((d) => d.rule === 'core/internal-error').map((d) => d.message)).toEqual([]);
  for (const d of found) {
    const text = unit.files[d.path];
    if (text === undefined) continue;
    expect(d.span.start, `${d.rule} starts in the file`).toBeGreaterThanOrEqual(0);
    expect(d.span.end, `${d.rule} ends in the file`).toBeLessThanOrEqual(text.length);
    expect(d.span.start).toBeLessThanOrEqual(d.span.end);
    const source = new Source(d.path, text);
    expect(d.range.start.line).toBeLessThan(source.lineCount);
    expect(d.range.end.line).toBeLessThan(source.lineCount);
  }
  expect(JSON.stringify(lint(unit)), 'the same findings twice').toBe(JSON.stringify(found));
  if (found.some((d) => d.fix) && !found.some(isSyntax)) {
    const after = lint(fixedFiles(unit));
    expect(
      after.filter(isSyntax).map((d) => `${d.path}: ${d.message}`),
      'the fixed unit parses',
    ).toEqual([]);
    expect(after.filter((d) => d.rule === 'core/internal-error')).toEqual([]);
  }
  expect(prototypeSnapshot()).toEqual(before);
}

describe('fuzz', () => {
  it('has seeds of every dialect', () => {
    expect(new Set(units.map((u) => u.dialect))).toEqual(new Set(['promptpack', 'archon', 'prompt-runner']));
  });

  it("mutated fixtures and corpus files keep the engine's invariants", () => {
    fc.assert(
      fc.property(mutatedUnit(units), (unit) => {
        try {
          check(unit);
        } catch (error) {
          throw new Error(
            `${(error as Error).message}\nin ${unit.target} (${unit.dialect}): ${JSON.stringify(unit.files[unit.target])}`,
          );
        }
      }),
      budget(100),
    );
  }, 600_000);
});
