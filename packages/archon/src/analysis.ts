import { cyclicComponents } from '@orchlint/core';
import { bfsFromNode } from 'graphology-traversal';
import type { Analysis, ArchonNode, Scope, WorkflowModel } from './model.js';

export function createAnalysis(model: WorkflowModel): Analysis {
  const upstreamCache = new Map<ArchonNode, ReadonlySet<ArchonNode>>();
  let cycles: ArchonNode[][] | undefined;

  const scopes = (): Scope[] => [model.top, ...model.nodes.flatMap((n) => (n.body ? [n.body] : []))];

  const upstream = (node: ArchonNode): ReadonlySet<ArchonNode> => {
    let found = upstreamCache.get(node);
    if (found) return found;
    const set = new Set<ArchonNode>();
    const { scope } = node;
    if (node.id !== undefined && scope.byId.get(node.id) === node) {
      bfsFromNode(
        scope.graph,
        node.id,
        (id) => {
          if (id !== node.id) set.add(scope.byId.get(id)!);
        },
        { mode: 'inbound' },
      );
    }
    // A body node also waits for everything its loop_group waits for.
    if (scope.owner) for (const n of upstream(scope.owner)) set.add(n);
    found = set;
    upstreamCache.set(node, found);
    return found;
  };

  const resolve = (from: ArchonNode, id: string): ArchonNode | undefined => {
    for (let scope: Scope | undefined = from.scope; scope; scope = scope.parent) {
      const hit = scope.byId.get(id);
      if (hit) return hit;
    }
    return undefined;
  };

  return {
    upstream,
    resolve,
    cycles() {
      cycles ??= scopes().flatMap((scope) =>
        cyclicComponents(scope.graph).map((ids) => ids.map((id) => scope.byId.get(id)!).sort((a, b) => a.index - b.index)),
      );
      return cycles;
    },
  };
}
