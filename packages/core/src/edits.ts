import { isNode, type Node } from 'yaml';
import type { Located } from './model.js';
import type { Span } from './source.js';
import type { Tree } from './tree.js';

/**
 * The text to delete to remove one `key: value` entry: its whole line(s) when it has them to itself
 * (block style, pretty JSON), else the entry with one adjoining comma (flow style). Comments and
 * layout elsewhere stay as they are. Undefined when no such deletion leaves the document as it was
 * but for the entry: an anchor or tag before the key (outside its range, so it would stay behind),
 * an explicit `? ` key, a first key after a sequence's `- ` (the item's other keys hang on it), an
 * anchor inside the entry that an alias elsewhere names, or a flow entry whose neighbours are not
 * a bracket or a comma (a comment between them).
 */
export function entryRemovalSpan(tree: Tree, entry: Located): Span | undefined {
  const text = tree.source.text;
  // The pair as written: with aliases resolved, a value's node may stand anywhere in the file.
  const pair = entry.key?.pair;
  const keyNode: unknown = pair ? pair.key : entry.key?.node;
  const valueNode: unknown = pair ? pair.value : entry.node;
  const first = isNode(keyNode) && keyNode.range ? keyNode : isNode(valueNode) ? valueNode : undefined;
  if (!first?.range) return undefined;
  if (isNode(keyNode) && hasProps(keyNode)) return undefined;
  const start = first.range[0];
  const end = isNode(valueNode) && valueNode.range ? valueNode.range[1] : first.range[1];
  if (end < start || tree.anchorNamedOutside({ start, end })) return undefined;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  // A block collection's range ends after its last line's break: the entry's lines end there.
  const newline = text[end - 1] === '\n' ? end - 1 : text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd);
  if (/^[ \t]*$/.test(before) && /^[ \t]*,?[ \t]*(#.*)?\r?\n?$/.test(after)) {
    // The last member of a multi-line flow collection (pretty JSON) has no comma of its own: the
    // one before it goes, or the collection would end in a comma that JSON does not allow.
    const comma = /,\s*$/.exec(text.slice(Math.max(0, lineStart - 200), lineStart));
    if (!after.trimStart().startsWith(',') && comma && /^\s*[}\]]/.test(text.slice(lineEnd))) {
      return { start: lineStart - comma[0].length, end };
    }
    return { start: lineStart, end: lineEnd };
  }
  // In flow style the entry sits between two of `{`, `,` and `}`, with nothing but space around it.
  const opens = /[{,]\s*$/.exec(text.slice(Math.max(0, start - 200), start));
  const closes = /^\s*[,}]/.exec(text.slice(end, end + 200));
  if (!opens || !closes) return undefined;
  const trailing = /^\s*,[ \t]*/.exec(text.slice(end));
  if (trailing) return { start, end: end + trailing[0].length };
  const leading = /,\s*$/.exec(text.slice(Math.max(0, start - 200), start));
  return leading ? { start: start - leading[0].length, end } : { start, end };
}

/** An anchor or a tag on a node: written before it, outside its range. */
function hasProps(node: Node): boolean {
  return node.anchor !== undefined || node.tag !== undefined;
}
