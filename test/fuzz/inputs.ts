// What the generated tests of this folder read: the seed units (fixtures and corpus files), the
// mutations applied to them, in-memory linting, and the run budget.
//
// FUZZ_RUNS sets how many cases each property runs (small by default, so the whole folder stays
// well under 30 s; `pnpm fuzz` runs 5,000). A failure prints its seed and path: FUZZ_SEED and
// FUZZ_PATH replay it. Each one found becomes a fixture or a case of regressions.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { defaultSettings, lintUnit, memoryHost, Source, type Diagnostic, type UnitResult } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';
import { repoRoot, sharedDir } from '../support/paths.js';

/** fast-check's parameters for one property: `runs` cases unless FUZZ_RUNS says otherwise. */
export function budget(runs: number): { numRuns: number; seed?: number; path?: string; endOnFailure: true } {
  const env = process.env;
  return {
    numRuns: env.FUZZ_RUNS === undefined ? runs : Number(env.FUZZ_RUNS),
    ...(env.FUZZ_SEED === undefined ? {} : { seed: Number(env.FUZZ_SEED) }),
    ...(env.FUZZ_PATH === undefined ? {} : { path: env.FUZZ_PATH }),
    endOnFailure: true,
  };
}

export interface Unit {
  dialect: string;
  /** The unit's files, main first. */
  files: Record<string, string>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Single-file units of the fixtures and (when present) the shared corpus, and the fixtures' packets. */
export function seedUnits(): Unit[] {
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

export const mutation = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...TOKENS) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), with: fc.nat() }),
);
export type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

export function mutate(text: string, m: Mutation): string {
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

/** A unit of the seeds with one of its files mutated: its index, the file's index, the mutations. */
export function mutatedUnit(units: readonly Unit[]): fc.Arbitrary<Unit & { target: string }> {
  return fc
    .tuple(fc.nat(units.length - 1), fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 6 }))
    .map(([u, f, mutations]) => {
      const unit = units[u]!;
      const names = Object.keys(unit.files);
      const target = names[f % names.length]!;
      return {
        dialect: unit.dialect,
        target,
        files: { ...unit.files, [target]: mutations.reduce(mutate, unit.files[target]!) },
      };
    });
}

/** Lints a unit in memory with every rule, as every surface does. */
export function lintResult(unit: Unit): UnitResult {
  const dialect = dialectById(unit.dialect)!;
  const [main] = Object.keys(unit.files);
  return lintUnit(new Source(main!, unit.files[main!]!), dialect, rules, memoryHost(unit.files), defaultSettings);
}

export function lint(unit: Unit): Diagnostic[] {
  return lintResult(unit).diagnostics;
}

/** Findings that say a file does not parse. */
export const isSyntax = (d: Diagnostic) =>
  /^core\/(yaml|json)-syntax$/.test(d.rule) || d.rule === 'prompt-runner/front-matter-unparsed';
