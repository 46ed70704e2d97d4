/**
 * Lists of other files in findings. A name shared by n files gives n findings; if each named (or
 * pointed at) all the others, a report would grow with n² (1,000 workflows sharing 89 names gave
 * 3.4 MB of messages). So a message names the first few, and only the group's first file points at
 * every other one: the findings of a group of n files hold O(n) names and related locations.
 */

/** How many other files a message names before "and N more". */
export const NAMED_IN_MESSAGE = 3;

/** `a, b, c and 7 more`: the first few items (all of them when that is at most one more). */
export function firstFew(items: readonly string[], few = NAMED_IN_MESSAGE): string {
  if (items.length <= few + 1) return items.join(', ');
  return `${items.slice(0, few).join(', ')} and ${items.length - few} more`;
}

/**
 * The other members of a group a finding points at as related locations: every one from the
 * finding of the group's first member, the first few (which the message names, the first member
 * among them) from any other. `others` are in the group's order, without the finding's own member.
 */
export function relatedMembers<T>(others: readonly T[], isFirst: boolean, few = NAMED_IN_MESSAGE): readonly T[] {
  return isFirst ? others : others.slice(0, few);
}
