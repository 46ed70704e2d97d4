import { describe, expect, it } from 'vitest';
import { memoryHost, nearMiss, Source } from '@orchlint/core';
import { archon, includesExpandingTo, isStubFixture, type ArchonNode, type WorkflowModel } from '../src/index.js';

/**
 * The flattened ids spelled out, as Archon's expander builds them: an include node `inc` becomes
 * its block's nodes renamed `inc__<id>`, depth first; a workflow already being expanded on the
 * way down adds nothing. The index in expansion.ts must answer every question as this map would.
 */
function flattened(
  workflow: WorkflowModel,
  prefix: string,
  ids: Map<string, ArchonNode>,
  opaque: Set<string>,
  walking = new Set<WorkflowModel>(),
): void {
  if (walking.has(workflow)) return;
  walking.add(workflow);
  for (const node of workflow.nodes) {
    if (node.id === undefined) continue;
    const r = node.include?.resolution;
    if (!node.include) ids.set(prefix + node.id, node);
    else if (r?.kind === 'found') flattened(r.workflow, `${prefix}${node.id}__`, ids, opaque, walking);
    else opaque.add(prefix + node.id);
  }
  walking.delete(workflow);
}

/** A seeded generator, so every run checks the same projects. */
function random(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n) as number;
  };
}

// Ids that can be cut at `__` in more than one way, so one expanded id has several readings.
const IDS = ['a', 'b', 'a_', '_b', 'a__b', 'b__a', '_', 'a___b', 'plan'];
const TARGETS = ['w0', 'w1', 'w2', 'w3', 'archon-assist', 'missing'];

function project(pick: (n: number) => number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let w = 0; w < 4; w++) {
    const nodes = Array.from({ length: 1 + pick(5) }, () => {
      const id = IDS[pick(IDS.length)];
      const kind = pick(6);
      if (kind < 3) return `  - id: ${id}\n    include: ${TARGETS[pick(TARGETS.length)]}`;
      if (kind === 3)
        return `  - id: ${id}\n    loop_group:\n      max_iterations: 2\n      until_bash: test -f done\n      nodes:\n        - id: ${IDS[pick(IDS.length)]}\n          bash: echo body`;
      return `  - id: ${id}\n    bash: echo ${w}`;
    });
    files[`.archon/workflows/w${w}.yaml`] = `name: w${w}\ndescription: d\nnodes:\n${nodes.join('\n')}\n`;
  }
  return files;
}

function load(files: Record<string, string>, path: string) {
  return archon.load(new Source(path, files[path] ?? ''), memoryHost(files), {}).model!;
}

describe('include expansion answered from each workflow once', () => {
  it('gives the flattened map’s answers on random projects whose ids cut at __ in several ways', () => {
    let checked = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const pick = random(seed);
      const files = project(pick);
      const stubs = '.archon/workflows/fixtures/s.stubs.yaml';
      files[stubs] = 'a: text\n';
      const fixture = load(files, stubs);
      if (!isStubFixture(fixture)) throw new Error('not a stub fixture');
      const ids = new Map<string, ArchonNode>();
      const opaque = new Set<string>();
      for (const w of fixture.workflows) flattened(w, '', ids, opaque);
      const keys = [...ids.keys()];
      const asked = new Set([...keys, ...opaque, ...IDS, 'a__', 'a__b__a', 'x', 'a_b', 'plan__a__b']);
      for (const id of [...asked]) asked.add(`${id}x`).add(`${id}__a`);
      for (const id of asked) {
        expect(fixture.stubbable.get(id), id).toBe(ids.get(id));
        expect(fixture.stubbable.behindOpaqueInclude(id), id).toBe([...opaque].some((o) => id.startsWith(`${o}__`)));
        expect(fixture.stubbable.startingWith(`${id}__`), id).toEqual(keys.filter((k) => k.startsWith(`${id}__`)));
        if (!ids.has(id)) expect(fixture.stubbable.nearest(id), id).toBe(nearMiss(id, keys));
        checked++;
      }

      // include-target's question: which top-level includes of the linted workflow expand into a written id.
      const main = load(files, '.archon/workflows/w0.yaml') as WorkflowModel;
      const expandingTo = includesExpandingTo(main.top.nodes);
      for (const id of main.top.byId.keys()) {
        const expected = main.top.nodes.filter((node) => {
          const r = node.include?.resolution;
          if (r?.kind !== 'found' || node.id === undefined) return false;
          const inner = new Map<string, ArchonNode>();
          flattened(r.workflow, `${node.id}__`, inner, new Set());
          return inner.has(id);
        });
        expect(new Set(expandingTo(id)), id).toEqual(new Set(expected));
      }
    }
    expect(checked).toBeGreaterThan(1500);
  });

  it('suggests the nearest expanded id without spelling out the others', () => {
    const wf = (name: string, nodes: string[]) =>
      `name: ${name}\ndescription: d\nnodes:\n${nodes.map((n) => `  - id: ${n}`).join('\n')}\n`;
    const files: Record<string, string> = {
      // The stubs' workflow in its package, where a stub file stubs it; the workflows it includes at the top.
      '.archon/workflows/grp/a/a.yaml': wf(
        'a',
        Array.from({ length: 30 }, (_, i) => `a${i}\n    include: b`),
      ),
      '.archon/workflows/b.yaml': wf(
        'b',
        Array.from({ length: 30 }, (_, i) => `b${i}\n    include: c`),
      ),
      '.archon/workflows/c.yaml': wf(
        'c',
        Array.from({ length: 30 }, (_, i) => `c${i}\n    bash: echo ${i}`),
      ),
      '.archon/workflows/grp/a/fixtures/s.stubs.yaml': 'a7__b12__c29x: text\n',
    };
    const fixture = load(files, '.archon/workflows/grp/a/fixtures/s.stubs.yaml');
    if (!isStubFixture(fixture)) throw new Error('not a stub fixture');
    // 27,930 flattened ids (30·30·30 under a, 30·30 under b, 30 in c); three workflows of 30 nodes answer.
    expect(fixture.stubbable.get('a7__b12__c29')?.id).toBe('c29');
    expect(fixture.stubbable.get('a7__b12')).toBeUndefined();
    expect(fixture.stubbable.nearest('a7__b12__c29x')).toBe('a7__b12__c29');
    expect(fixture.stubbable.startingWith('a7__b12__')).toEqual(Array.from({ length: 30 }, (_, i) => `a7__b12__c${i}`));
  });

  it('reads each workflow’s nodes a number of times that grows with n, not n⁴, on an include diamond', () => {
    /** Node id reads while answering every kind of question about a diamond of four files of n nodes. */
    const reads = (n: number) => {
      const level = (name: string, next?: string) =>
        `name: ${name}\ndescription: d\nnodes:\n${Array.from(
          { length: n },
          (_, i) => `  - id: ${name}${i}\n    ${next ? `include: ${next}` : 'bash: echo leaf'}`,
        ).join('\n')}\n`;
      const files: Record<string, string> = {
        '.archon/workflows/grp/a/a.yaml': level('a', 'b'),
        '.archon/workflows/b.yaml': level('b', 'c'),
        '.archon/workflows/c.yaml': level('c', 'd'),
        '.archon/workflows/d.yaml': level('d'),
        '.archon/workflows/grp/a/fixtures/s.stubs.yaml': 'a1: text\n',
      };
      const fixture = load(files, '.archon/workflows/grp/a/fixtures/s.stubs.yaml');
      if (!isStubFixture(fixture)) throw new Error('not a stub fixture');
      let count = 0;
      const seen = new Set<WorkflowModel>();
      const watch = (w: WorkflowModel) => {
        if (seen.has(w)) return;
        seen.add(w);
        w.nodes.forEach((node, i) => {
          const r = node.include?.resolution;
          if (r?.kind === 'found') watch(r.workflow);
          w.nodes[i] = new Proxy(node, {
            get: (target, key, receiver) => {
              if (key === 'id') count++;
              return Reflect.get(target, key, receiver);
            },
          });
        });
      };
      fixture.workflows.forEach(watch);
      const last = `a${n - 1}__b${n - 1}__c${n - 1}__d${n - 1}`;
      expect(fixture.stubbable.get(last)?.id).toBe(`d${n - 1}`);
      expect(fixture.stubbable.get('a1')).toBeUndefined();
      expect(fixture.stubbable.behindOpaqueInclude(`${last}__x`)).toBe(false);
      expect(fixture.stubbable.startingWith(`a1__b2__`)).toHaveLength(n * n);
      expect(fixture.stubbable.nearest(`${last}x`)).toBe(last);
      return count;
    };
    const small = reads(4);
    const large = reads(16);
    // The answers hold n·n ids under one prefix, so that question alone reads n² ids; the whole
    // flattened workflow would be n⁴ (256 times more from 4 to 16), and the index keeps it near 16.
    expect(large / small).toBeLessThan(20);
  });
});
