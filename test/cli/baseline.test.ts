import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';

const loopPack = readFileSync(new URL('../../fixtures/demo/research.pack.json', import.meta.url), 'utf8');

describe('--baseline', () => {
  const dir = tempFiles({ 'packs/support.promptpack.yaml': terminalAgentPack, 'packs/loop.pack.json': loopPack });
  const lint = async (args: string[], cwd = dir) => {
    const r = await orchlintInProcess(['--format', 'compact', ...args], { cwd });
    return { ...r, lines: r.stdout.trim().split('\n').filter(Boolean) };
  };

  it('--update-baseline records the current findings by rule, path and fingerprint', async () => {
    const r = await lint(['--baseline', 'ci/orchlint-baseline.json', '--update-baseline', 'packs']);
    expect(r).toMatchObject({
      code: 0,
      lines: ['orchlint: recorded 3 findings in ci/orchlint-baseline.json'],
      stderr: '',
    });
    const stored = JSON.parse(readFileSync(path.join(dir, 'ci/orchlint-baseline.json'), 'utf8'));
    expect(stored.version).toBe(1);
    expect(stored.findings.map((f: any) => [f.path, f.rule, f.line])).toEqual([
      ['../packs/loop.pack.json', 'promptpack/agent-cycle-without-exit', 18],
      ['../packs/loop.pack.json', 'promptpack/control-level', 18],
      ['../packs/support.promptpack.yaml', 'promptpack/control-agent-on-terminal', 19],
    ]);
    expect(stored.findings[0].fingerprint).toMatch(/^[0-9a-f]{16}:1$/);
  });

  it('hides recorded findings, also after lines move and from another folder', async () => {
    expect(await lint(['--baseline', 'ci/orchlint-baseline.json', 'packs'])).toMatchObject({ code: 0, lines: [] });
    writeFileSync(
      path.join(dir, 'packs/support.promptpack.yaml'),
      '# moved down\n\n' + terminalAgentPack.replace('id: support', 'id: support  # renamed?'),
    );
    expect(await lint(['--baseline', 'ci/orchlint-baseline.json', 'packs'])).toMatchObject({ code: 0, lines: [] });
    expect(await lint(['--baseline', '../ci/orchlint-baseline.json', '.'], path.join(dir, 'packs'))).toMatchObject({
      code: 0,
      lines: [],
    });
  });

  it('reports new findings, and stale entries at their place in the baseline file', async () => {
    writeFileSync(
      path.join(dir, 'packs/support.promptpack.yaml'),
      terminalAgentPack.replace('      control: agent\n', ''),
    );
    writeFileSync(path.join(dir, 'packs/new.promptpack.yaml'), terminalAgentPack);
    const r = await lint(['--baseline', 'ci/orchlint-baseline.json', '--strict', 'packs']);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      'ci/orchlint-baseline.json:19:5: warning baseline entry for promptpack/control-agent-on-terminal in ../packs/support.promptpack.yaml is stale: no finding matches it any more (fixed, or its code changed); run with --update-baseline to prune it [core/stale-baseline]',
      expect.stringMatching(/^packs\/new.promptpack.yaml:19:7: warning state 'done' is terminal/),
    ]);
  });

  it('needs the file unless it is being written', async () => {
    const r = await lint(['--baseline', 'missing.json', 'packs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('orchlint: no such baseline file: missing.json; create it with --update-baseline\n');
    writeFileSync(path.join(dir, 'bad.json'), '{"findings": 3}');
    expect((await lint(['--baseline', 'bad.json', 'packs'])).stderr).toMatch(/bad.json is not a orchlint baseline/);
  });

  it('says so, with exit code 2, when the baseline path cannot be read or written', async () => {
    mkdirSync(path.join(dir, 'a-folder'), { recursive: true });
    const read = await lint(['--baseline', 'a-folder', 'packs']);
    expect(read.code).toBe(2);
    expect(read.stderr).toMatch(/^orchlint: cannot read the baseline file a-folder: EISDIR/);
    const write = await lint(['--baseline', 'a-folder', '--update-baseline', 'packs']);
    expect(write.code).toBe(2);
    expect(write.stderr).toMatch(/^orchlint: cannot (read|write) the baseline file a-folder: EISDIR/);
  });
});
