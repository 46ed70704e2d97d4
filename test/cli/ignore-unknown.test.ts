import { readFileSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenWorkflow, contentDetectedPack, tempFiles } from '../support/orchlint-bin.js';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { repoRoot } from '../support/paths.js';

// A packet whose workspace manifest sits above it: its finding needs a read outside the packet folder.
const packetCase = path.join(repoRoot, 'fixtures/prompt-runner/workspace-packet-repos/invalid-missing-docs');
const fromCase = (file: string) => readFileSync(path.join(packetCase, file), 'utf8');
const files: Record<string, string> = {
  'packs/support.json': contentDetectedPack,
  'flows/deploy.yaml': brokenWorkflow,
  'ops/workspace.yml': fromCase('workspace.yml'),
  'ops/packet/prompt_runner_packet.md': fromCase('packet/prompt_runner_packet.md'),
  'ops/packet/prompts/01_write.prompt.md': fromCase('packet/prompts/01_write.prompt.md'),
  'data.json': '{ "rows": [1, 2, 3] }\n',
  'package.json': '{ "name": "user-app", "version": "1.0.0" }\n',
  'README.md': '# User app\n',
  'config/settings.yaml': 'retries: 3\n',
  'blob.json': '\u0000\u0001binary',
};
const unknown = ['README.md', 'blob.json', 'config/settings.yaml', 'data.json', 'package.json'];
const everyFile = Object.keys(files).sort();

describe('--ignore-unknown: named files linted as a walk of the current folder lints them (pre-commit names every file)', () => {
  const dir = tempFiles(files, 'orchlint-ignore-unknown-');

  it('gives the same JSON report, byte for byte, and the same exit code as `orchlint .`', async () => {
    const walk = await orchlintInProcess(['--format', 'json', '.'], { cwd: dir });
    const named = await orchlintInProcess(['--format', 'json', '--ignore-unknown', ...everyFile], { cwd: dir });
    expect(named.stderr).toBe('');
    expect(named.stdout).toBe(walk.stdout);
    expect(named.code).toBe(walk.code);
    // The report holds what each known file gives, and nothing of the others.
    const report = JSON.parse(named.stdout);
    expect(new Set(report.diagnostics.map((d: { path: string; rule: string }) => `${d.path} ${d.rule}`))).toEqual(
      new Set([
        'packs/support.json promptpack/control-agent-on-terminal',
        'flows/deploy.yaml archon/unknown-dependency',
        'ops/packet/prompt_runner_packet.md prompt-runner/workspace-packet-repos',
      ]),
    );
    expect(report.files.map((f: { path: string }) => f.path).filter((p: string) => unknown.includes(p))).toEqual([]);
    expect(named.code).toBe(1);
  });

  it('skips only what is unknown: named without it, each of those files is a core/unknown-format warning', async () => {
    const loud = JSON.parse((await orchlintInProcess(['--format', 'json', ...everyFile], { cwd: dir })).stdout);
    const warned = loud.diagnostics
      .filter((d: { rule: string }) => d.rule === 'core/unknown-format')
      .map((d: { path: string }) => d.path);
    expect(warned.sort()).toEqual(unknown);
  });

  it('of files that are all unknown, lints none and exits 0 without a word', async () => {
    const result = await orchlintInProcess(['--ignore-unknown', ...unknown], { cwd: dir });
    expect(result).toEqual({ code: 0, stdout: '✔ no problems (0 files checked)\n', stderr: '' });
  });

  it('skips a named file too large to read that a walk would not read either (a video beside the workflows)', async () => {
    const big = tempFiles({ 'flows/deploy.yaml': brokenWorkflow, 'demo.mp4': '' }, 'orchlint-ignore-unknown-big-');
    // Sparse: over the size limit without writing it.
    truncateSync(path.join(big, 'demo.mp4'), 33 * 1024 * 1024);
    const walk = await orchlintInProcess(['--format', 'json', '.'], { cwd: big });
    const named = await orchlintInProcess(['--format', 'json', '--ignore-unknown', 'demo.mp4', 'flows/deploy.yaml'], {
      cwd: big,
    });
    expect(named.stdout).toBe(walk.stdout);
    expect(JSON.parse(named.stdout).diagnostics.map((d: { rule: string }) => d.rule)).not.toContain(
      'core/unknown-format',
    );
  });

  it('still refuses a named path that does not exist (exit 2)', async () => {
    const result = await orchlintInProcess(['--ignore-unknown', 'missing.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no such file or directory: missing\.json/);
  });
});
