import type { Host } from './dialect.js';

/** A host over files held in memory (editors' buffers, tests, the browser). Paths are '/'-separated. */
export function memoryHost(files: Readonly<Record<string, string>>): Host {
  const norm = (p: string) => p.replace(/^\.\//, '').replace(/\/+$/, '');
  return {
    readFile(p) {
      const key = norm(p);
      // Own entries only: 'constructor' or '__proto__' must not come back as Object's own members.
      return Object.hasOwn(files, key) ? files[key] : undefined;
    },
    readDir(p) {
      const dir = norm(p);
      const prefix = dir === '' || dir === '.' ? '' : dir + '/';
      const names = new Set<string>();
      for (const f of Object.keys(files)) {
        if (f.startsWith(prefix)) names.add(f.slice(prefix.length).split('/')[0]!);
      }
      return names.size ? [...names].sort() : undefined;
    },
  };
}
