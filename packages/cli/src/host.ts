import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Host } from '@flowlint/core';

/** Reads files under one root folder and nothing outside it (paths are resolved against cwd). */
export function fileHost(root: string): Host {
  const base = path.resolve(root);
  const inside = (p: string): string | undefined => {
    const abs = path.resolve(p);
    const rel = path.relative(base, abs);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)) ? abs : undefined;
  };
  return {
    readFile(p) {
      const abs = inside(p);
      if (!abs) return undefined;
      try {
        return statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
      } catch {
        return undefined;
      }
    },
    readDir(p) {
      const abs = inside(p);
      if (!abs) return undefined;
      try {
        return readdirSync(abs);
      } catch {
        return undefined;
      }
    },
  };
}
