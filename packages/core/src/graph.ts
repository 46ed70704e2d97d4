import { MultiDirectedGraph } from 'graphology';
import { stronglyConnectedComponents } from 'graphology-components';
import { hasCycle, topologicalSort } from 'graphology-dag';
import { bfsFromNode } from 'graphology-traversal';

export type Digraph = MultiDirectedGraph;

/** A directed graph that allows several edges between two nodes and self-loops. */
export function createDigraph(): Digraph {
  return new MultiDirectedGraph({ allowSelfLoops: true });
}

/** Every node reachable from the given start nodes (the starts included). */
export function reachableFrom(graph: Digraph, starts: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  for (const start of starts) {
    if (!graph.hasNode(start) || seen.has(start)) continue;
    bfsFromNode(graph, start, (node) => {
      if (seen.has(node) && node !== start) return true;
      seen.add(node);
      return false;
    });
  }
  return seen;
}

/** Strongly connected components that hold a cycle: two or more nodes, or one with a self-loop. */
export function cyclicComponents(graph: Digraph): string[][] {
  return stronglyConnectedComponents(graph).filter(
    (c) => c.length > 1 || (c.length === 1 && graph.hasDirectedEdge(c[0]!, c[0]!)),
  );
}

/** A shortest cycle through `start` that stays inside `members`, spelled start → … → start. */
export function cycleThrough(graph: Digraph, start: string, members: ReadonlySet<string>): string[] {
  if (graph.hasDirectedEdge(start, start)) return [start, start];
  const parent = new Map<string, string>();
  let last: string | undefined;
  bfsFromNode(graph, start, (node) => {
    if (last) return true;
    if (node !== start && !members.has(node)) return true;
    for (const next of graph.outNeighbors(node)) {
      if (next === start) {
        last = node;
        return true;
      }
      if (!parent.has(next) && next !== start) parent.set(next, node);
    }
    return false;
  });
  if (!last) return [start];
  const path = [last];
  while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
  return [...path, start];
}

export function isAcyclic(graph: Digraph): boolean {
  return !hasCycle(graph);
}

/** Nodes in dependency order; only for acyclic graphs. */
export function topologicalOrder(graph: Digraph): string[] {
  return topologicalSort(graph);
}
