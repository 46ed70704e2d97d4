import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { orchlintInProcess } from '../support/cli-in-process.js';

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
