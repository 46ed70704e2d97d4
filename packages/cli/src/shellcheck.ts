import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShellCheck, ShellCheckFinding } from '@orchlint/core';

let installed: { path: string; version: string } | null | undefined;

/** Where `shellcheck` is and its version, asked once per process; null when it is not installed. */
export function shellcheckInstalled(): { path: string; version: string } | null {
  if (installed !== undefined) return installed;
  const run = spawnSync('shellcheck', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const version = /version:\s*(\S+)/.exec(run.stdout ?? '')?.[1];
  const which =
    run.error || run.status !== 0 || !version
      ? undefined
      : spawnSync('sh', ['-c', 'command -v shellcheck'], { encoding: 'utf8' });
  installed = version && which ? { path: which.stdout.trim() || 'shellcheck', version } : null;
  return installed;
}

/**
 * The `shellcheck` that PATH finds, as its path and file stamp, without running it: what a cached
 * result depends on (its findings come from that program), checked by a few stats. Null when there
 * is none.
 */
export function shellcheckStamp(env: NodeJS.ProcessEnv = process.env): string | null {
  const names = process.platform === 'win32' ? ['shellcheck.exe', 'shellcheck.cmd', 'shellcheck'] : ['shellcheck'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const file = path.join(dir, name);
      const s = statSync(file, { throwIfNoEntry: false });
      if (s?.isFile()) return `${file}:${s.size}:${s.mtimeMs}:${s.ino}`;
    }
  }
  return null;
}

interface Json1 {
  comments: Array<{
    file: string;
    line: number;
    endLine: number;
    column: number;
    endColumn: number;
    level: string;
    code: number;
    message: string;
  }>;
}

/**
 * ShellCheck on a unit's bodies in one process: each body goes to a file of a fresh temporary folder
 * (ShellCheck reads files; the folder is removed after), checked as bash at warning level and above.
 */
export const runShellCheck: ShellCheck = (scripts, exclude) => {
  const out: ShellCheckFinding[][] = scripts.map(() => []);
  if (!scripts.length || !shellcheckInstalled()) return out;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchlint-shellcheck-'));
  try {
    const files = scripts.map((text, i) => {
      const file = path.join(dir, `${i}.sh`);
      writeFileSync(file, text);
      return file;
    });
    const args = [
      '-f',
      'json1',
      '-s',
      'bash',
      '-S',
      'warning',
      ...(exclude.length ? ['-e', exclude.join(',')] : []),
      ...files,
    ];
    const run = spawnSync('shellcheck', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
    let parsed: Json1;
    try {
      parsed = JSON.parse(run.stdout) as Json1;
    } catch {
      return out;
    }
    for (const c of parsed.comments ?? []) {
      const index = files.indexOf(c.file);
      if (index < 0) continue;
      out[index]!.push({
        code: c.code,
        level: c.level as ShellCheckFinding['level'],
        message: c.message,
        line: c.line,
        column: c.column,
        endLine: c.endLine,
        endColumn: c.endColumn,
      });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
