// Core's own graph searches (packages/core/src/graph.ts) against graphology-traversal doing the same
// job, at n and 10n nodes: the time ratio is 10 for linear work, 100 for quadratic. The library's
// bfsFromNode sizes a queue to the whole graph (graphology-indices' BFSQueue: a FixedDeque of
// graph.order slots) on every call, so one search costs O(order) before it visits anything: linear
// for one search from one node, quadratic where a model runs a search per start, per cycle or per node.
//   node test/bench/graph-search.mjs           (after pnpm build)
import { createDigraph, cycleThrough, reachableFrom, reachingTo } from '@orchlint/core';
import { bfsFromNode } from 'graphology-traversal';
import { alternate } from './timing.mjs';

const RUNS = 7;
const SIZES = [2_000, 20_000];

/** A chain s0 → s1 → … with a branch to a side state every tenth step: one entry reaches everything. */
function chain(n) {
  const graph = createDigraph();
  for (let i = 0; i < n; i++) graph.addNode(`s${i}`);
  for (let i = 1; i < n; i++) {
    graph.addDirectedEdge(`s${i - 1}`, `s${i}`);
    if (i % 10 === 0) graph.addDirectedEdge(`s${i}`, `s${i - 5}`);
  }
  return graph;
}

/** n/2 separate two-state cycles a_i ⇄ b_i, each with an exit x_i (a pack's many small agent loops). */
function smallCycles(n) {
  const graph = createDigraph();
  const components = [];
  for (let i = 0; i < n / 3; i++) {
    graph.addNode(`a${i}`);
    graph.addNode(`b${i}`);
    graph.addNode(`x${i}`);
    graph.addDirectedEdge(`a${i}`, `b${i}`);
    graph.addDirectedEdge(`b${i}`, `a${i}`);
    graph.addDirectedEdge(`b${i}`, `x${i}`);
    components.push([`a${i}`, `b${i}`]);
  }
  return { graph, components };
}

/** The library's search from each start in turn, sharing one seen set so no node is visited twice. */
function libraryFromEach(graph, starts, mode) {
  const seen = new Set();
  for (const start of starts) {
    if (seen.has(start)) continue;
    bfsFromNode(
      graph,
      start,
      (node) => {
        if (seen.has(node)) return true;
        seen.add(node);
        return false;
      },
      { mode },
    );
  }
  return seen;
}

/** The library's search through one cycle's members (what cycleThrough walks), for each cycle. */
function libraryPerCycle(graph, components) {
  let visited = 0;
  for (const component of components) {
    const members = new Set(component);
    bfsFromNode(graph, component[0], (node) => {
      visited++;
      return !members.has(node);
    });
  }
  return visited;
}

const cases = [
  {
    name: 'one search from one entry (reachableFrom)',
    build: chain,
    own: (g) => reachableFrom(g, ['s0']).size,
    library: (g) => libraryFromEach(g, ['s0'], 'outbound').size,
  },
  {
    name: 'one backward search from every exit (reachingTo)',
    build: (n) => smallCycles(n).graph,
    own: (g) =>
      reachingTo(
        g,
        g.filterNodes((node) => node.startsWith('x')),
      ).size,
    library: (g) =>
      libraryFromEach(
        g,
        g.filterNodes((node) => node.startsWith('x')),
        'inbound',
      ).size,
  },
  {
    name: 'a shortest cycle through each cyclic component (cycleThrough)',
    build: smallCycles,
    own: ({ graph, components }) => components.map((c) => cycleThrough(graph, c[0], new Set(c))).length,
    library: ({ graph, components }) => libraryPerCycle(graph, components),
  },
];

console.log(`graph searches, median of ${RUNS} runs (ms), own code vs graphology-traversal 0.3.1`);
for (const c of cases) {
  const rows = SIZES.map((n) => {
    const input = c.build(n);
    const [own, library] = alternate([() => c.own(input), () => c.library(input)], RUNS);
    return { n, own, library };
  });
  const [small, large] = rows;
  console.log(`\n${c.name}`);
  for (const r of rows) {
    console.log(
      `  ${String(r.n).padStart(6)} nodes  own ${r.own.toFixed(2).padStart(8)}  library ${r.library.toFixed(2).padStart(9)}  library/own ${(r.library / r.own).toFixed(1)}`,
    );
  }
  console.log(
    `  growth ×${large.n / small.n} nodes: own ×${(large.own / small.own).toFixed(1)}, library ×${(large.library / small.library).toFixed(1)}`,
  );
}
