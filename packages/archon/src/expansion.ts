import { memoized } from '@orchlint/core';
import type { ArchonNode, ExpandedIds, WorkflowModel } from './model.js';

/*
 * Node ids after include expansion, answered without building the flattened workflow. Archon
 * replaces an include node `inc` by its block's nodes renamed `inc__<id>` (recursively, so nested
 * includes give `a__b__id`), so the flattened id set is the product of the include counts: a
 * diamond of four files of n nodes, each but the last including the next n times, flattens into n⁴.
 * Each workflow's own ids are indexed once instead, and an expanded id is looked up by splitting
 * it at each `__` and following the include it may start with into that include's target.
 * Expansion order is the flattened workflow's: depth first, in document order; a workflow already
 * being expanded on the way down contributes nothing again.
 */

interface IncludeAt {
  /** Position in the node list: expansion order. */
  at: number;
  node: ArchonNode;
  target: WorkflowModel;
}

/** One node list's ids as expansion sees them. */
interface IdIndex {
  /** The last non-include node of each id, and where it sits. */
  leaves: Map<string, { at: number; node: ArchonNode }>;
  /** Include nodes whose target resolved to a file, by id. */
  includes: Map<string, IncludeAt[]>;
  /** Ids of include nodes whose block orchlint cannot see (bundled, not found, cycle, dynamic). */
  opaque: Set<string>;
}

const indexOf = memoized((nodes: readonly ArchonNode[]): IdIndex => {
  const index: IdIndex = { leaves: new Map(), includes: new Map(), opaque: new Set() };
  nodes.forEach((node, at) => {
    if (node.id === undefined) return;
    const r = node.include?.resolution;
    if (!node.include) index.leaves.set(node.id, { at, node });
    else if (r?.kind !== 'found') index.opaque.add(node.id);
    else {
      const list = index.includes.get(node.id) ?? [];
      list.push({ at, node, target: r.workflow });
      index.includes.set(node.id, list);
    }
  });
  return index;
});

/** Each way to read an id as `<include id>__<rest>`: a cut at every `__`. */
function* cuts(id: string): Generator<[head: string, rest: string]> {
  for (let k = id.indexOf('__'); k >= 0; k = id.indexOf('__', k + 1)) yield [id.slice(0, k), id.slice(k + 2)];
}

/** The node the flattened workflow keeps last under this id (a map of the flattened ids keeps the last). */
function lastNamed(workflow: WorkflowModel, id: string, walking: Set<WorkflowModel>): ArchonNode | undefined {
  if (walking.has(workflow)) return undefined;
  const index = indexOf(workflow.nodes);
  const ways: Array<{ at: number; node?: ArchonNode; inner?: [WorkflowModel, string] }> = [];
  const leaf = index.leaves.get(id);
  if (leaf) ways.push(leaf);
  for (const [head, rest] of cuts(id))
    for (const inc of index.includes.get(head) ?? []) ways.push({ at: inc.at, inner: [inc.target, rest] });
  // The way latest in expansion order wins, as the later write of the same key does.
  ways.sort((a, b) => b.at - a.at);
  walking.add(workflow);
  let found: ArchonNode | undefined;
  for (const way of ways) {
    found = way.node ?? lastNamed(way.inner![0], way.inner![1], walking);
    if (found) break;
  }
  walking.delete(workflow);
  return found;
}

function behindOpaque(workflow: WorkflowModel, id: string, walking: Set<WorkflowModel>): boolean {
  if (walking.has(workflow)) return false;
  const index = indexOf(workflow.nodes);
  walking.add(workflow);
  let found = false;
  for (const [head, rest] of cuts(id)) {
    found =
      index.opaque.has(head) || (index.includes.get(head) ?? []).some((inc) => behindOpaque(inc.target, rest, walking));
    if (found) break;
  }
  walking.delete(workflow);
  return found;
}

/**
 * Walks the flattened ids in expansion order without storing them: `step` extends the state by a
 * piece of id (a node id, or an include id and `__`) and returns undefined to skip what lies beyond.
 */
function walk<S>(
  workflow: WorkflowModel,
  state: S,
  step: (state: S, piece: string) => S | undefined,
  leaf: (state: S) => void,
  walking: Set<WorkflowModel>,
): void {
  if (walking.has(workflow)) return;
  walking.add(workflow);
  for (const node of workflow.nodes) {
    if (node.id === undefined) continue;
    const r = node.include?.resolution;
    if (node.include && r?.kind !== 'found') continue;
    const next = step(state, node.include ? `${node.id}__` : node.id);
    if (next === undefined) continue;
    if (r?.kind === 'found') walk(r.workflow, next, step, leaf, walking);
    else leaf(next);
  }
  walking.delete(workflow);
}

/** The expanded ids of these workflows, as one flattened map of them all (in this order) would hold them. */
export function expandedIds(roots: readonly WorkflowModel[]): ExpandedIds {
  return {
    get(id) {
      for (let i = roots.length - 1; i >= 0; i--) {
        const found = lastNamed(roots[i]!, id, new Set());
        if (found) return found;
      }
      return undefined;
    },
    behindOpaqueInclude: (id) => roots.some((root) => behindOpaque(root, id, new Set())),
    startingWith(prefix) {
      const found = new Set<string>();
      const step = (so: string, piece: string) => {
        const longer = so + piece;
        return longer.startsWith(prefix) || prefix.startsWith(longer) ? longer : undefined;
      };
      for (const root of roots)
        walk(root, '', step, (id) => (id.startsWith(prefix) ? found.add(id) : undefined), new Set());
      return [...found];
    },
    nearest(name) {
      // Edit distance (UTF-16 units, as fastest-levenshtein counts) computed one row per character
      // along the walk; a branch whose best row entry already reaches the best found is skipped, so
      // only ids near the name are ever spelled out. The first id of the least distance wins, as in
      // `closest` over the flattened ids in order; didYouMean's limit bounds the search.
      let best = Math.max(2, Math.floor(name.length / 3)) + 1;
      let nearestId: string | undefined;
      const step = ({ id, row }: { id: string; row: number[] }, piece: string) => {
        let current = row;
        for (let c = 0; c < piece.length; c++) {
          const next = [current[0]! + 1];
          let least = next[0]!;
          for (let j = 1; j <= name.length; j++) {
            const substitute = current[j - 1]! + (name.charCodeAt(j - 1) === piece.charCodeAt(c) ? 0 : 1);
            next.push(Math.min(current[j]! + 1, next[j - 1]! + 1, substitute));
            least = Math.min(least, next[j]!);
          }
          if (least >= best) return undefined;
          current = next;
        }
        return { id: id + piece, row: current };
      };
      const leaf = ({ id, row }: { id: string; row: number[] }) => {
        const distance = row[name.length]!;
        if (distance < best) {
          best = distance;
          nearestId = id;
        }
      };
      const start = { id: '', row: Array.from({ length: name.length + 1 }, (_, j) => j) };
      for (const root of roots) walk(root, start, step, leaf, new Set());
      // The name itself is no suggestion (nor is anything else then: nothing is nearer).
      return nearestId === name ? undefined : nearestId;
    },
  };
}

/**
 * For include nodes among `nodes`: the ones whose expansion holds the given id (`<include id>__…`),
 * found by the id's cuts rather than by expanding every include.
 */
export function includesExpandingTo(nodes: readonly ArchonNode[]): (id: string) => ArchonNode[] {
  const index = indexOf(nodes);
  return (id) => {
    const found: ArchonNode[] = [];
    for (const [head, rest] of cuts(id))
      for (const inc of index.includes.get(head) ?? [])
        if (lastNamed(inc.target, rest, new Set())) found.push(inc.node);
    return found;
  };
}
