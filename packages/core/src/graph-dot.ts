import type { GraphView, GraphViewNode } from './dialect.js';
import { edgeStyles, nodeStyles, styleOf } from './graph-styles.js';

/**
 * A Graphviz digraph: quoted ids (names may hold any character), roles as fill/pen colours and
 * shapes, groups as clusters (nested by parent), dashed and problem edges styled.
 */
export function renderDot(view: GraphView): string {
  const lines = [
    'digraph orchlint {',
    `  rankdir=${view.direction === 'LR' ? 'LR' : 'TB'};`,
    // Room between nodes and ranks for the edge xlabels (Graphviz 2.43, checked by rendering).
    '  nodesep=0.8;',
    '  ranksep=0.7;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica"];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  const groups = view.groups ?? [];
  const known = new Set(groups.map((g) => g.id));
  const emit = (groupId: string | undefined, indent: string): void => {
    for (const n of view.nodes) {
      const inGroup = n.group !== undefined && known.has(n.group) ? n.group : undefined;
      if (inGroup === groupId) lines.push(`${indent}${node(n)}`);
    }
    groups.forEach((g, i) => {
      const parent = g.parent !== undefined && known.has(g.parent) ? g.parent : undefined;
      if (parent !== groupId) return;
      lines.push(
        `${indent}subgraph "cluster_${i}" {`,
        `${indent}  label=${quote(g.label)};`,
        `${indent}  style="rounded,dashed";`,
      );
      emit(g.id, indent + '  ');
      lines.push(`${indent}}`);
    });
  };
  emit(undefined, '  ');
  const ids = new Set(view.nodes.map((n) => n.id));
  for (const e of view.edges) {
    if (!ids.has(e.from) || !ids.has(e.to)) continue;
    const attrs: string[] = [];
    // xlabel: placed beside the finished edge, so labels neither overlap nor stretch the layout as edge-label nodes do.
    if (e.label) attrs.push(`xlabel=${quote(e.label)}`);
    if (e.style && e.style !== 'solid') attrs.push(`style=${e.style}`);
    const s = styleOf(e.classes, edgeStyles);
    if (s.stroke) attrs.push(`color=${quote(s.stroke)}`, `fontcolor=${quote(s.stroke)}`);
    if (s.strokeWidth) attrs.push(`penwidth=${s.strokeWidth}`);
    lines.push(`  ${quote(e.from)} -> ${quote(e.to)}${attrs.length ? ` [${attrs.join(', ')}]` : ''};`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

function node(n: GraphViewNode): string {
  const s = styleOf(n.classes, nodeStyles);
  const attrs = [`label=${quote(n.label)}`];
  if (n.classes?.length) attrs.push(`class=${quote(n.classes.join(' '))}`);
  if (n.classes?.includes('terminal')) attrs.push('peripheries=2');
  if (n.classes?.includes('entry')) attrs.push('shape=box', 'style="rounded,filled,bold"');
  if (s.dashed) attrs.push('style="rounded,filled,dashed"');
  if (s.fill) attrs.push(`fillcolor=${quote(s.fill)}`);
  if (s.stroke) attrs.push(`color=${quote(s.stroke)}`);
  if (s.strokeWidth) attrs.push(`penwidth=${s.strokeWidth}`);
  if (s.color) attrs.push(`fontcolor=${quote(s.color)}`);
  return `${quote(n.id)} [${attrs.join(', ')}];`;
}

/** A DOT double-quoted string: backslashes and quotes escaped, line breaks as \n. */
function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}
