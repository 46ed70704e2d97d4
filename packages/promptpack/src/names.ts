import { didYouMean } from '@orchlint/core';
import type { Located } from './model.js';

/** The value of a located string, or undefined for anything else (the schema reports wrong types). */
export function stringOf(located: Located | undefined): string | undefined {
  return typeof located?.value === 'string' ? located.value : undefined;
}

/** "'a', 'b', 'c'" — or the first few and how many more, so a message stays one line. */
export function nameList(names: Iterable<string>, max = 6): string {
  const all = [...names];
  if (all.length === 0) return 'none';
  const shown = all
    .slice(0, max)
    .map((n) => `'${n}'`)
    .join(', ');
  return all.length > max ? `${shown} and ${all.length - max} more` : shown;
}

/**
 * The tail of a message about a name that resolves to nothing: a near miss when there is one,
 * else the names that would resolve. Starts with "; ".
 */
export function suggestion(name: string, candidates: Iterable<string>, what: string): string {
  const all = [...candidates];
  const near = didYouMean(name, all);
  if (near) return near;
  return all.length ? `; the ${what} are ${nameList(all)}` : `; there are no ${what}`;
}
