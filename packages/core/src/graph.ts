import { MultiDirectedGraph } from 'graphology';

export type Digraph = MultiDirectedGraph;

/** A directed graph that allows several edges between two nodes and self-loops. */
export function createDigraph(): Digraph {
  return new MultiDirectedGraph({ allowSelfLoops: true });
}

/** Every node reachable from the given start nodes (the starts included). */
export function reachableFrom(graph: Digraph, starts: Iterable<string>): Set<string> {
  return search(graph, starts, 'forEachOutNeighbor');
}

/** Every node from which one of the given targets can be reached (the targets included). */
export function reachingTo(graph: Digraph, targets: Iterable<string>): Set<string> {
  return search(graph, targets, 'forEachInNeighbor');
}

/**
 * Breadth-first from every start at once, with its own queue. graphology-traversal's bfsFromNode
 * takes one start and sizes its queue to the whole graph on every call, so a search from each of k
 * starts costs k × the graph: in test/bench/graph-search.mjs, a backward search from every exit of
 * 2,000 → 20,000 states took it 6.7 → 1,300 ms (×194) against 1.8 → 31 ms here. From one start,
 * where its cost is linear, it was still 1.1–2.2× slower than this.
 */
function search(
  graph: Digraph,
  from: Iterable<string>,
  neighbours: 'forEachOutNeighbor' | 'forEachInNeighbor',
): Set<string> {
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (node: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    queue.push(node);
  };
  for (const node of from) if (graph.hasNode(node)) visit(node);
  for (let i = 0; i < queue.length; i++) graph[neighbours](queue[i]!, visit);
  return seen;
}

/** Answers, for one graph that does not change, whether one node reaches another. */
export interface Reachability {
  /** Whether `to` is reachable from `from` (a node reaches itself). */
  reaches(from: string, to: string): boolean;
}

/**
 * Reachability questions about one graph without a search per question, which made a question per
 * node quadratic in a chain of n steps (each reaches all before it). A depth-first forest over the
 * out-edges, grown from the nodes nothing points at, numbers each node on entry and on exit, so
 * "`to` lies in `from`'s subtree" is two comparisons: the whole answer along a chain or a tree.
 * Only a path that needs an edge outside the forest costs a search, which stops at the first node
 * whose subtree holds the target and remembers, per target, the nodes found not to reach it.
 * (graphology-traversal's dfs reports no exit from a node, which the numbering needs.)
 */
export function reachability(graph: Digraph): Reachability {
  const enter = new Map<string, number>();
  const leave = new Map<string, number>();
  let clock = 0;
  const grow = (root: string): void => {
    enter.set(root, clock++);
    const frames: Array<{ node: string; next: string[]; at: number }> = [
      { node: root, next: graph.outNeighbors(root), at: 0 },
    ];
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      if (frame.at < frame.next.length) {
        const child = frame.next[frame.at++]!;
        if (enter.has(child)) continue;
        enter.set(child, clock++);
        frames.push({ node: child, next: graph.outNeighbors(child), at: 0 });
      } else {
        leave.set(frame.node, clock++);
        frames.pop();
      }
    }
  };
  graph.forEachNode((node) => {
    if (graph.inDegree(node) === 0 && !enter.has(node)) grow(node);
  });
  // What only cycles hold has no node nothing points at.
  graph.forEachNode((node) => {
    if (!enter.has(node)) grow(node);
  });
  const holds = (from: string, to: string): boolean =>
    enter.get(from)! <= enter.get(to)! && leave.get(to)! <= leave.get(from)!;
  const unreaching = new Map<string, Set<string>>();
  return {
    reaches(from, to) {
      if (!graph.hasNode(from) || !graph.hasNode(to)) return false;
      if (holds(from, to)) return true;
      let known = unreaching.get(to);
      if (!known) {
        known = new Set();
        unreaching.set(to, known);
      }
      if (known.has(from)) return false;
      const seen = new Set([from]);
      const stack = [from];
      while (stack.length) {
        const node = stack.pop()!;
        for (const next of graph.outNeighbors(node)) {
          if (seen.has(next) || known.has(next)) continue;
          if (holds(next, to)) return true;
          seen.add(next);
          stack.push(next);
        }
      }
      // The whole of what `from` reaches was read: none of it reaches `to`.
      for (const node of seen) known.add(node);
      return false;
    },
  };
}

/** Strongly connected components that hold a cycle: two or more nodes, or one with a self-loop. */
export function cyclicComponents(graph: Digraph): string[][] {
  return stronglyConnectedComponents(graph).filter(
    (c) => c.length > 1 || (c.length === 1 && graph.hasDirectedEdge(c[0]!, c[0]!)),
  );
}

/**
 * A shortest cycle through `start` that stays inside `members`, spelled start → … → start. Its own
 * search: graphology-traversal's reports no parents to spell the cycle with, and its queue sized to
 * the whole graph made one search per cycle quadratic (test/bench/graph-search.mjs: 667 → 6,667
 * two-state cycles, 6 → 1,250 ms for its bare traversal, 0.6 → 6.4 ms here).
 */
export function cycleThrough(graph: Digraph, start: string, members: ReadonlySet<string>): string[] {
  if (graph.hasDirectedEdge(start, start)) return [start, start];
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const next of graph.outNeighbors(node)) {
      if (next === start) {
        const path = [start];
        for (let n: string | undefined = node; n !== undefined && n !== start; n = parent.get(n)) path.push(n);
        path.push(start);
        return path.reverse();
      }
      if (members.has(next) && !parent.has(next)) {
        parent.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/**
 * The path-based algorithm of graphology-components' stronglyConnectedComponents, with an explicit
 * stack: its recursive depth-first search overflows the call stack past about 8,000 chained states.
 */
function stronglyConnectedComponents(graph: Digraph): string[][] {
  const preorder = new Map<string, number>();
  const assigned = new Set<string>();
  const open: string[] = [];
  const unassigned: string[] = [];
  const components: string[][] = [];
  const frames: Array<{ node: string; neighbors: string[]; next: number }> = [];
  const enter = (node: string): void => {
    preorder.set(node, preorder.size);
    open.push(node);
    unassigned.push(node);
    frames.push({ node, neighbors: graph.outNeighbors(node), next: 0 });
  };
  for (const root of graph.nodes()) {
    if (preorder.has(root)) continue;
    enter(root);
    while (frames.length) {
      const frame = frames[frames.length - 1]!;
      if (frame.next < frame.neighbors.length) {
        const neighbor = frame.neighbors[frame.next++]!;
        if (!preorder.has(neighbor)) enter(neighbor);
        else if (!assigned.has(neighbor)) {
          const order = preorder.get(neighbor)!;
          while (preorder.get(open[open.length - 1]!)! > order) open.pop();
        }
        continue;
      }
      frames.pop();
      if (open[open.length - 1] !== frame.node) continue;
      open.pop();
      const component: string[] = [];
      let member: string;
      do {
        member = unassigned.pop()!;
        component.push(member);
        assigned.add(member);
      } while (member !== frame.node);
      components.push(component);
    }
  }
  return components;
}

// graphology-dag's hasCycle and topologicalSort keep their marks in plain objects keyed by node,
// and node keys are user text ('__proto__', 'constructor'): these keep them in Maps.
export function isAcyclic(graph: Digraph): boolean {
  return cyclicComponents(graph).length === 0;
}

/** Nodes in dependency order (Kahn's algorithm); only for acyclic graphs. */
export function topologicalOrder(graph: Digraph): string[] {
  const inDegree = new Map<string, number>();
  const order: string[] = [];
  graph.forEachNode((node) => {
    const degree = graph.inDegree(node);
    inDegree.set(node, degree);
    if (degree === 0) order.push(node);
  });
  for (let i = 0; i < order.length; i++) {
    graph.forEachOutEdge(order[i]!, (_edge, _attributes, _source, target) => {
      const left = inDegree.get(target)! - 1;
      inDegree.set(target, left);
      if (left === 0) order.push(target);
    });
  }
  return order;
}
