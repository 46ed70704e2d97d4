import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles } from '../support/orchlint-bin.js';

/** The project the stub-fixture rule's valid case holds: groups, packages, commands, scripts, fixtures, cross-package includes. */
const projectFixture = path.join(repoRoot, 'fixtures/archon/stub-fixture/valid-project');

interface Finding {
  file: string;
  rule: string;
  line: number;
  message: string;
  related: string[];
}

/** Findings with every path made absolute, so runs from different folders compare. */
async function findings(args: string[], cwd: string): Promise<Finding[]> {
  const r = await orchlintInProcess(['lint', '--format', 'json', ...args], { cwd });
  expect(r.stderr).toBe('');
  const report = JSON.parse(r.stdout) as {
    diagnostics: Array<{
      path: string;
      rule: string;
      message: string;
      range: { start: { line: number } };
      related?: Array<{ path: string; range: { start: { line: number } } }>;
    }>;
  };
  return report.diagnostics
    .map((d) => ({
      file: path.resolve(cwd, d.path),
      rule: d.rule,
      line: d.range.start.line + 1,
      message: d.message,
      related: (d.related ?? []).map((x) => `${path.resolve(cwd, x.path)}:${x.range.start.line + 1}`),
    }))
    .sort((a, b) => `${a.file}:${a.line}:${a.rule}`.localeCompare(`${b.file}:${b.line}:${b.rule}`));
}

/** The same project linted from its root, from inside .archon/workflows with `.`, file by file by name, and by absolute path. */
async function fromEverywhere(root: string, files: string[]) {
  const workflows = path.join(root, '.archon/workflows');
  const whole = await findings(['.'], root);
  const inside = await findings(['.'], workflows);
  const one = (file: string) => whole.filter((f) => f.file === path.join(workflows, file));
  const named = [];
  for (const f of files) {
    named.push({
      file: f,
      byName: await findings([f], workflows),
      byAbsolute: await findings([path.join(workflows, f)], os.tmpdir()),
    });
  }
  return { whole, inside, one, named };
}

const temp: string[] = [];
afterAll(() => {
  for (const t of temp) rmSync(t, { recursive: true, force: true });
});

describe('an Archon project linted from any working directory', () => {
  // A flat file, a group's file, a packaged workflow that includes another package, a stub fixture.
  const files = [
    'triage.yaml',
    'team/nightly.yaml',
    'ops/release/release.yaml',
    'sdlc/deliver/fixtures/clean.stubs.yaml',
  ];

  it('a project of groups, packages, commands, scripts, fixtures and cross-package includes has no finding, wherever it is linted from', async () => {
    const { whole, inside, named } = await fromEverywhere(projectFixture, files);
    expect(whole).toEqual([]);
    expect(inside).toEqual([]);
    for (const n of named) {
      expect(n.byName, n.file).toEqual([]);
      expect(n.byAbsolute, n.file).toEqual([]);
    }
  }, 300_000);

  it('finds the same clashes, includes and stub problems from the root, from inside .archon/workflows, by file name and by absolute path', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'orchlint-archon-project-'));
    temp.push(root);
    cpSync(projectFixture, root, { recursive: true });
    const w = path.join(root, '.archon/workflows');
    // A second workflow named like a packaged one, an include of a missing block, and a misspelt stub id.
    writeFileSync(
      path.join(w, 'team/release.yaml'),
      'name: ops-release\ndescription: A copy left with its name.\nnodes:\n  - id: tag\n    bash: git tag v1\n',
    );
    writeFileSync(
      path.join(w, 'team/nightly.yaml'),
      'name: team-nightly\ndescription: Nightly.\nnodes:\n  - id: review\n    include: reviw-block\n',
    );
    writeFileSync(
      path.join(w, 'sdlc/deliver/fixtures/clean.stubs.yaml'),
      'implemnt: done\nreview__critique:\n  verdict: approve\n',
    );
    const { whole, inside, one, named } = await fromEverywhere(root, [...files, 'team/release.yaml']);
    expect(whole.map((f) => f.rule).sort()).toEqual([
      'archon/duplicate-workflow-name',
      'archon/duplicate-workflow-name',
      'archon/include-target',
      'archon/stub-fixture',
    ]);
    expect(inside).toEqual(whole);
    for (const n of named) {
      expect(n.byName, n.file).toEqual(one(n.file));
      expect(n.byAbsolute, n.file).toEqual(one(n.file));
    }
  }, 300_000);
});

describe('a name many workflows share', () => {
  it('names the first few files in each message and points at every one from the first file alone, so the report grows linearly', async () => {
    const n = 12;
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++)
      files[`.archon/workflows/wf-${String(i).padStart(2, '0')}.yaml`] =
        `name: shared\ndescription: Copy ${i}.\nnodes:\n  - id: run\n    bash: echo ${i}\n`;
    const root = tempFiles(files);
    temp.push(root);
    const found = (await findings(['.'], root)).filter((f) => f.rule === 'archon/duplicate-workflow-name');
    expect(found).toHaveLength(n);
    const [first, second] = found;
    expect(first!.message).toContain(
      "'shared' is also declared in .archon/workflows/wf-01.yaml, .archon/workflows/wf-02.yaml, .archon/workflows/wf-03.yaml and 8 more;",
    );
    expect(first!.related).toHaveLength(n - 1);
    expect(second!.message).toContain(
      "'shared' is also declared in .archon/workflows/wf-00.yaml, .archon/workflows/wf-02.yaml, .archon/workflows/wf-03.yaml and 8 more;",
    );
    expect(second!.related.map((r) => r.replace(/:\d+$/, ''))).toEqual(
      ['wf-00', 'wf-02', 'wf-03'].map((f) => path.join(root, `.archon/workflows/${f}.yaml`)),
    );
    // n - 1 from the first file, three from each other one: linear in n.
    expect(found.reduce((sum, f) => sum + f.related.length, 0)).toBe(n - 1 + 3 * (n - 1));
  });
});
