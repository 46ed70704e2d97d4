import { describe, expect, it } from 'vitest';
import { defaultSettings, lintUnit, memoryHost, Source, type Host } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';

/** A includes B n times, B includes C n times, C includes D n times: without a memo, n³ expansions. */
function diamond(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  const names = ['a', 'b', 'c', 'd'];
  names.forEach((name, level) => {
    const next = names[level + 1];
    const nodes = next
      ? Array.from({ length: n }, (_, i) => `  - id: use-${i}\n    include: ${next}\n`).join('')
      : '  - id: work\n    bash: echo done\n';
    files[`.archon/workflows/${name}.yaml`] = `name: ${name}\ndescription: Level ${level}.\nnodes:\n${nodes}`;
  });
  return files;
}

/** Lints A and counts how often each file is read. */
function readsOf(n: number): { reads: Map<string, number>; findings: number } {
  const files = diamond(n);
  const base = memoryHost(files);
  const reads = new Map<string, number>();
  const host: Host = {
    readDir: (p) => base.readDir(p),
    readFile: (p) => {
      reads.set(p, (reads.get(p) ?? 0) + 1);
      return base.readFile(p);
    },
  };
  const main = '.archon/workflows/a.yaml';
  const result = lintUnit(new Source(main, files[main]!), dialectById('archon')!, rules, host, defaultSettings);
  return { reads, findings: result.diagnostics.filter((d) => d.severity === 'error').length };
}

describe('archon include expansion', () => {
  it('expands each target of an include diamond once: the cost is the sum of the files, not the product', () => {
    for (const n of [4, 16]) {
      const { reads, findings } = readsOf(n);
      expect(findings).toBe(0);
      // Each workflow file is read once for the project's name index (which keeps no text) and once
      // when its first include is expanded, never again per include.
      for (const name of ['b', 'c', 'd'])
        expect(reads.get(`.archon/workflows/${name}.yaml`), `${name} with n=${n}`).toBe(2);
    }
  });

  it('counts include depth from each linted file, whichever file of the run was linted first', () => {
    // A run's units share one project (Host.shared): a block built for a deep chain must not carry
    // that chain's depth into a shallower one.
    const files: Record<string, string> = {};
    ['a', 'b', 'c', 'd', 'e'].forEach((name, i, names) => {
      const node = names[i + 1] ? `  - id: inc\n    include: ${names[i + 1]}\n` : '  - id: work\n    bash: echo done\n';
      files[`.archon/workflows/${name}.yaml`] = `name: ${name}\ndescription: Level ${i}.\nnodes:\n${node}`;
    });
    const host: Host = { ...memoryHost(files), shared: new Map() };
    const depthErrors = (name: string) => {
      const main = `.archon/workflows/${name}.yaml`;
      return lintUnit(new Source(main, files[main]!), dialectById('archon')!, rules, host, defaultSettings)
        .diagnostics.filter((d) => d.rule === 'archon/include-target')
        .map((d) => d.message);
    };
    expect(depthErrors('a')).toEqual([
      expect.stringContaining('include depth limit exceeded (max 3 levels): a -> b -> c -> d -> e'),
    ]);
    expect(depthErrors('b')).toEqual([]);
    expect(depthErrors('c')).toEqual([]);
  });
});
