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
