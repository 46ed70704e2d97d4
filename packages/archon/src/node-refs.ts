import { spanOf, type Span } from '@orchlint/core';
import type { ArchonNode, OutputRef, Setting } from './model.js';

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

/** A reference in a `with:` binding that the loader requires to be upstream of its node. */
export interface BindingRef {
  binding: Setting;
  ref: OutputRef;
  producer: ArchonNode;
}

/**
 * The `$id.output` references in a command or script node's `with:` bindings (a string value, or a
 * directive's `from`) to a node of the node's own scope, itself included. The 0.9 loader rejects the
 * file unless each producer is upstream of the node (loader.ts, #2637); a node of an enclosing scope
 * it leaves to run time, and `with:` of other node kinds it does not check.
 */
export function loaderCheckedBindingRefs(node: ArchonNode): BindingRef[] {
  if (node.kind !== 'command' && node.kind !== 'script') return [];
  const out: BindingRef[] = [];
  for (const binding of node.bindings) {
    const value = binding.field.type === 'object' ? binding.block.byKey.get('from')?.node : binding.field.node;
    if (!value) continue;
    const { start, end } = spanOf(value);
    for (const ref of node.outputRefs) {
      if (ref.span.start < start || ref.span.end > end || ref.id === 'INPUTS') continue;
      const producer = node.scope.byId.get(ref.id);
      if (producer) out.push({ binding, ref, producer });
    }
  }
  return out;
}
