import type { GraphView, GraphViewNode } from './dialect.js';
import { edgeStyles, nodeStyles, type Style } from './graph-styles.js';

/**
 * A Mermaid flowchart that GitHub renders: nodes get generated ids (names may hold any character),
 * labels are quoted with Mermaid's entity escapes, roles become classDef styles, groups subgraphs,
 * dashed edges dotted links and problem edges red via linkStyle.
 */
export function renderMermaid(view: GraphView): string {
  const ids = new Map(view.nodes.map((n, i) => [n.id, `n${i}`]));
  const groupIds = new Map((view.groups ?? []).map((g, i) => [g.id, `g${i}`]));
  const lines = [`flowchart ${view.direction}`];
  const declare = (n: GraphViewNode, indent: string) => lines.push(`${indent}${ids.get(n.id)}${shape(n)}`);
  const emitGroup = (groupId: string | undefined, indent: string): void => {
    for (const n of view.nodes)
      if (n.group === groupId || (groupId === undefined && n.group !== undefined && !groupIds.has(n.group)))
        declare(n, indent);
    for (const g of view.groups ?? []) {
      const parent = g.parent !== undefined && groupIds.has(g.parent) ? g.parent : undefined;
      if (parent !== groupId) continue;
      lines.push(`${indent}subgraph ${groupIds.get(g.id)}["${label(g.label)}"]`);
      emitGroup(g.id, indent + '  ');
      lines.push(`${indent}end`);
    }
  };
  emitGroup(undefined, '  ');
  const styledLinks = new Map(Object.keys(edgeStyles).map((name) => [name, [] as number[]]));
  view.edges.forEach((e, i) => {
    const from = ids.get(e.from);
    const to = ids.get(e.to);
    if (!from || !to) return;
    const arrow = e.style === 'dashed' || e.style === 'dotted' ? '-.->' : '-->';
    lines.push(`  ${from} ${arrow}${e.label ? `|"${label(e.label)}"|` : ''} ${to}`);
    // A problem edge is drawn as one, whatever else it is.
    const style = e.classes?.includes('problem') ? 'problem' : e.classes?.find((c) => styledLinks.has(c));
    if (style) styledLinks.get(style)!.push(i);
  });
  const used = new Set(view.nodes.flatMap((n) => n.classes ?? []));
  for (const [name, style] of Object.entries(nodeStyles))
    if (used.has(name)) lines.push(`  classDef ${name} ${css(style)}`);
  for (const name of Object.keys(nodeStyles)) {
    const members = view.nodes.filter((n) => n.classes?.includes(name)).map((n) => ids.get(n.id));
    if (members.length) lines.push(`  class ${members.join(',')} ${name}`);
  }
  for (const [name, links] of styledLinks)
    if (links.length) lines.push(`  linkStyle ${links.join(',')} ${css(edgeStyles[name]!)}`);
  return lines.join('\n') + '\n';
}

/** Entry states are stadiums, terminal ones double-bordered boxes, the rest rounded boxes. */
function shape(n: GraphViewNode): string {
  const text = `"${label(n.label)}"`;
  if (n.classes?.includes('terminal')) return `[[${text}]]`;
  if (n.classes?.includes('entry')) return `([${text}])`;
  return `(${text})`;
}

/**
 * Inside a quoted Mermaid label only entity codes are safe for quotes, markup and the `#` that
 * starts them; line breaks become <br/>, the one markup kept.
 */
function label(s: string): string {
  return s
    .split(/\r?\n/)
    .map((line) => line.replace(/#/g, '#35;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;'))
    .join('<br/>');
}

function css(style: Style): string {
  const parts: string[] = [];
  if (style.fill) parts.push(`fill:${style.fill}`);
  if (style.stroke) parts.push(`stroke:${style.stroke}`);
  if (style.strokeWidth) parts.push(`stroke-width:${style.strokeWidth}px`);
  if (style.color) parts.push(`color:${style.color}`);
  if (style.dashed) parts.push('stroke-dasharray:5 3');
  return parts.join(',');
}
