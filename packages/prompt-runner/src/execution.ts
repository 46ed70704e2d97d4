import { fieldOf, spanOfNode, type Entry, type Tree } from '@orchlint/core';
import { Atom, atom, EMap, termOf, tuple, type Term } from './elixir.js';
import type { ExecutionModel } from './model.js';

/**
 * 0.13's `CompletionPolicy.normalize/1`: absent, `null` or `{}` is verifier-owned; otherwise exactly
 * `{completion: verifier_owned[, incomplete: fail]}` or `{completion: agent_owned, incomplete: repeat}`.
 */
export function buildExecution(tree: Tree, entry: Entry): ExecutionModel | undefined {
  const value = termOf(tree, entry.value);
  const own = fieldOf(entry);
  const verifierOwned: ExecutionModel = { field: own, completion: 'verifier_owned' };
  if (value === null || (value instanceof EMap && value.size === 0)) return verifierOwned;
  const fail = (reason: Term, node = entry.value ?? entry.keyNode): ExecutionModel => ({
    field: own,
    completion: 'verifier_owned',
    problem: { reason, at: spanOfNode(node) },
  });
  if (!(value instanceof EMap)) return fail(tuple(atom('invalid_execution'), value));
  const entries = tree.entries(entry.value);
  const unknown = entries.filter((e) => e.key !== 'completion' && e.key !== 'incomplete');
  if (unknown.length)
    return fail(tuple(atom('unknown_execution_keys'), unknown.map((e) => e.key).sort()), unknown[0]!.keyNode);
  const node = (name: string) => entries.find((e) => e.key === name)?.value ?? entry.keyNode;
  const completion = normalizeValue(field(value, 'completion'));
  const incomplete = normalizeValue(field(value, 'incomplete'));
  if (completion === null && incomplete === null) return verifierOwned;
  const is = (t: Term, name: string) => t instanceof Atom && t.name === name;
  if (is(completion, 'verifier_owned') && (incomplete === null || is(incomplete, 'fail'))) return verifierOwned;
  if (is(completion, 'agent_owned') && is(incomplete, 'repeat')) return { field: own, completion: 'agent_owned' };
  if (is(completion, 'agent_owned') && incomplete === null) {
    return fail(
      tuple(atom('agent_owned_requires'), new EMap([[atom('incomplete'), atom('repeat')]])),
      node('completion'),
    );
  }
  if (!is(completion, 'verifier_owned') && !is(completion, 'agent_owned')) {
    return fail(tuple(atom('invalid_completion'), completion), node('completion'));
  }
  return fail(tuple(atom('invalid_incomplete_policy'), completion, incomplete), node('incomplete'));
}

/** `Map.get(map, key) || Map.get(map, to_string(key))`: `false` reads as absent only when no other value. */
function field(map: EMap, key: string): Term {
  return map.has(key) ? map.get(key)! : null;
}

function normalizeValue(term: Term): Term {
  if (typeof term === 'string' && ['verifier_owned', 'agent_owned', 'fail', 'repeat'].includes(term)) return atom(term);
  return term;
}
