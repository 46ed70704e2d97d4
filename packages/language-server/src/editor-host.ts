import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Host } from '@flowlint/core';
import { isFilePath, isInside, resolvesInside, toSlashes } from './paths.js';

/** Files past this size are not read: no workflow definition is this large. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * What a unit sees while the user edits: the editor's buffers first (unsaved text wins), then the
 * disk, confined to one folder (the workspace folder), so no dialect reads outside it.
 */
export function editorHost(root: string, openText: (path: string) => string | undefined): Host {
  const confined = (p: string): string | undefined => {
    const abs = isFilePath(p) ? p : toSlashes(path.resolve(root, p));
    return isInside(root, abs) ? abs : undefined;
  };
  return {
    readFile(p) {
      const open = openText(p);
      if (open !== undefined) return open;
      const abs = confined(p);
      return abs === undefined ? undefined : readDiskText(abs, root);
    },
    readDir(p) {
      const abs = confined(p);
      if (abs === undefined || !resolvesInside(root, abs)) return undefined;
      try {
        return readdirSync(abs);
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * What was read from disk, per path, while the file stays the same file with the same size and
 * modification time; with the workspace folders it was found to resolve inside. Units consult many
 * files on every keystroke (an Archon workflow reads the name of every other workflow of its folder),
 * so a read that finds nothing changed costs one stat instead of resolving, opening and reading.
 */
const diskTexts = new Map<string, { stamp: string; text: string | undefined; inside: Set<string> }>();

/** A text file's contents, or undefined when it is missing, too large, binary, or (given a root) resolves outside it. */
export function readDiskText(abs: string, root?: string): string | undefined {
  try {
    // Most reads look for a file that is not there (config names upward): no exception for that.
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
    // The same device and inode: a link swapped to point elsewhere is another file, and is checked again.
    const stamp = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const known = diskTexts.get(abs);
    const same = known?.stamp === stamp;
    if (same && (root === undefined || known.inside.has(root))) return known.text;
    if (root !== undefined && !resolvesInside(root, abs)) return undefined;
    if (same) {
      known.inside.add(root!);
      return known.text;
    }
    const buffer = readFileSync(abs);
    const text = buffer.subarray(0, 8000).includes(0) ? undefined : buffer.toString('utf8');
    if (diskTexts.size >= 10_000) diskTexts.clear();
    diskTexts.set(abs, { stamp, text, inside: new Set(root === undefined ? [] : [root]) });
    return text;
  } catch {
    return undefined;
  }
}
