import type { Pair } from 'yaml';
import { isMap, isScalar, isSeq, scalarValue, type Entry, type Tree, type TreeNode } from './tree.js';

/**
 * The vocabulary every dialect model shares. A value read from the document, with the node it came
 * from and, for a mapping entry, its key: a rule reports on `node` (the value) or `key`.
 */
export interface Located<T = unknown> {
  value: T;
  node: TreeNode;
  key?: Key;
}

/** A mapping key, the one way every model holds one: its text and its node. */
export interface Key extends Located<string> {
  /** The pair as written, aliases unresolved: where the whole entry stands in the text (edits need it). */
  pair?: Pair;
}

/**
 * One key of a mapping as a model holds it: the key, the value's node (aliases resolved; undefined for
 * a key without a value) and what the value is, so rules read data instead of walking nodes.
 */
export interface Field {
  key: Key;
  node: TreeNode | undefined;
  /** The value when it is a scalar; undefined for a collection or a missing value. */
  value: unknown;
  /** The JSON type the value becomes: 'object', 'array', 'string', 'integer', 'number', 'boolean', 'null'. */
  type: string;
  /** How many items a mapping or a list holds. */
  size?: number;
}

export function keyOf(entry: Entry): Key {
  return { value: entry.key, node: entry.keyNode, pair: entry.pair };
}

/** The JSON type of a value node (aliases already resolved), as JSON Schema names types. */
export function jsonType(node: TreeNode | undefined): string {
  if (isMap(node)) return 'object';
  if (isSeq(node)) return 'array';
  if (!isScalar(node) || node.value === null || node.value === undefined) return 'null';
  if (typeof node.value === 'number') return Number.isInteger(node.value) ? 'integer' : 'number';
  return typeof node.value;
}

export function fieldOf(entry: Entry): Field {
  const field: Field = {
    key: keyOf(entry),
    node: entry.value,
    value: scalarValue(entry.value),
    type: jsonType(entry.value),
  };
  if (isMap(entry.value) || isSeq(entry.value)) field.size = entry.value.items.length;
  return field;
}

/** Every key of a mapping, in document order, duplicates included; none for anything else. */
export function fieldsOf(tree: Tree, node: TreeNode | undefined): Field[] {
  return tree.entries(node).map(fieldOf);
}

/** A mapping's fields by key, the first of duplicates winning (as `Tree.entry` reads them). */
export function fieldMap(fields: readonly Field[]): ReadonlyMap<string, Field> {
  const map = new Map<string, Field>();
  for (const f of fields) if (!map.has(f.key.value)) map.set(f.key.value, f);
  return map;
}

/** A field's value, located with its key; undefined when the key has no value. */
export function locatedField(field: Field | undefined): Located | undefined {
  return field?.node ? { value: field.value, node: field.node, key: field.key } : undefined;
}

/**
 * `compute` once per model object, kept as long as the object lives: how a model's derived facts
 * (graphs, cycles, schema findings) are shared by the rules that read them.
 */
export function memoized<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}
