// The size policy as a user meets it: --max-file-size, the config's maxFileSize, and the one
// core/file-too-large finding for a file over the limit (its bytes are not even read).
import { truncateSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempFiles } from '../support/orchlint-bin.js';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { removeDir } from '../support/cli.js';

const PACK =
  'id: x\nname: X\nversion: 1.0.0\ntemplate_engine: { version: v1, syntax: "{{v}}" }\nprompts: {}\n' +
  'workflow:\n  version: 1\n  entry: start\n  states:\n    start:\n      prompt_task: p\n      terminal: true\n      control: agent\n';

type Finding = { path: string; rule: string; severity: string; message: string };
const findings = (stdout: string): Finding[] => JSON.parse(stdout).diagnostics;

describe('--max-file-size and maxFileSize', () => {
  const dir = tempFiles({
    'packs/x.promptpack.yaml': PACK,
    'small/orchlint.config.yaml': 'maxFileSize: 100B\n',
    'small/x.promptpack.yaml': PACK,
    'bad/orchlint.config.yaml': 'maxFileSize: 0MB\n',
    'bad/x.promptpack.yaml': PACK,
    'huge/big.promptpack.yaml': '',
  });
  // Sparse: 20 GB on the size the file system reports, not on disk; the limit refuses it before a byte is read.
  truncateSync(path.join(dir, 'huge/big.promptpack.yaml'), 20e9);
  afterAll(() => removeDir(dir));

  it('a file over the flag gets one core/file-too-large error (size, limit, the flag to raise it), exit 1', async () => {
    const result = await orchlintInProcess(['--format', 'json', '--max-file-size', '200B', 'packs/x.promptpack.yaml'], {
      cwd: dir,
    });
    expect(result.code).toBe(1);
    expect(findings(result.stdout)).toEqual([
      expect.objectContaining({ path: 'packs/x.promptpack.yaml', rule: 'core/file-too-large', severity: 'error' }),
    ]);
    const message = findings(result.stdout)[0]!.message;
    expect(message).toContain(`the file is ${PACK.length} bytes, over the 200 bytes orchlint parses`);
    expect(message).toContain('--max-file-size 1MB');
  });

  it('raised, the same file is linted as usual', async () => {
    const result = await orchlintInProcess(['--format', 'json', '--max-file-size', '1KB', 'packs/x.promptpack.yaml'], {
      cwd: dir,
    });
    const rules = findings(result.stdout).map((f) => f.rule);
    expect(rules).toContain('promptpack/control-agent-on-terminal');
    expect(rules).not.toContain('core/file-too-large');
  });

  it('a 20 GB file at the default limit: one finding, at once, without reading it', async () => {
    const result = await orchlintInProcess(['--format', 'json', 'huge'], { cwd: dir });
    expect(findings(result.stdout).map((f) => [f.path, f.rule])).toEqual([
      ['huge/big.promptpack.yaml', 'core/file-too-large'],
    ]);
    expect(findings(result.stdout)[0]!.message).toContain('the file is 20 GB, over the 8 MB orchlint parses');
    expect(JSON.parse(result.stdout).files).toEqual([{ path: 'huge/big.promptpack.yaml', dialect: 'promptpack' }]);
  });

  it('a big file of no format orchlint lints (its head says so) is skipped by a walk, and only warned of when named', async () => {
    const data = tempFiles({ 'data/rows.yaml': `rows:\n${'  - [1, 2, 3]\n'.repeat(100)}` });
    try {
      const walked = await orchlintInProcess(
        ['--format', 'json', '--max-file-size', '1KB', '--no-error-on-unmatched-pattern', 'data'],
        {
          cwd: data,
        },
      );
      expect(walked.code).toBe(0);
      expect(findings(walked.stdout)).toEqual([]);
      const named = await orchlintInProcess(['--format', 'json', '--max-file-size', '1KB', 'data/rows.yaml'], {
        cwd: data,
      });
      expect(findings(named.stdout).map((f) => f.rule)).toEqual(['core/unknown-format']);
      expect(named.code).toBe(0);
    } finally {
      removeDir(data);
    }
  });

  it("the config's maxFileSize applies to the files below it; the flag wins over it", async () => {
    const configured = await orchlintInProcess(['--format', 'json', 'small'], { cwd: dir });
    expect(findings(configured.stdout).map((f) => f.rule)).toEqual(['core/file-too-large']);
    const flagged = await orchlintInProcess(['--format', 'json', '--max-file-size', '1MB', 'small'], { cwd: dir });
    expect(findings(flagged.stdout).map((f) => f.rule)).toContain('promptpack/control-agent-on-terminal');
    expect(findings(flagged.stdout).map((f) => f.rule)).not.toContain('core/file-too-large');
    const printed = JSON.parse(
      (await orchlintInProcess(['--print-config', 'small/x.promptpack.yaml'], { cwd: dir })).stdout,
    );
    expect(printed.maxFileSize).toBe(100);
    const byDefault = JSON.parse(
      (await orchlintInProcess(['--print-config', 'packs/x.promptpack.yaml'], { cwd: dir })).stdout,
    );
    expect(byDefault.maxFileSize).toBe(8_000_000);
  });

  it('a size that is none is a usage error (one line, exit 2), in the flag or in the config', async () => {
    const flag = await orchlintInProcess(['--max-file-size', 'lots', 'packs'], { cwd: dir });
    expect(flag.code).toBe(2);
    expect(flag.stdout).toBe('');
    expect(flag.stderr.trim().split('\n')).toHaveLength(1);
    expect(flag.stderr).toBe(
      "orchlint: --max-file-size 'lots' is not a size; write a number of bytes or one with a unit, e.g. 40MB or 64MiB\n",
    );
    const config = await orchlintInProcess(['bad'], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stdout + config.stderr).toContain('maxFileSize "0MB" is not a size');
    const shape = await orchlintInProcess(['--format', 'json', 'bad'], { cwd: dir });
    expect(shape.code).toBe(2);
  });
});
