/**
 * Pieces of a `TargetVersions.pattern`: one regular expression in the syntax JSON Schema's
 * `pattern` and VS Code's settings validation share (ECMAScript, no flags), so each spelling rule
 * is written out rather than left to a flag.
 */

/** The whole value, as `models` reads it: surrounding whitespace is trimmed (`\s` is what trim() removes). */
export function targetPattern(body: string): string {
  return `^\\s*(?:${body})\\s*$`;
}

/** A literal, every letter in either case (what the `i` flag would do). */
export function caseless(text: string): string {
  return [...text]
    .map((c) =>
      c.toLowerCase() !== c.toUpperCase()
        ? `[${c.toUpperCase()}${c.toLowerCase()}]`
        : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
}

/** A version's dotted numbers as the text, its dots escaped. */
export function literalVersion(version: string): string {
  return version.replace(/\./g, '\\.');
}
