import {
  spanOfNode,
  type GraphView,
  type Outline,
  type OutlineReference,
  type OutlineSymbol,
  type Span,
} from '@orchlint/core';
import type { ArchonNode, NodeKind, WorkflowModel } from './model.js';

const KIND_CLASS: Record<NodeKind, string> = {
  command: 'ai',
  prompt: 'ai',
  bash: 'script',
  script: 'script',
  loop: 'loop',
  loop_group: 'loop',
  approval: 'approval',
  cancel: 'cancel',
  include: 'include',
  workflow: 'workflow',
  wait: 'wait',
};

/** A node's id in drawings: body ids are qualified by their group, since sibling bodies may reuse ids. */
export function viewId(node: ArchonNode): string {
  const own = node.id ?? `#${node.index + 1}`;
  return node.scope.owner ? `${viewId(node.scope.owner)}/${own}` : own;
}

/** Nodes classed by kind, dependency edges labelled with the dependent's `when:`, loop_group bodies as groups. */
export function archonGraph(model: WorkflowModel): GraphView {
  const view: GraphView = { direction: 'LR', nodes: [], edges: [], groups: [] };
  const problems = new Set(model.analysis.cycles().flat());
  for (const node of model.nodes) {
    const classes = [node.kind ? KIND_CLASS[node.kind] : 'problem'];
    if (node.dependsOn.length === 0) classes.push('entry');
    if (problems.has(node)) classes.push('problem');
    const entry = { id: viewId(node), label: node.id ?? `#${node.index + 1}`, classes };
    view.nodes.push(node.scope.owner ? { ...entry, group: viewId(node.scope.owner) } : entry);
    if (node.body) {
      const group = { id: viewId(node), label: `loop_group ${node.id ?? `#${node.index + 1}`}` };
      view.groups!.push(node.scope.owner ? { ...group, parent: viewId(node.scope.owner) } : group);
    }
    for (const dep of node.dependsOn) {
      const producer = typeof dep.value === 'string' ? node.scope.byId.get(dep.value) : undefined;
      if (!producer) continue;
      const edge = { from: viewId(producer), to: viewId(node) };
      const gated = node.when ? { label: node.when.located.value, style: 'dashed' as const } : {};
      const cyclic = problems.has(node) && problems.has(producer) ? { classes: ['problem'] } : {};
      view.edges.push({ ...edge, ...gated, ...cyclic });
    }
  }
  return view;
}

/** Nodes as symbols (bodies nested), and every reference to a node: depends_on, `$id.output`, `when:` atoms. */
export function archonOutline(model: WorkflowModel): Outline {
  const references: OutlineReference[] = [];
  const symbolOf = (node: ArchonNode): OutlineSymbol | undefined => {
    if (node.id === undefined || !node.idField?.node) return undefined;
    const symbol: OutlineSymbol = {
      name: node.id,
      kind: 'node',
      span: spanOfNode(node.idField.node),
      fullSpan: spanOfNode(node.node),
    };
    if (node.kind) symbol.detail = node.kind;
    const children = node.body?.nodes.map(symbolOf).filter((s): s is OutlineSymbol => s !== undefined);
    if (children?.length) symbol.children = children;
    return symbol;
  };
  for (const node of model.nodes) {
    for (const dep of node.dependsOn) {
      if (typeof dep.value === 'string') references.push({ name: dep.value, kind: 'node', span: spanOfNode(dep.node) });
    }
    for (const ref of node.outputRefs)
      references.push({ name: ref.id, kind: 'node', span: idSpan(ref.span, ref.text, ref.id) });
    if (node.when) {
      for (const atom of node.when.condition.atoms) {
        for (const ref of atom.refs) {
          if (ref.scope !== 'node' || !ref.name) continue;
          references.push({
            name: ref.name,
            kind: 'node',
            span: node.when.text.sourceSpan(ref.start + 1, ref.start + 1 + ref.name.length),
          });
        }
      }
    }
  }
  const symbols = model.top.nodes.map(symbolOf).filter((s): s is OutlineSymbol => s !== undefined);
  return { symbols, references };
}

/** The id inside a `$id.output…` span when the span maps the text one to one, else the whole reference. */
function idSpan(span: Span, text: string, id: string): Span {
  return span.end - span.start === text.length ? { start: span.start + 1, end: span.start + 1 + id.length } : span;
}

export const referenceSlots: ReadonlyArray<{ path: readonly string[]; kind: string }> = [
  { path: ['nodes', '*', 'depends_on', '*'], kind: 'node' },
  { path: ['nodes', '*', 'loop_group', 'nodes', '*', 'depends_on', '*'], kind: 'node' },
  { path: ['nodes', '*', 'context', 'resume'], kind: 'node' },
  { path: ['returns'], kind: 'node' },
];
