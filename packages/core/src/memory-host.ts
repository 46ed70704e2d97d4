import type { Host } from './dialect.js';

/** A host over files held in memory (editors' buffers, tests, the browser). Paths are '/'-separated. */
export function memoryHost(files: ReadonlyMap<string, string> | Readonly<Record<string, string>>): Host {
  // A Map, so that a file named 'constructor' or '__proto__' is a file like any other.
  const texts: ReadonlyMap<string, string> = files instanceof Map ? files : new Map(Object.entries(files));
  const norm = (p: string) => p.replace(/^\.\//, '').replace(/\/+$/, '');
  return {
    readFile: (p) => texts.get(norm(p)),
    readDir(p) {
      const dir = norm(p);
      const prefix = dir === '' || dir === '.' ? '' : dir + '/';
      const names = new Set<string>();
      for (const f of texts.keys()) {
        if (f.startsWith(prefix)) names.add(f.slice(prefix.length).split('/')[0]!);
      }
      return names.size ? [...names].sort() : undefined;
    },
  };
}
