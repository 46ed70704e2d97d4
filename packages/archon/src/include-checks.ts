import { scalarValue, type Entry, type Source } from '@orchlint/core';
import type { ArchonNode, InputRef, WorkflowModel } from './model.js';
import { nodeReferences, type NodeReference } from './node-refs.js';
import { parseWhen } from './when.js';

/** What an include's `with:` and the included block's `inputs:` and references say to each other. */
export interface IncludeContract {
  block: WorkflowModel;
  source: Source;
  /** Declared input names, when the block declares `inputs:` at all. */
  declared?: string[];
  /** `with:` keys the block does not declare (only when it declares inputs). */
  undeclared: Entry[];
  /** Declared `required: true` inputs the include does not pass. */
  missingRequired: Entry[];
  /** The first `$INPUTS.<name>` of each name the block reads that is neither passed nor defaulted. */
  missingInputs: InputRef[];
  /** References from the block to nodes it does not contain: it is not hermetic. */
  outsideRefs: Array<{ node: ArchonNode; ref: NodeReference }>;
}

/** The contract of a resolved include node; undefined when the include did not resolve to a file. */
export function includeContract(model: WorkflowModel, node: ArchonNode): IncludeContract | undefined {
  const r = node.include?.resolution;
  if (r?.kind !== 'found') return undefined;
  const block = r.workflow;
  const given = new Map(model.tree.entries(node.fields.get('with')?.node).map((e) => [e.key, e]));
  const inputsField = block.fields.get('inputs');
  const declared = new Map(block.tree.entries(inputsField?.node).map((e) => [e.key, e]));
  const contract: IncludeContract = {
    block,
    source: r.source,
    undeclared: [],
    missingRequired: [],
    missingInputs: [],
    outsideRefs: [],
  };
  if (inputsField) {
    contract.declared = [...declared.keys()];
    contract.undeclared = [...given.values()].filter((e) => !declared.has(e.key));
    contract.missingRequired = [...declared.values()].filter(
      (e) => !given.has(e.key) && scalarValue(block.tree.get(e.value, 'required')) === true,
    );
  }
  const seen = new Set<string>();
  for (const inner of block.nodes) {
    for (const ref of inner.inputRefs) {
      const decl = declared.get(ref.name);
      if (given.has(ref.name) || seen.has(ref.name) || (decl && block.tree.entry(decl.value, 'default'))) continue;
      seen.add(ref.name);
      contract.missingInputs.push(ref);
    }
    for (const ref of nodeReferences(inner))
      if (!block.analysis.resolve(inner, ref.id)) contract.outsideRefs.push({ node: inner, ref });
  }
  return contract;
}

export interface IncludeWhenConflicts {
  block: WorkflowModel;
  source: Source;
  /** Entry nodes whose own `when:` cannot be AND-ed with the include's because one side uses `||`. */
  orMerges: ArchonNode[];
  /** Block conditions that `$INPUTS` substitution turns unparseable. */
  substitutions: Array<{ node: ArchonNode; before: string; after: string }>;
}

/** How the include's `when:` and `with:` values compose with the block's conditions (§2). */
export function includeWhenConflicts(model: WorkflowModel, node: ArchonNode): IncludeWhenConflicts | undefined {
  const r = node.include?.resolution;
  if (r?.kind !== 'found') return undefined;
  const block = r.workflow;
  const entries = block.top.nodes.filter(
    (n) => !n.dependsOn.some((d) => typeof d.value === 'string' && block.top.byId.has(d.value)),
  );
  const own = node.when?.condition;
  const orMerges = own ? entries.filter((e) => e.when && (own.usesOr || e.when.condition.usesOr)) : [];
  const given = new Map(model.tree.entries(node.fields.get('with')?.node).map((e) => [e.key, e.value]));
  const defaults = new Map(
    block.tree.entries(block.fields.get('inputs')?.node).map((e) => [e.key, block.tree.get(e.value, 'default')]),
  );
  const substitutions: IncludeWhenConflicts['substitutions'] = [];
  for (const inner of block.nodes) {
    const before = inner.when?.located.value;
    if (!before?.includes('$INPUTS.') || inner.when!.condition.atoms.some((a) => a.problems.length)) continue;
    const after = before.replace(/\$INPUTS\.([a-zA-Z_][a-zA-Z0-9_-]*)/g, (whole, name: string) => {
      const value = given.get(name) ?? defaults.get(name);
      return value ? canonicalText(value.toJSON()) : whole;
    });
    if (after !== before && parseWhen(after).atoms.some((a) => a.problems.length))
      substitutions.push({ node: inner, before, after });
  }
  return { block, source: r.source, orMerges, substitutions };
}

/** canonicalValueText: strings stay raw, everything else becomes its JSON text. */
function canonicalText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
