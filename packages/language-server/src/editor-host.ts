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
      return abs === undefined ? undefined : readDiskText(abs, (file) => resolvesInside(root, file));
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

/** A text file's contents, or undefined when it is missing, too large, binary, or not `allowed`. */
export function readDiskText(abs: string, allowed: (abs: string) => boolean = () => true): string | undefined {
  try {
    // Most reads look for a file that is not there (config names upward): no exception for that.
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_FILE_BYTES || !allowed(abs)) return undefined;
    const buffer = readFileSync(abs);
    return buffer.subarray(0, 8000).includes(0) ? undefined : buffer.toString('utf8');
  } catch {
    return undefined;
  }
}
