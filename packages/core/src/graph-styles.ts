/**
 * How each node and edge class is drawn, shared by the Mermaid and DOT renderers. Where a node's
 * classes set the same property the later one in this table wins (Mermaid's classDefs apply in
 * this order too): a role's fill stays, the entry's and terminal's borders show, problems win.
 */
export interface Style {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  color?: string;
  dashed?: boolean;
}

export const nodeStyles: Record<string, Style> = {
  user: { fill: '#ddf4ff', stroke: '#0969da' },
  agent: { fill: '#fff8c5', stroke: '#9a6700' },
  script: { fill: '#f6f8fa', stroke: '#57606a' },
  ai: { fill: '#fbefff', stroke: '#8250df' },
  approval: { fill: '#ddf4ff', stroke: '#0969da', dashed: true },
  loop: { fill: '#fff1e5', stroke: '#bc4c00' },
  terminal: { stroke: '#24292f', strokeWidth: 2 },
  entry: { stroke: '#1a7f37', strokeWidth: 3 },
  problem: { fill: '#ffebe9', stroke: '#cf222e', strokeWidth: 3, color: '#82071e' },
  missing: { fill: '#ffebe9', stroke: '#cf222e', color: '#82071e', dashed: true },
  /** `trace --coverage`: no fixture reaches it. */
  uncovered: { fill: '#eaeef2', stroke: '#8c959f', color: '#57606a', dashed: true },
};

export const edgeStyles: Record<string, Style> = {
  problem: { stroke: '#cf222e', strokeWidth: 3 },
  uncovered: { stroke: '#8c959f', dashed: true },
};

/** Order in which classes apply, so the same node always looks the same whatever order its classes came in. */
export const classOrder = Object.keys(nodeStyles);

export function styleOf(classes: readonly string[] | undefined, table: Record<string, Style>): Style {
  const known = (classes ?? []).filter((c) => table[c]).sort((a, b) => classOrder.indexOf(a) - classOrder.indexOf(b));
  return Object.assign({}, ...known.map((c) => table[c]));
}
