import type { Located } from './model.js';
import type { Source, Span } from './source.js';

/**
 * The text to delete to remove one `key: value` entry: its whole line(s) when it has them to itself
 * (block style, pretty JSON), else the entry with one adjoining comma (flow style). Comments and
 * layout elsewhere stay as they are.
 */
export function entryRemovalSpan(source: Source, entry: Located): Span {
  const text = source.text;
  const keyRange = entry.key?.node.range;
  const start = keyRange?.[0] ?? entry.node.range?.[0] ?? 0;
  const end = entry.node.range?.[1] ?? start;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  const after = text.slice(end, lineEnd);
  if (
    /^[ \t]*(- )?$/.test(text.slice(lineStart, start).replace(/- $/, '')) &&
    /^[ \t]*,?[ \t]*(#.*)?\r?\n?$/.test(after)
  ) {
    // The last member of a multi-line flow collection (pretty JSON) has no comma of its own: the
    // one before it goes, or the collection would end in a comma that JSON does not allow.
    const comma = /,\s*$/.exec(text.slice(Math.max(0, lineStart - 200), lineStart));
    if (!after.trimStart().startsWith(',') && comma && /^\s*[}\]]/.test(text.slice(lineEnd))) {
      return { start: lineStart - comma[0].length, end };
    }
    return { start: lineStart, end: lineEnd };
  }
  const trailing = /^\s*,[ \t]*/.exec(text.slice(end));
  if (trailing) return { start, end: end + trailing[0].length };
  const leading = /,\s*$/.exec(text.slice(Math.max(0, start - 200), start));
  return leading ? { start: start - leading[0].length, end } : { start, end };
}
