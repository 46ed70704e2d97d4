import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, defineRule } from '@orchlint/core';
import { fixUnit, lintTargets, main } from '@orchlint/cli';
import { rules } from '@orchlint/rules';
import { makeTempDir, removeDir } from '../support/cli.js';
import { cleanPack } from '../support/packs.js';
import { repoRoot } from '../support/paths.js';

const toRel = (p: string) => path.relative(process.cwd(), p);

/**
 * --fix on every invalid fixture of every fixable rule (among them fixtures that hold two fixable
 * findings in one state, and fixes next to duplicate keys): the fixed file parses, holds no error
 * it did not hold, and the rule's own finding is gone.
 */
interface Finding {
  path: string;
  rule: string;
  severity: string;
  fix?: { title: string };
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), color: false });
  return { code, stdout, stderr };
}
const findings = async (target: string) =>
  (JSON.parse((await run(['--format', 'json', target])).stdout) as { diagnostics: Finding[] }).diagnostics;
const errorCounts = (found: Finding[]) => {
  const out = new Map<string, number>();
  for (const d of found)
    if (d.severity === 'error') out.set(`${d.path} ${d.rule}`, (out.get(`${d.path} ${d.rule}`) ?? 0) + 1);
  return out;
};

const cases = rules
  .filter((r) => r.fixable)
  .flatMap((r) => {
    const dir = path.join(repoRoot, 'fixtures', r.id);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.startsWith('invalid-') && !/\.(expect|settings)\.json$|\.output\.txt$/.test(f))
      .map((f) => [r.id, f] as const);
  });

let work: string;
beforeAll(() => {
  work = makeTempDir();
});
afterAll(() => removeDir(work));

describe('--fix is safe by construction', () => {
  it('covers every fixable rule, and fixtures that combine two fixable findings', () => {
    const fixable = rules.filter((r) => r.fixable).map((r) => r.id);
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(fixable));
    expect(cases.map(([, f]) => f)).toEqual(
      expect.arrayContaining([
        'invalid-with-control-agent.yaml',
        'invalid-flow-with-control-agent.yaml',
        'invalid-with-control-agent.pack.json',
        'invalid-next-to-duplicate-key.yaml',
      ]),
    );
  });

  it.each(cases)('%s %s: parses after, no new error, no fixable finding left', async (id, fixture) => {
    const target = path.join(work, id.replace('/', '-'), fixture);
    cpSync(path.join(repoRoot, 'fixtures', id, fixture), target, { recursive: true });
    const before = await findings(target);
    expect(before.some((d) => d.rule === id)).toBe(true);
    const fixed = await run(['--fix', target]);
    // Nothing refused: standard error holds --fix's summary alone.
    expect(fixed.stderr).toMatch(/^orchlint: (fixed \d+ findings? in [^\n]+|--fix changed no file [^\n]+)\n$/);
    const after = await findings(target);
    expect(after.filter((d) => /^core\/(yaml|json)-syntax$/.test(d.rule))).toEqual([]);
    const was = errorCounts(before);
    for (const [key, n] of errorCounts(after)) expect(`${key}: ${n}`).toBe(`${key}: ${Math.min(n, was.get(key) ?? 0)}`);
    expect(after.filter((d) => d.rule === id && d.fix)).toEqual([]);
    if (before.some((d) => d.rule === id && d.fix))
      expect(after.filter((d) => d.rule === id).length).toBeLessThan(before.filter((d) => d.rule === id).length);
    // A second --fix finds nothing more to do: the passes reached a fixed point.
    const files = (p: string): string[] =>
      statSync(p).isDirectory() ? readdirSync(p).flatMap((f) => files(path.join(p, f))) : [p];
    const texts = files(target).map((f) => readFileSync(f, 'utf8'));
    await run(['--fix', target]);
    expect(files(target).map((f) => readFileSync(f, 'utf8'))).toEqual(texts);
  });
});

describe('a fix that would add an error', () => {
  it('is not applied: the unit stays as it was, and says why', () => {
    const file = path.join(work, 'adds-error.promptpack.yaml');
    writeFileSync(file, cleanPack);
    // A rule whose fix duplicates the pack's first key: it parses, but adds a core/duplicate-key error.
    const careless = defineRule<unknown>({
      id: 'promptpack/careless-fix',
      dialect: 'promptpack',
      severity: 'warning',
      clause: 'misbehaves',
      basis: 'test',
      summary: 'a fix that breaks the pack',
      fixable: true,
      check(_model, report, { source }) {
        if (source.text.startsWith('id: x\n')) return;
        report({
          at: { start: 0, end: 0 },
          message: 'careless',
          fix: { title: 'break it', edits: [{ at: { start: 0, end: 0 }, newText: 'id: x\n' }] },
        });
      },
    });
    const all = [...rules, careless];
    const target = { file: toRel(file), explicit: true, root: path.dirname(toRel(file)) };
    const run = lintTargets([target], all, defaultSettings);
    const fixed = fixUnit(
      target,
      { file: target.file, files: run.files, diagnostics: run.diagnostics },
      all,
      defaultSettings,
    );
    expect(fixed.changes.size).toBe(0);
    expect([...fixed.refused.values()]).toEqual(['the fixes would add a core/duplicate-key error']);
  });
});
