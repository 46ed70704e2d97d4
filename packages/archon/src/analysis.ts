import { cyclicComponents, memoized } from '@orchlint/core';
import type { Analysis, ArchonNode, Scope, WorkflowModel } from './model.js';
import { providerResolver, type ProviderResolver } from './provider-resolution.js';

const UNTIL_BASH = 'loop_group.until_bash';

export function createAnalysis(model: WorkflowModel): Analysis {
  const upstream = memoized((node: ArchonNode): ReadonlySet<ArchonNode> => {
    // A body node also waits for everything its loop_group waits for.
    const owner = node.scope.owner;
    return new Upstream(node, owner ? () => upstream(owner) : undefined);
  });

  const resolve = (from: ArchonNode, id: string, where?: string): ArchonNode | undefined => {
    // A loop_group's until_bash runs against the output map its body just filled, so the body's own nodes count.
    const inBody = where === UNTIL_BASH && from.body?.byId.get(id);
    if (inBody) return inBody;
    for (let scope: Scope | undefined = from.scope; scope; scope = scope.parent) {
      const hit = scope.byId.get(id);
      if (hit) return hit;
    }
    return undefined;
  };

  // Built on first use: the project's config is set on the model after the model is built.
  let providers: ProviderResolver | undefined;
  const resolver = (): ProviderResolver => {
    providers ??= providerResolver(model);
    return providers;
  };

  return {
    upstream,
    resolve,
    provider: (node) => resolver().ofNode(node),
    workflowProvider: () => resolver().ofWorkflow(),
    cycles: () => cyclesOf(model),
  };
}

/** Cyclic strongly connected sets per scope (the top DAG, then each loop_group body), in document order. */
const cyclesOf = memoized((model: WorkflowModel): ArchonNode[][] =>
  [model.top, ...model.nodes.flatMap((n) => (n.body ? [n.body] : []))].flatMap((scope: Scope) =>
    cyclicComponents(scope.graph).map((ids) => ids.map((id) => scope.byId.get(id)!).sort((a, b) => a.index - b.index)),
  ),
);

/**
 * The nodes a node waits for, found on demand: `has` walks the inbound edges breadth first only
 * until it meets the node asked for, so checking a reference to a direct dependency costs O(1)
 * however long the chain above it (a whole set per node made a chain of n nodes cost n²).
 */
class Upstream implements ReadonlySet<ArchonNode> {
  private readonly found = new Set<ArchonNode>();
  private readonly queue: string[] = [];
  private readonly seen = new Set<string>();
  private next = 0;
  private whole: Set<ArchonNode> | undefined;

  constructor(
    private readonly node: ArchonNode,
    private readonly inherited: (() => ReadonlySet<ArchonNode>) | undefined,
  ) {
    const { id, scope } = node;
    if (id !== undefined && scope.byId.get(id) === node) {
      this.queue.push(id);
      this.seen.add(id);
    }
  }

  has(other: ArchonNode): boolean {
    if (other === this.node) return false;
    while (!this.found.has(other) && this.step());
    return this.found.has(other) || (this.inherited?.().has(other) ?? false);
  }

  /** Visits the next node of the search; false when there is none. */
  private step(): boolean {
    const id = this.queue[this.next++];
    if (id === undefined) return false;
    const { scope } = this.node;
    scope.graph.forEachInNeighbor(id, (neighbour) => {
      if (this.seen.has(neighbour)) return;
      this.seen.add(neighbour);
      this.queue.push(neighbour);
      this.found.add(scope.byId.get(neighbour)!);
    });
    return true;
  }

  private all(): Set<ArchonNode> {
    if (!this.whole) {
      while (this.step());
      this.whole = new Set(this.found);
      // In a cycle the search comes back to the node itself, which does not wait for itself.
      this.whole.delete(this.node);
      for (const n of this.inherited?.() ?? []) this.whole.add(n);
    }
    return this.whole;
  }

  get size(): number {
    return this.all().size;
  }
  forEach(callback: (value: ArchonNode, key: ArchonNode, set: ReadonlySet<ArchonNode>) => void): void {
    for (const n of this.all()) callback(n, n, this);
  }
  entries(): SetIterator<[ArchonNode, ArchonNode]> {
    return this.all().entries();
  }
  keys(): SetIterator<ArchonNode> {
    return this.all().keys();
  }
  values(): SetIterator<ArchonNode> {
    return this.all().values();
  }
  [Symbol.iterator](): SetIterator<ArchonNode> {
    return this.all()[Symbol.iterator]();
  }
}
