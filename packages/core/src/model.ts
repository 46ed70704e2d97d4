import type { TreeNode } from './tree.js';

/**
 * The vocabulary every dialect model shares. A value read from the document, with the node it came
 * from and, for a mapping entry, its key's node: a rule reports on `node` (the value) or `key`.
 */
export interface Located<T = unknown> {
  value: T;
  node: TreeNode;
  key?: TreeNode;
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
