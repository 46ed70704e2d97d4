import { closeSync, fstatSync, openSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_SIZE, type Host } from '@orchlint/core';
import { isFilePath, isInside, realPathInside, toSlashes } from './paths.js';

/**
 * What a unit sees while the user edits: the editor's buffers first (unsaved text wins), then the
 * disk, confined to one folder (the workspace folder), so no dialect reads outside it. A file on
 * disk over `maxFileSize` bytes is not read (the engine treats a larger buffer the same way).
 */
export function editorHost(
  root: string,
  openText: (path: string) => string | undefined,
  maxFileSize = DEFAULT_MAX_FILE_SIZE,
): Host {
  const confined = (p: string): string | undefined => {
    const abs = isFilePath(p) ? p : toSlashes(path.resolve(root, p));
    return isInside(root, abs) ? abs : undefined;
  };
  return {
    locate: confined,
    readFile(p) {
      // An open buffer is no exception: a file outside the folder is refused whether open or not.
      const abs = confined(p);
      return abs === undefined ? undefined : (openText(abs) ?? readDiskText(abs, root, maxFileSize));
    },
    readDir(p) {
      const abs = confined(p);
      const real = abs === undefined ? undefined : realPathInside(root, abs);
      if (real === undefined) return undefined;
      try {
        return readdirSync(real);
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * What was read from disk, per path, while the file stays the same file with the same size,
 * modification and change times; with the workspace folders it was found to resolve inside. Units
 * consult many files on every keystroke (an Archon workflow reads the name of every other workflow
 * of its folder), so a read that finds nothing changed costs one stat instead of resolving, opening
 * and reading.
 */
const diskTexts = new Map<string, { stamp: string; text: string | undefined; inside: Set<string> }>();

/**
 * File systems stamp times from a clock that ticks coarsely (a few milliseconds; a second or two on
 * some): a file changed this recently before a read may change again under the same stamp, so its
 * text is not kept until its times are older than that.
 */
const SETTLED_MS = 2_000;

/**
 * A text file's contents, or undefined when it is missing, over `maxFileSize` bytes, binary, or
 * (given a root) resolves outside it.
 */
export function readDiskText(abs: string, root?: string, maxFileSize = DEFAULT_MAX_FILE_SIZE): string | undefined {
  try {
    const readAt = Date.now();
    // Most reads look for a file that is not there (config names upward): no exception for that.
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > maxFileSize) return undefined;
    const known = diskTexts.get(abs);
    const same = known?.stamp === stampOf(stat);
    if (same && (root === undefined || known.inside.has(root))) return known.text;
    const real = root === undefined ? realpathSync.native(abs) : realPathInside(root, abs);
    if (real === undefined) return undefined;
    if (same) {
      known.inside.add(root!);
      return known.text;
    }
    // Opened by the real path that was checked: a link swapped since then is not followed.
    const fd = openSync(real, 'r');
    let opened: Stats;
    let buffer: Buffer;
    try {
      opened = fstatSync(fd);
      if (!opened.isFile() || opened.size > maxFileSize) return undefined;
      buffer = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
    const text = buffer.subarray(0, 8000).includes(0) ? undefined : buffer.toString('utf8');
    if (diskTexts.size >= 10_000) diskTexts.clear();
    // Kept under the stamp of the file that was read, once its times have settled.
    if (Math.max(opened.mtimeMs, opened.ctimeMs) < readAt - SETTLED_MS) {
      diskTexts.set(abs, { stamp: stampOf(opened), text, inside: new Set(root === undefined ? [] : [root]) });
    } else {
      diskTexts.delete(abs);
    }
    return text;
  } catch {
    return undefined;
  }
}

/**
 * The same device and inode (a link swapped to point elsewhere is another file, and is checked
 * again), size, and times: the change time moves even when a write puts the modification time back
 * (cp -p, tar, rsync -t).
 */
function stampOf(stat: Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}
