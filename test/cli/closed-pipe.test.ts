import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliBin, repoRoot } from '../support/paths.js';

/** `orchlint ARGS | head -c 1`: the reader closes the pipe long before orchlint has written its output. */
function intoClosedPipe(args: string): string {
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${cliBin}" ${args} | head -c 1 >/dev/null`], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return r.stderr;
}

describe('a reader that closes the pipe early', () => {
  // The PromptPack fixtures' reports (about 70 KB stylish, 120 KB JSON) are more than a pipe holds.
  it.each(['--help', 'rules', 'fixtures/promptpack', 'fixtures/promptpack --format json'])(
    'orchlint %s stops quietly: no stack trace',
    (args) => {
      expect(intoClosedPipe(args)).toBe('');
    },
  );
});

describe('standard output that cannot be written', () => {
  it.runIf(existsSync('/dev/full'))('is one line on standard error and exit 2: no stack trace', () => {
    const r = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${cliBin}" fixtures/promptpack --format json >/dev/full`],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(r.stderr).toBe('orchlint: cannot write to standard output: ENOSPC: no space left on device, write\n');
    expect(r.status).toBe(2);
  });
});
