import { createHash } from 'node:crypto';

/** A text's SHA-256, as the cache files write it. */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * The hash of a value's JSON, as a cache keys what besides the files decides a unit's findings:
 * the units of a run mostly share their settings, so each distinct one is hashed once per process.
 */
export function keyOf(value: unknown): string {
  const text = JSON.stringify(value);
  let key = keys.get(text);
  if (key === undefined) {
    key = hashText(text);
    keys.set(text, key);
  }
  return key;
}
const keys = new Map<string, string>();

/**
 * A line of a cache file: the hash of its JSON, a space, the JSON. A line whose hash does not
 * match (a disk error, an edit, two writers at once, another program's file) reads as no line,
 * never as a report to print or an entry to trust.
 */
export function sealed(json: string): string {
  return `${hashText(json)} ${json}`;
}

/** A sealed line's value; undefined when the line is not one. */
export function unsealed(line: string): unknown {
  const space = line.indexOf(' ');
  const json = line.slice(space + 1);
  if (space < 0 || line.slice(0, space) !== hashText(json)) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
