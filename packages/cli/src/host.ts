import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Host } from '@flowlint/core';

/** Whether a path relative to a folder (as path.relative gives it) stays in it: `..x` is a name, `../x` a climb. */
export function staysInside(rel: string): boolean {
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** Reads files under one root folder and nothing outside it (paths are resolved against cwd). */
export function fileHost(root: string): Host {
  const base = path.resolve(root);
  let realBase: string | undefined;
  const inside = (p: string): string | undefined => {
    const abs = path.resolve(p);
    if (!staysInside(path.relative(base, abs))) return undefined;
    // A symbolic link inside the root that points outside it is outside: resolve before reading.
    try {
      realBase ??= realpathSync.native(base);
      return staysInside(path.relative(realBase, realpathSync.native(abs))) ? abs : undefined;
    } catch {
      return undefined;
    }
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

/** Serves texts held in memory (standard input, fixed files) before the disk. Keys are cwd-relative '/' paths. */
export function overlayHost(base: Host, texts: ReadonlyMap<string, string>): Host {
  const key = (p: string) => path.posix.normalize(p.split(path.sep).join('/')).replace(/^\.\//, '');
  return {
    readFile: (p) => texts.get(key(p)) ?? base.readFile(p),
    readDir: (p) => base.readDir(p),
  };
}
