import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '@orchlint/cli';
import { makeTempDir, removeDir, runCli, writeTree } from '../support/cli.js';
import { cleanPack, errorPack, warningPack } from '../support/packs.js';

/** The CLI's promises to a user at a terminal or in CI: what it prints, what it refuses, its exit codes. */
let dir: string;
let outside: string;
beforeAll(() => {
  dir = makeTempDir();
  outside = makeTempDir();
  // A tool name with an escape sequence that would turn the terminal red and clear the line.
  const hostileTool = 'lookup_\u001b[31m\u001b[2Korders\u0007';
  writeTree(dir, {
    'packs/escape.promptpack.yaml': errorPack.replace(
      'tools: [lookup_orders]',
      `tools: ["${hostileTool.replace(/\u001b/g, '\\e').replace(/\u0007/g, '\\a')}"]`,
    ),
    'packs/raw-escape.promptpack.yaml': errorPack.replace('tools: [lookup_orders]', `tools: [${hostileTool}]`),
    'packs/warnings.promptpack.yaml': warningPack,
    'packs/clean.promptpack.yaml': cleanPack,
    'empty/.keep': '',
    'docs/readme.md': '# Notes\n',
    'notes.txt.yaml': 'just: data\n',
  });
  writeTree(outside, { 'secret.pack.json': '{"secret": "SHOULD NOT BE PRINTED"}\n' });
  symlinkSync(path.join(outside, 'secret.pack.json'), path.join(dir, 'link.pack.json'));
});
afterAll(() => {
  removeDir(dir);
  removeDir(outside);
});

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('control characters from files never reach the terminal', () => {
  it.each(['stylish', 'compact', 'github'])('%s escapes them, code frame included', async (format) => {
    for (const file of ['packs/escape.promptpack.yaml', 'packs/raw-escape.promptpack.yaml']) {
      const result = await runCli(['--format', format, file], { cwd: dir });
      expect(result.code).toBe(1);
      if (file.includes('/escape')) expect(result.stdout).toContain('lookup_\\u001b[31m');
      expect(CONTROL.test(result.stdout.replace(/\r?\n/g, ''))).toBe(false);
    }
  });
});

describe('paths', () => {
  it('refuses a named symbolic link that points out of the lint root: one line, exit 2, nothing read', async () => {
    const result = await runCli(['link.pack.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('symbolic link');
    expect(result.stdout + result.stderr).not.toContain('SHOULD NOT BE PRINTED');
  });

  it('a named folder with nothing to lint is exit 2 with a message, unless --no-error-on-unmatched-pattern', async () => {
    for (const folder of ['empty', 'docs']) {
      const result = await runCli([folder], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`nothing to lint in ${folder}`);
      expect((await runCli(['--no-error-on-unmatched-pattern', folder], { cwd: dir })).code).toBe(0);
    }
  });

  it('a named file of no known format stays a warning (pre-commit passes files one by one)', async () => {
    const result = await runCli(['--format', 'json', 'notes.txt.yaml'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(
      JSON.parse(result.stdout).diagnostics.map((d: { rule: string; severity: string }) => `${d.rule}:${d.severity}`),
    ).toEqual(['core/unknown-format:warning']);
  });
});

describe('flags', () => {
  it('--output with an unknown format name is a usage error naming the formats, and writes nothing', async () => {
    const result = await runCli(['--output', 'sarf=x.sarif', 'packs/clean.promptpack.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown format 'sarf'");
    expect(result.stderr).toContain('sarif');
    expect(existsSync(path.join(dir, 'sarf=x.sarif'))).toBe(false);
  });

  it('--max-warnings and --strict say on stderr why they failed the run', async () => {
    const max = await runCli(['--max-warnings', '0', 'packs/warnings.promptpack.yaml'], { cwd: dir });
    expect(max.code).toBe(1);
    expect(max.stderr).toMatch(/1 warning fails the run: --max-warnings allows at most 0/);
    const strict = await runCli(['--strict', 'packs/warnings.promptpack.yaml'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('--strict counts warnings as errors');
    const clean = await runCli(['--strict', 'packs/clean.promptpack.yaml'], { cwd: dir });
    expect(clean).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('exit codes', () => {
  const finding = (rule: string, severity: 'error' | 'warning') =>
    ({ rule, severity }) as Parameters<typeof exitCodeFor>[0][number];

  it('is 3 whenever orchlint reports an internal error, and says where to report it', () => {
    const said: string[] = [];
    expect(
      exitCodeFor([finding('promptpack/tool-ref', 'error'), finding('core/internal-error', 'error')], {}, (s) =>
        said.push(s),
      ),
    ).toBe(3);
    expect(said.join('\n')).toMatch(/a bug; please report it at https:\/\/github\.com\/orchlint\/orchlint\/issues/);
    expect(exitCodeFor([finding('promptpack/tool-ref', 'error')], {})).toBe(1);
  });
});
