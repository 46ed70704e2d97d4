import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Host } from '@orchlint/core';
import { runShellCheck } from './shellcheck.js';

/** Whether a path relative to a folder (as path.relative gives it) stays in it: `..x` is a name, `../x` a climb. */
export function staysInside(rel: string): boolean {
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * A run's answers to reads, shared by its units: units consult each other's files (an include's
 * target, a packet's workspace manifest) and folder listings. Folder listings are kept for the run;
 * file texts only the last FILE_TEXT_KEPT characters' worth, so a run over 10,000 files does not
 * hold them all (the state the units share, such as an Archon project's name index, is built once
 * per run through Host.shared, not by reading every file again per unit).
 */
export type ReadMemo = Map<string, Map<string, string | readonly string[] | undefined>>;
const FILE_TEXT_KEPT = 1_000_000;
/** The characters of text each memo's file shelves hold (each evicts its own oldest texts). */
const keptText = new WeakMap<ReadMemo, { chars: number }>();

/** What the units of the run that owns a memo share beyond reads (see Host.shared). */
const sharedByMemo = new WeakMap<ReadMemo, Map<string, unknown>>();

/** Reads files under one root folder and nothing outside it (paths are resolved against cwd). */
export function fileHost(root: string, memo?: ReadMemo): Host {
  const base = path.resolve(root);
  let realBase: string | undefined;
  /** The real path to read `p` by, when it lies inside the root. */
  const inside = (p: string): string | undefined => {
    const abs = path.resolve(p);
    if (!staysInside(path.relative(base, abs))) return undefined;
    // A symbolic link inside the root that points outside it is outside: resolve before reading, and
    // read by what it resolved to, so a link swapped in between is not followed.
    try {
      realBase ??= realpathSync.native(base);
      const real = realpathSync.native(abs);
      return staysInside(path.relative(realBase, real)) ? real : undefined;
    } catch {
      return undefined;
    }
  };
  // One map per root and kind, so that the n² look-ups of a folder's units build no keys.
  const shelf = (kind: 'file' | 'dir') => {
    if (!memo) return undefined;
    const key = `${kind}\0${base}`;
    let m = memo.get(key);
    if (!m) {
      m = new Map();
      memo.set(key, m);
    }
    return m;
  };
  const files = shelf('file');
  const dirs = shelf('dir');
  const kept = memo && (keptText.get(memo) ?? { chars: 0 });
  if (memo && kept) keptText.set(memo, kept);
  const rememberedDir = (p: string, read: () => string[] | undefined): readonly string[] | undefined => {
    if (!dirs) return read();
    if (dirs.has(p)) return dirs.get(p) as readonly string[] | undefined;
    const value = read();
    dirs.set(p, value);
    return value;
  };
  /** The least recently read texts go first (a Map keeps its keys in the order they were set). */
  const rememberedFile = (p: string, read: () => string | undefined): string | undefined => {
    if (!files || !kept) return read();
    if (files.has(p)) {
      const value = files.get(p) as string | undefined;
      files.delete(p);
      files.set(p, value);
      return value;
    }
    const value = read();
    files.set(p, value);
    kept.chars += value?.length ?? 0;
    for (const [old, text] of files) {
      if (kept.chars <= FILE_TEXT_KEPT || old === p) break;
      files.delete(old);
      kept.chars -= text?.length ?? 0;
    }
    return value;
  };
  let shared: Map<string, unknown> | undefined;
  if (memo) {
    shared = sharedByMemo.get(memo) ?? new Map();
    sharedByMemo.set(memo, shared);
  }
  return {
    ...(shared ? { shared } : {}),
    // Asked for ShellCheck only when a rule has a shell body to check: it looks for the program then, once.
    shellcheck: runShellCheck,
    locate: (p) => (inside(p) === undefined ? undefined : path.resolve(p).split(path.sep).join('/')),
    readFile: (p) =>
      rememberedFile(p, () => {
        const abs = inside(p);
        if (!abs) return undefined;
        try {
          return statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
        } catch {
          return undefined;
        }
      }),
    readDir(p) {
      const names = rememberedDir(p, () => {
        const abs = inside(p);
        if (!abs) return undefined;
        try {
          return readdirSync(abs);
        } catch {
          return undefined;
        }
      });
      // A copy: the caller may sort it in place.
      return names && [...names];
    },
  };
}

/** Serves texts held in memory (standard input, fixed files) before the disk. Keys are cwd-relative '/' paths. */
export function overlayHost(base: Host, texts: ReadonlyMap<string, string>): Host {
  const key = (p: string) => path.posix.normalize(p.split(path.sep).join('/')).replace(/^\.\//, '');
  return {
    readFile: (p) => texts.get(key(p)) ?? base.readFile(p),
    readDir: (p) => base.readDir(p),
    ...(base.locate ? { locate: base.locate } : {}),
    ...(base.shellcheck ? { shellcheck: base.shellcheck } : {}),
  };
}
