import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShellCheck, ShellCheckFinding } from '@orchlint/core';

let installed: { path: string; version: string } | null | undefined;

/** Where `shellcheck` is and its version, asked once per process; null when it is not installed. */
export function shellcheckInstalled(): { path: string; version: string } | null {
  if (installed !== undefined) return installed;
  const run = spawnSync('shellcheck', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const version = /version:\s*(\S+)/.exec(run.stdout ?? '')?.[1];
  installed = run.error || run.status !== 0 || !version ? null : { path: onPath()?.file ?? 'shellcheck', version };
  return installed;
}

/**
 * The `shellcheck` that PATH finds, as its path and file stamp, without running it: what a cached
 * result depends on (its findings come from that program), checked by a few stats. Null when there
 * is none.
 */
export function shellcheckStamp(env: NodeJS.ProcessEnv = process.env): string | null {
  const found = onPath(env);
  return found
    ? `${found.file}:${found.stats.size}:${found.stats.mtimeMs}:${found.stats.ctimeMs}:${found.stats.ino}`
    : null;
}

/**
 * The executable `shellcheck` file PATH finds, as a shell looks for it: an entry that is no folder,
 * or cannot be read, is passed over.
 */
function onPath(env: NodeJS.ProcessEnv = process.env): { file: string; stats: Stats } | undefined {
  const windows = process.platform === 'win32';
  const names = windows ? ['shellcheck.exe', 'shellcheck.cmd', 'shellcheck'] : ['shellcheck'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const file = path.join(dir, name);
      let stats: Stats | undefined;
      try {
        stats = statSync(file, { throwIfNoEntry: false });
      } catch {
        continue;
      }
      if (stats?.isFile() && (windows || (stats.mode & 0o111) !== 0)) return { file, stats };
    }
  }
  return undefined;
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
 * ShellCheck's findings by body and excluded codes, for this thread: workflows copied from one
 * another repeat their shell bodies, and each distinct one is checked once (ShellCheck takes a few
 * milliseconds a body). Bounded: it starts over past CHECKED_KEPT bodies.
 */
const checked = new Map<string, ShellCheckFinding[]>();
const CHECKED_KEPT = 4096;

/** ShellCheck on a unit's bodies: those not checked before, in one process. */
export const runShellCheck: ShellCheck = (scripts, exclude) => {
  if (!scripts.length || !shellcheckInstalled()) return scripts.map(() => []);
  const key = (text: string) => `${exclude.join(',')}\0${text}`;
  const missing = [...new Set(scripts.filter((text) => !checked.has(key(text))))];
  const found = missing.length ? checkBodies(missing, exclude) : [];
  if (found && checked.size + missing.length > CHECKED_KEPT) checked.clear();
  if (found) for (let i = 0; i < missing.length; i++) checked.set(key(missing[i]!), found[i]!);
  return scripts.map((text) => checked.get(key(text)) ?? []);
};

/**
 * ShellCheck on bodies in one process: each body goes to a file of a fresh temporary folder
 * (ShellCheck reads files; the folder is removed after), checked as bash at warning level and above.
 * Undefined when its output cannot be read (nothing is remembered of such a run).
 */
function checkBodies(scripts: readonly string[], exclude: readonly number[]): ShellCheckFinding[][] | undefined {
  const out: ShellCheckFinding[][] = scripts.map(() => []);
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
      return undefined;
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
}
