import type { Span } from '@orchlint/core';
import type { ArchonNode } from './model.js';

/** One reference from a node to another node's output, wherever it is written. */
export interface NodeReference {
  id: string;
  field?: string;
  /** The whole output (`$id.output`), not one field of it. */
  whole: boolean;
  /** 'when', or the text surface: 'prompt', 'bash', 'with.base.from', … */
  where: string;
  text: string;
  span: Span;
}

/** The `$id.output[.field]` references of the node's text surfaces and the node references of its `when:` atoms. */
export function nodeReferences(node: ArchonNode): NodeReference[] {
  const out: NodeReference[] = node.outputRefs.map((r) => {
    const ref: NodeReference = { id: r.id, whole: r.field === undefined, where: r.surface, text: r.text, span: r.span };
    if (r.field !== undefined) ref.field = r.field;
    return ref;
  });
  if (node.when) {
    for (const atom of node.when.condition.atoms) {
      for (const r of atom.refs) {
        if (r.scope !== 'node' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(r.name)) continue;
        const ref: NodeReference = {
          id: r.name,
          whole: r.form === 'whole',
          where: 'when',
          text: r.text,
          span: node.when.text.sourceSpan(r.start, r.end),
        };
        if (r.field !== undefined && r.form !== 'invalid') ref.field = r.field;
        out.push(ref);
      }
    }
  }
  return out;
}
