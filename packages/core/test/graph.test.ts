import { describe, expect, it } from 'vitest';
import { stronglyConnectedComponents } from 'graphology-components';
import {
  createDigraph,
  cycleThrough,
  cyclicComponents,
  isAcyclic,
  reachableFrom,
  topologicalOrder,
  type Digraph,
} from '../src/index.js';

function graphOf(edges: string, nodes: string[] = []): Digraph {
  const g = createDigraph();
  for (const n of nodes) g.mergeNode(n);
  for (const pair of edges.split(/\s+/).filter(Boolean)) {
    const [from, to] = pair.split('>') as [string, string];
    g.mergeNode(from);
    g.mergeNode(to);
    g.addEdge(from, to);
  }
  return g;
}

describe('graph helpers', () => {
  it('reachableFrom: every node reachable from the starts, the starts included', () => {
    const g = graphOf('a>b b>c c>b d>e', ['lonely']);
    expect([...reachableFrom(g, ['a'])].sort()).toEqual(['a', 'b', 'c']);
    expect([...reachableFrom(g, ['d', 'lonely'])].sort()).toEqual(['d', 'e', 'lonely']);
    expect([...reachableFrom(g, ['missing', 'e'])]).toEqual(['e']);
    expect(reachableFrom(g, []).size).toBe(0);
  });

  it('allows parallel edges and self-loops', () => {
    const g = graphOf('a>b a>b a>a');
    expect(g.size).toBe(3);
  });

  it('cyclicComponents: components with two or more nodes, or one with a self-loop', () => {
    const g = graphOf('a>b b>a c>c d>e e>f');
    const components = cyclicComponents(g).map((c) => [...c].sort());
    expect(components.sort()).toEqual([['a', 'b'], ['c']]);
    expect(cyclicComponents(graphOf('x>y y>z'))).toEqual([]);
  });

  it('cycleThrough: a shortest cycle through the start that stays inside the members', () => {
    const g = graphOf('a>b b>c c>a a>d d>a');
    expect(cycleThrough(g, 'a', new Set(['a', 'b', 'c', 'd']))).toEqual(['a', 'd', 'a']);
    expect(cycleThrough(g, 'a', new Set(['a', 'b', 'c']))).toEqual(['a', 'b', 'c', 'a']);
    expect(cycleThrough(graphOf('s>s s>t t>s'), 's', new Set(['s', 't']))).toEqual(['s', 's']);
    expect(cycleThrough(graphOf('p>q'), 'p', new Set(['p', 'q']))).toEqual(['p']);
  });

  it('isAcyclic and topologicalOrder', () => {
    const dag = graphOf('fetch>parse parse>lint fetch>lint lint>report');
    expect(isAcyclic(dag)).toBe(true);
    const order = topologicalOrder(dag);
    const at = (n: string) => order.indexOf(n);
    dag.forEachEdge((_e, _a, from, to) => expect(at(from)).toBeLessThan(at(to)));
    expect(isAcyclic(graphOf('a>b b>a'))).toBe(false);
    expect(isAcyclic(graphOf('a>a'))).toBe(false);
  });

  it('stays linear on a long chain and a large cycle', { timeout: 20_000 }, () => {
    const n = 50_000;
    const g = createDigraph();
    for (let i = 0; i < n; i++) g.addNode(`s${i}`);
    for (let i = 0; i < n; i++) g.addEdge(`s${i}`, `s${(i + 1) % n}`);
    expect(reachableFrom(g, ['s0']).size).toBe(n);
    expect(cyclicComponents(g)).toHaveLength(1);
    expect(cycleThrough(g, 's0', new Set(g.nodes()))).toHaveLength(n + 1);
  });
});

describe('cyclicComponents agrees with graphology-components', () => {
  it('on random graphs, small enough for its recursion', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const n = 5 + Math.floor(random() * 60);
      const g = createDigraph();
      for (let i = 0; i < n; i++) g.addNode(`n${i}`);
      const edges = Math.floor(random() * n * 2);
      for (let e = 0; e < edges; e++) g.addEdge(`n${Math.floor(random() * n)}`, `n${Math.floor(random() * n)}`);
      const canonical = (components: string[][]) => components.map((c) => [...c].sort().join(',')).sort();
      const expected = stronglyConnectedComponents(g).filter((c) => c.length > 1 || g.hasDirectedEdge(c[0]!, c[0]!));
      expect(canonical(cyclicComponents(g))).toEqual(canonical(expected));
    }
  });
});

describe('searches per cycle stay linear overall', () => {
  it('a cycle through each of 10,000 two-state loops of a 30,000-state graph', { timeout: 20_000 }, () => {
    const g = createDigraph();
    const n = 30_000;
    for (let i = 0; i < n; i++) g.addNode(`s${i}`);
    for (let i = 0; i + 1 < n; i++) g.addEdge(`s${i}`, `s${i + 1}`);
    for (let i = 1; i < n; i += 3) g.addEdge(`s${i}`, `s${i - 1}`);
    const components = cyclicComponents(g);
    expect(components).toHaveLength(10_000);
    for (const c of components) {
      const cycle = cycleThrough(g, c[0]!, new Set(c));
      expect(cycle).toHaveLength(3);
    }
  });
});
