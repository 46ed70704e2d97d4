import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixUnit, lintTargets } from '@orchlint/cli';
import { defaultSettings, lintUnit, memoryHost, Source, type Diagnostic } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';
import { prototypeSnapshot } from '../support/hostile.js';
import { repoRoot, sharedDir } from '../support/paths.js';

/**
 * Property-based fuzzing of the engine: fixtures and corpus files, mutated (hostile names, brackets,
 * quotes, anchors and aliases, control characters, cut and doubled lines), must lint without an
 * exception or core/internal-error, with every range inside its file, the same findings twice, no
 * built-in prototype changed, and fixes that leave a parseable file parseable.
 *
 * CI runs ORCHLINT_FUZZ_RUNS cases (default 150); `pnpm fuzz` runs many more. A failure prints its
 * seed and path, and the mutated file: ORCHLINT_FUZZ_SEED and ORCHLINT_FUZZ_PATH replay it. Each
 * one found becomes a case of regressions.test.ts beside this file.
 */
const RUNS = Number(process.env.ORCHLINT_FUZZ_RUNS ?? 150);
const SEED = process.env.ORCHLINT_FUZZ_SEED === undefined ? undefined : Number(process.env.ORCHLINT_FUZZ_SEED);
const PATH = process.env.ORCHLINT_FUZZ_PATH;

interface Unit {
  dialect: string;
  /** The unit's files, main first; one of them is mutated. */
  files: Record<string, string>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Single-file units of the fixtures and (when present) the shared corpus, and the fixtures' packets. */
function seedUnits(): Unit[] {
  const units: Unit[] = [];
  for (const dialect of ['promptpack', 'archon']) {
    for (const file of filesUnder(path.join(repoRoot, 'fixtures', dialect))) {
      if (!/\.(ya?ml|json)$/.test(file) || /\.(expect|settings)\.json$/.test(file)) continue;
      const name = dialect === 'archon' ? `.archon/workflows/${path.basename(file)}` : path.basename(file);
      units.push({ dialect, files: { [name]: readFileSync(file, 'utf8') } });
    }
  }
  const packets = filesUnder(path.join(repoRoot, 'fixtures', 'prompt-runner')).filter((f) =>
    f.endsWith('prompt_runner_packet.md'),
  );
  for (const manifest of packets) {
    const dir = path.dirname(manifest);
    const files: Record<string, string> = {};
    for (const f of filesUnder(dir)) files[path.relative(dir, f).split(path.sep).join('/')] = readFileSync(f, 'utf8');
    const main = 'prompt_runner_packet.md';
    units.push({ dialect: 'prompt-runner', files: { [main]: files[main]!, ...files } });
  }
  const corpus = path.join(sharedDir, 'corpus');
  if (existsSync(corpus)) {
    const byDialect: Array<[string, RegExp]> = [
      ['promptpack', /\.(pack\.json|promptpack\.ya?ml)$/],
      ['archon', /[\\/]\.archon[\\/]workflows[\\/][^\\/]+\.ya?ml$/],
    ];
    for (const file of filesUnder(corpus)) {
      const match = byDialect.find(([, re]) => re.test(file));
      if (!match || statSync(file).size > 200_000) continue;
      const name = match[0] === 'archon' ? `.archon/workflows/${path.basename(file)}` : path.basename(file);
      units.push({ dialect: match[0], files: { [name]: readFileSync(file, 'utf8') } });
    }
  }
  return units;
}

const units = seedUnits();

/** Text that breaks parsers and models: Object.prototype names, structure, aliases, control characters. */
const TOKENS = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
  '"__proto__": 1,',
  '__proto__: {a: 1}\n',
  'constructor:\n  - x\n',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  "'",
  '- ',
  '? ',
  '\n',
  '\n  ',
  '\t',
  '#',
  '// c\n',
  '/* c */',
  '---\n',
  '...\n',
  '&a ',
  '*a',
  '&a [*a]',
  '<<: *a\n',
  '!!binary ',
  '!tag ',
  '|\n',
  '>-\n',
  'NaN',
  '1e999',
  '-0',
  '0x1F',
  '~',
  'null',
  'true',
  '\u0000',
  '\u001b[31m',
  '\u202e',
  '\uFEFF',
  '\r',
  '\r\n',
  '\uD800',
  '💥',
  '$',
  '$a.output',
  '{{x}}',
  '[[[[[[[[',
  '{a: {b: {c: [',
];

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...TOKENS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), with: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, m: Mutation): string {
  const at = text.length ? m.at % (text.length + 1) : 0;
  switch (m.kind) {
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'duplicate-line': {
      const lines = text.split('\n');
      const i = m.at % lines.length;
      lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 'swap-lines': {
      const lines = text.split('\n');
      const i = m.at % lines.length;
      const j = m.with % lines.length;
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      return lines.join('\n');
    }
  }
}

function lint(unit: Unit): Diagnostic[] {
  const dialect = dialectById(unit.dialect)!;
  const [main] = Object.keys(unit.files);
  return lintUnit(new Source(main!, unit.files[main!]!), dialect, rules, memoryHost(unit.files), defaultSettings)
    .diagnostics;
}

const isSyntax = (d: Diagnostic) =>
  /^core\/(yaml|json)-syntax$/.test(d.rule) || d.rule === 'prompt-runner/front-matter-unparsed';

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

  it(`mutated fixtures and corpus files keep the engine's invariants (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(
        fc.nat(units.length - 1),
        fc.nat(),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (u, f, mutations) => {
          const unit = units[u]!;
          const names = Object.keys(unit.files);
          const target = names[f % names.length]!;
          const files = { ...unit.files, [target]: mutations.reduce(mutate, unit.files[target]!) };
          try {
            check({ dialect: unit.dialect, files });
          } catch (error) {
            throw new Error(
              `${(error as Error).message}\nin ${target} (${unit.dialect}): ${JSON.stringify(files[target])}`,
            );
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: true },
    );
  }, 600_000);
});
