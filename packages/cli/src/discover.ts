import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { ALWAYS_SKIPPED, CANDIDATE } from '@orchlint/core';
import { staysInside } from './host.js';
import { presence } from '@orchlint/node-cache/stamp';

import { UsageError } from './usage-error.js';

export { UsageError };

export interface Target {
  /** As given or found, relative to cwd, '/'-separated. */
  file: string;
  /**
   * True when the user named this file, so an unknown format is worth saying; 'ignore-unknown' with
   * --ignore-unknown: named (a prompt still lints its packet), but of no known format it is skipped
   * without a word, as a walked file is.
   */
  explicit: boolean | 'ignore-unknown';
  /** The folder reads are confined to. */
  root: string;
  /** The text, when it does not come from the file (standard input). */
  text?: string;
  /** The name dialect detection reads instead of `file`, when `file` tells nothing (unnamed standard input). */
  detectAs?: string;
  /** The folder named on the command line that the walk found this file in. */
  folder?: string;
}

/**
 * Files to lint under the given paths: directories are walked honouring .gitignore files. With
 * `ignoreUnknown` (--ignore-unknown), named files are read as a walk of the current folder reads
 * them: of no known format they are skipped without a word, and a unit may read anywhere in the
 * current folder (a packet's workspace manifest above it), not only beside the file.
 */
export function discover(
  paths: readonly string[],
  ignoreUnknown = false,
  /** Hears of each folder listed and ignore file read, with its stamp taken before (see run-record.ts). */
  note?: Note,
): Target[] {
  const out: Target[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    if (!existsSync(p)) throw new UsageError(`no such file or directory: ${p}`);
    const stat = statSync(p);
    if (stat.isFile()) {
      const root = ignoreUnknown && staysInside(path.relative(process.cwd(), path.resolve(p))) ? '.' : path.dirname(p);
      // A walked link that leaves its folder is skipped, and the host reads nothing outside the root:
      // a named one is refused, not read (`ln -s /etc/passwd x.pack.json`).
      if (
        lstatSync(p).isSymbolicLink() &&
        !staysInside(path.relative(realpathSync.native(root), realpathSync.native(p)))
      ) {
        throw new UsageError(
          `${p} is a symbolic link to a file outside ${root === '.' ? 'the current folder' : root}; orchlint does not follow it`,
        );
      }
      add(out, seen, { file: toPosix(p), explicit: ignoreUnknown ? 'ignore-unknown' : true, root });
      continue;
    }
    walk(p, p, [], out, seen, note);
  }
  return out;
}

type Note = (key: string, stamp: string | null | undefined) => void;

function walk(
  dir: string,
  root: string,
  rules: Array<{ base: string; ig: Ignore }>,
  out: Target[],
  seen: Set<string>,
  note: Note | undefined,
): void {
  if (note) {
    note(`d:${dir}`, presence(dir));
    note(`f:${path.join(dir, '.gitignore')}`, presence(path.join(dir, '.gitignore')));
  }
  const ownIgnore = readIgnore(dir);
  const active = ownIgnore ? [...rules, { base: dir, ig: ownIgnore }] : rules;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (ALWAYS_SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const isDir = entry.isDirectory();
    if (ignored(full, isDir, active)) continue;
    if (isDir) walk(full, root, active, out, seen, note);
    else if (entry.isFile() && CANDIDATE.test(entry.name))
      add(out, seen, { file: toPosix(full), explicit: false, root, folder: root });
  }
}

function ignored(full: string, isDir: boolean, rules: Array<{ base: string; ig: Ignore }>): boolean {
  for (const { base, ig } of rules) {
    const rel = path.relative(base, full);
    if (rel && staysInside(rel) && ig.ignores(toPosix(rel) + (isDir ? '/' : ''))) return true;
  }
  return false;
}

function readIgnore(dir: string): Ignore | undefined {
  try {
    return ignore().add(readFileSync(path.join(dir, '.gitignore'), 'utf8'));
  } catch {
    return undefined;
  }
}

function add(out: Target[], seen: Set<string>, target: Target): void {
  const key = path.resolve(target.file);
  if (seen.has(key)) return;
  seen.add(key);
  out.push(target);
}

/** A path relative to some folder other than cwd, '/'-separated. */
export function withSlashes(p: string): string {
  return p.split(path.sep).join('/');
}

/** A path as reports print it: relative to cwd, '/'-separated; absolute when it lies outside cwd (no ../../../…). */
export function toPosix(p: string): string {
  const fromCwd = path.relative(process.cwd(), path.resolve(p));
  const rel = !staysInside(fromCwd) ? path.resolve(p) : path.isAbsolute(p) ? fromCwd || p : p;
  return withSlashes(rel).replace(/^\.\//, '');
}
