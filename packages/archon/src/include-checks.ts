import { memoized, scalarValue, type Entry, type Source, type TreeNode } from '@orchlint/core';
import type { ArchonNode, InputRef, WorkflowModel } from './model.js';
import { nodeReferences, type NodeReference } from './node-refs.js';
import { parseWhen } from './when.js';

/** What an include's `with:` and the included block's `inputs:` and references say to each other. */
export interface IncludeContract {
  block: WorkflowModel;
  source: Source;
  /** Declared input names, when the block declares `inputs:` at all. */
  declared?: readonly string[];
  /** `with:` keys the block does not declare (only when it declares inputs). */
  undeclared: Entry[];
  /** Declared `required: true` inputs the include does not pass. */
  missingRequired: Entry[];
  /** The first `$INPUTS.<name>` of each name the block reads that is neither passed nor defaulted. */
  missingInputs: InputRef[];
  /** References from the block to nodes it does not contain: it is not hermetic (shared by every include of the block). */
  outsideRefs: ReadonlyArray<{ node: ArchonNode; ref: NodeReference }>;
}

/**
 * What a block says to every include of it, worked out once per block: an includer is checked
 * against this summary and its own `with:`, so n includes of a block of n nodes cost n + n, not n².
 */
interface BlockContract {
  /** Declared inputs and their names, when the block declares `inputs:` at all. */
  declared?: Map<string, Entry>;
  declaredNames?: readonly string[];
  /** Declared `required: true` inputs, in order. */
  required: Entry[];
  /** The first `$INPUTS.<name>` of each name the block reads that it does not default, in order. */
  undefaulted: InputRef[];
  outsideRefs: Array<{ node: ArchonNode; ref: NodeReference }>;
}

const blockContract = memoized((block: WorkflowModel): BlockContract => {
  const inputsField = block.fields.get('inputs');
  const declared = new Map(block.tree.entries(inputsField?.node).map((e) => [e.key, e]));
  const contract: BlockContract = { required: [], undefaulted: [], outsideRefs: [] };
  if (inputsField) {
    contract.declared = declared;
    contract.declaredNames = [...declared.keys()];
    contract.required = [...declared.values()].filter((e) => scalarValue(block.tree.get(e.value, 'required')) === true);
  }
  const seen = new Set<string>();
  for (const inner of block.nodes) {
    for (const ref of inner.inputRefs) {
      if (seen.has(ref.name)) continue;
      seen.add(ref.name);
      const decl = declared.get(ref.name);
      if (!(decl && block.tree.entry(decl.value, 'default'))) contract.undefaulted.push(ref);
    }
    for (const ref of nodeReferences(inner))
      if (!block.analysis.resolve(inner, ref.id, ref.where)) contract.outsideRefs.push({ node: inner, ref });
  }
  return contract;
});

/** The include's `with:` entries by key (a repeated key: the last). */
function bindings(model: WorkflowModel, node: ArchonNode): Map<string, Entry> {
  return new Map(model.tree.entries(node.fields.get('with')?.node).map((e) => [e.key, e]));
}

/** The contract of a resolved include node; undefined when the include did not resolve to a file. */
export function includeContract(model: WorkflowModel, node: ArchonNode): IncludeContract | undefined {
  const r = node.include?.resolution;
  if (r?.kind !== 'found') return undefined;
  const block = blockContract(r.workflow);
  const given = bindings(model, node);
  const contract: IncludeContract = {
    block: r.workflow,
    source: r.source,
    undeclared: [],
    missingRequired: block.required.filter((e) => !given.has(e.key)),
    missingInputs: block.undefaulted.filter((ref) => !given.has(ref.name)),
    outsideRefs: block.outsideRefs,
  };
  if (block.declared) {
    contract.declared = block.declaredNames!;
    contract.undeclared = [...given.values()].filter((e) => !block.declared!.has(e.key));
  }
  return contract;
}

export interface IncludeWhenConflicts {
  block: WorkflowModel;
  source: Source;
  /** Entry nodes whose own `when:` cannot be AND-ed with the include's because one side uses `||`. */
  orMerges: readonly ArchonNode[];
  /** Block conditions that `$INPUTS` substitution turns unparseable. */
  substitutions: ReadonlyArray<{ node: ArchonNode; before: string; after: string }>;
}

const INPUT_REF = /\$INPUTS\.([a-zA-Z_][a-zA-Z0-9_-]*)/g;

/** A block's conditions as every include of it sees them, worked out once per block. */
interface BlockConditions {
  /** Entry nodes with a `when:`, and those of them whose `when:` uses `||`. */
  gatedEntries: ArchonNode[];
  orEntries: ArchonNode[];
  /** Parseable conditions that read `$INPUTS`, and the input names they read. */
  substituted: Array<{ node: ArchonNode; before: string }>;
  names: ReadonlySet<string>;
  defaults: Map<string, TreeNode | undefined>;
  /** Substitution results by the values the include gives those names: includes alike share one. */
  bySignature: Map<string, IncludeWhenConflicts['substitutions']>;
}

const blockConditions = memoized((block: WorkflowModel): BlockConditions => {
  const entries = block.top.nodes.filter(
    (n) => !n.dependsOn.some((d) => typeof d.value === 'string' && block.top.byId.has(d.value)),
  );
  const gatedEntries = entries.filter((e) => e.when);
  const substituted: BlockConditions['substituted'] = [];
  const names = new Set<string>();
  for (const inner of block.nodes) {
    const before = inner.when?.located.value;
    if (!before?.includes('$INPUTS.') || inner.when!.condition.atoms.some((a) => a.problems.length)) continue;
    substituted.push({ node: inner, before });
    for (const [, name] of before.matchAll(INPUT_REF)) names.add(name!);
  }
  const found: BlockConditions = {
    gatedEntries,
    orEntries: gatedEntries.filter((e) => e.when!.condition.usesOr),
    substituted,
    names,
    defaults: new Map(
      block.tree.entries(block.fields.get('inputs')?.node).map((e) => [e.key, block.tree.get(e.value, 'default')]),
    ),
    bySignature: new Map(),
  };
  return found;
});

/** How the include's `when:` and `with:` values compose with the block's conditions (§2). */
export function includeWhenConflicts(model: WorkflowModel, node: ArchonNode): IncludeWhenConflicts | undefined {
  const r = node.include?.resolution;
  if (r?.kind !== 'found') return undefined;
  const block = blockConditions(r.workflow);
  const own = node.when?.condition;
  const orMerges = own ? (own.usesOr ? block.gatedEntries : block.orEntries) : [];
  // Only the values of the names the block's conditions read change what substitution gives.
  const given = new Map<string, string>();
  for (const [key, entry] of bindings(model, node))
    if (block.names.has(key) && entry.value) given.set(key, canonicalText(entry.value.toJSON()));
  const signature = JSON.stringify([...given].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let substitutions = block.bySignature.get(signature);
  if (!substitutions) {
    substitutions = unparseable(block, given);
    block.bySignature.set(signature, substitutions);
  }
  return { block: r.workflow, source: r.source, orMerges, substitutions };
}

/** The block conditions that substituting the given input values (else the defaults) makes unparseable. */
function unparseable(
  block: BlockConditions,
  given: ReadonlyMap<string, string>,
): IncludeWhenConflicts['substitutions'] {
  const found: Array<{ node: ArchonNode; before: string; after: string }> = [];
  for (const { node, before } of block.substituted) {
    const after = before.replace(INPUT_REF, (whole, name: string) => {
      const fallback = block.defaults.get(name);
      return given.get(name) ?? (fallback ? canonicalText(fallback.toJSON()) : whole);
    });
    if (after !== before && parseWhen(after).atoms.some((a) => a.problems.length)) found.push({ node, before, after });
  }
  return found;
}

/** canonicalValueText: strings stay raw, everything else becomes its JSON text. */
function canonicalText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
