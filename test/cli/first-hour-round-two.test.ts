import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir } from '../support/cli.js';
import { orchlint, tempFiles } from '../support/orchlint-bin.js';
import { cliBin } from '../support/paths.js';

/** What a new user hit in the first hour, round two (issue 22): each item as the user met it. */

const made: string[] = [];
const folder = (files: Record<string, string>) => {
  const dir = tempFiles(files);
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach(removeDir));

interface JsonReport {
  files: Array<{ path: string; dialect: string }>;
  diagnostics: Array<{
    path: string;
    rule: string;
    severity: string;
    message: string;
    range: { start: { line: number; column: number } };
  }>;
}
const json = (stdout: string) => JSON.parse(stdout) as JsonReport;

describe('1. a YAML pack named x.pack.yaml is a pack', () => {
  // A pack without 'prompts' (and so without its required keys): a schema error, as its JSON twin gets.
  const unfinished = 'id: support\nname: Support\nversion: 1.0.0\n';

  it('named, walked and passed by the pre-commit hook alike, with its promptpack/schema error', () => {
    const dir = folder({ 'support.pack.yaml': unfinished, 'b.pack.yml': unfinished, 'twin.pack.json': '{"id": "x"}' });
    for (const args of [
      ['support.pack.yaml', 'b.pack.yml'],
      ['.'],
      ['--ignore-unknown', 'support.pack.yaml', 'b.pack.yml'],
    ]) {
      const r = orchlint(['--format', 'json', ...args], { cwd: dir });
      expect(r.code, args.join(' ')).toBe(1);
      const report = json(r.stdout);
      expect(report.files).toEqual(
        expect.arrayContaining([
          { path: 'support.pack.yaml', dialect: 'promptpack' },
          { path: 'b.pack.yml', dialect: 'promptpack' },
        ]),
      );
      for (const file of ['support.pack.yaml', 'b.pack.yml'])
        expect(
          report.diagnostics.filter((d) => d.path === file).map((d) => d.rule),
          file,
        ).toContain('promptpack/schema');
    }
  });

  it('a list and an empty file named like a pack get the dialect’s findings, each at its place', () => {
    const dir = folder({
      'l.pack.yaml': '# packs\n- a\n- b\n',
      'e.pack.yaml': '',
      's.pack.yml': '# comment\njust text\n',
    });
    const r = json(orchlint(['--format', 'json', '.'], { cwd: dir }).stdout);
    expect(r.diagnostics.map((d) => [d.path, d.rule, d.range.start.line, d.range.start.column])).toEqual([
      ['e.pack.yaml', 'promptpack/empty-file', 1, 1],
      ['l.pack.yaml', 'promptpack/not-a-mapping', 2, 1],
      ['s.pack.yml', 'promptpack/not-a-mapping', 2, 1],
    ]);
  });
});

describe('3. orchlint mcp ends cleanly when its client closes standard input', () => {
  const mcp = (input: string) =>
    spawnSync(process.execPath, [cliBin, 'mcp'], { cwd: folder({}), input, encoding: 'utf8', timeout: 20_000 });

  it('exit 0 with nothing read', () => {
    const r = mcp('');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('answers what was asked before the end of input, then exits 0', () => {
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_rules', arguments: {} } },
    ];
    const r = mcp(requests.map((m) => JSON.stringify(m) + '\n').join(''));
    expect(r.status).toBe(0);
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; result?: unknown });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result).toBeDefined();
  });
});

describe('4. a stub file misplaced in .archon/workflows/fixtures/ is checked against no workflow', () => {
  const project = () =>
    folder({
      '.archon/workflows/review-pr.yaml': 'name: review-pr\ndescription: d\nnodes:\n  - id: review\n    prompt: hi\n',
      '.archon/workflows/fixtures/release.stubs.yaml': 'bump: v1\ntest: ok\ntag: v1\nnotes: ok\n',
      '.archon/workflows/ops/ops-deploy.yaml':
        'name: ops-deploy\ndescription: d\nnodes:\n  - id: ship\n    bash: ./ship.sh\n',
      '.archon/workflows/ops/fixtures/deploy.stubs.yaml': 'build: ok\n',
    });

  it('archon/stub-fixture-placement only, not one node-id error per key against an unrelated workflow', () => {
    const r = orchlint(['--format', 'json', '.'], { cwd: project() });
    const report = JSON.parse(r.stdout) as { diagnostics: Array<{ path: string; rule: string }> };
    const stubs = report.diagnostics.filter((d) => d.path.includes('/fixtures/'));
    expect(stubs.map((d) => `${d.path} ${d.rule}`)).toEqual([
      '.archon/workflows/fixtures/release.stubs.yaml archon/stub-fixture-placement',
      '.archon/workflows/ops/fixtures/deploy.stubs.yaml archon/stub-fixture-placement',
    ]);
  });

  it('orchlint trace on it says where it belongs instead of running it on those workflows', () => {
    const r = orchlint(['trace', '.archon/workflows/fixtures/release.stubs.yaml'], { cwd: project() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('move it to <group>/<workflow>/fixtures/');
  });
});
