import { isMap, isScalar, type Node } from 'yaml';
import type { Span } from './source.js';
import { eachNode } from './yaml-parse.js';

/** One error of the `yaml` package, as its parse reports it. */
export interface YamlError {
  code: string;
  message: string;
  pos: [number, number];
}

/** The likely cause and fix of a YAML syntax error, and where to point when that is not where the parser stopped. */
export interface SyntaxHint {
  hint: string;
  span?: Span;
}

/**
 * What a newcomer should do about each of the `yaml` package's error codes, worked out from the
 * text around the error (and, for indentation, the mapping the parser put the key in). Undefined
 * when the code has nothing more useful to say than its message.
 */
export function syntaxHint(e: YamlError, text: string, root: Node | undefined): SyntaxHint | undefined {
  const at = e.pos[0];
  switch (e.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      return colonInValue(text, at);
    case 'BAD_INDENT':
      return /same column/.test(e.message) ? misaligned(text, at, root) : undefined;
    case 'MULTILINE_IMPLICIT_KEY':
      return { hint: "a key must fit on one line: end the line above with ': ' and its value, or quote this text" };
    case 'TAB_AS_INDENT':
      return { hint: 'YAML does not allow tabs in indentation; indent with spaces' };
    case 'BAD_DQ_ESCAPE':
      return {
        hint: "inside double quotes a backslash starts an escape: write \\\\ for a backslash, or use single quotes, where '\\' is an ordinary character",
      };
    case 'BAD_SCALAR_START':
      return { hint: 'quote the value' };
    case 'MULTIPLE_DOCS':
      return {
        hint: "the file holds more than one document ('---'); each format reads one document per file: remove the '---' or split the file",
      };
    case 'MULTIPLE_ANCHORS':
      return { hint: 'give the value one anchor' };
    case 'MULTIPLE_TAGS':
      return { hint: 'give the value one tag' };
    case 'BLOCK_IN_FLOW':
      return {
        hint: "inside [ ] or { } items are separated by commas, not written as '- ' lines; drop the brackets to write a block list",
      };
    case 'KEY_OVER_1024_CHARS':
      return { hint: "shorten the key, or write it as an explicit key ('? ' before it)" };
    case 'BAD_ALIAS':
    case 'ALIAS_PROPS':
      return {
        hint: 'an alias (*name) stands for a value anchored earlier (&name) and takes no anchor or tag of its own',
      };
    case 'BAD_PROP_ORDER':
      return { hint: 'write the anchor (&name) and the tag (!tag) before the value they belong to' };
    case 'BAD_DIRECTIVE':
      return { hint: "a line starting with '%' is a directive; quote the value if it is text" };
    case 'UNEXPECTED_TOKEN': {
      const bracket = /flow-(seq|map)-end/.exec(e.message)?.[1];
      if (bracket)
        return {
          hint: `this '${bracket === 'seq' ? ']' : '}'}' closes nothing; remove it or add the matching '${bracket === 'seq' ? '[' : '{'}'`,
        };
      return { hint: 'check that this line is indented like its siblings and that the line above is complete' };
    }
    case 'MISSING_CHAR':
      if (/Sequence item without/.test(e.message))
        return { hint: "start the line with '- ', or indent it like the keys of the item above" };
      if (/Implicit map keys/.test(e.message)) {
        return /^-[^\s-]/.test(text.slice(at, at + 2))
          ? { hint: "a list item needs a space after the '-'" }
          : {
              hint: "a key needs ': ' after it (with the space); or, if this line continues the value above, quote that value",
            };
      }
      if (/quote/.test(e.message)) return { hint: "close the quote; inside single quotes write '' for an apostrophe" };
      return undefined;
    default:
      return undefined;
  }
}

/**
 * `key: a: b` — a plain value holding ': ' — or, when the ': ' is on a following line, a key indented
 * deeper than its siblings, which YAML reads as more of the value above it.
 */
function colonInValue(text: string, at: number): SyntaxHint {
  const lineEnd = endOfLine(text, at);
  const quote: SyntaxHint = {
    hint: "a ': ' inside a plain value starts a mapping; quote the value or use a block scalar `|`",
    span: { start: at, end: Math.max(at + 1, lineEnd) },
  };
  if (/:(\s|$)/.test(text.slice(at, lineEnd))) return quote;
  const owner = keyColumn(text, startOfLine(text, at), at);
  // The next line that is not blank: the over-indented key.
  let next = lineEnd + 1;
  while (next < text.length && /^[ \t]*(#.*)?(\r?\n|$)/.test(text.slice(next, endOfLine(text, next) + 1)))
    next = endOfLine(text, next) + 1;
  const keyStart = firstNonSpace(text, next);
  const key = /^([^:\n]+?):(\s|$)/.exec(text.slice(keyStart, endOfLine(text, keyStart)));
  if (owner === undefined || !key) return quote;
  return {
    hint: `'${key[1]}' is indented deeper than the key above it, so YAML reads it as more of that value; indent this key like its siblings, at column ${owner}`,
    span: { start: keyStart, end: keyStart + key[1]!.length },
  };
}

/** A key at another column than the keys of its mapping. */
function misaligned(text: string, lineStart: number, root: Node | undefined): SyntaxHint {
  const start = firstNonSpace(text, lineStart);
  const own = start - lineStart + 1;
  const siblings = firstKeyOffsets(root).get(start);
  const above = previousKeyColumn(text, lineStart);
  const columns = [siblings === undefined ? undefined : columnOf(text, siblings), above].filter(
    (c): c is number => c !== undefined && c !== own,
  );
  if (!columns.length) return { hint: 'indent this key like its siblings' };
  const [first, second] = [...new Set(columns)];
  return {
    hint:
      `indent this key like its siblings, at column ${first}` +
      (second !== undefined ? ` (or at column ${second}, to put it in the mapping above)` : ''),
  };
}

const firstKeys = new WeakMap<Node, Map<number, number>>();

/** For every scalar key, the offset of the first key of its mapping: built once per document, however many lines are misaligned. */
function firstKeyOffsets(root: Node | undefined): Map<number, number> {
  if (!root) return new Map();
  let index = firstKeys.get(root);
  if (index) return index;
  index = new Map();
  eachNode(root, (n) => {
    if (!isMap(n)) return;
    const first = n.items[0]?.key;
    if (!isScalar(first) || !first.range) return;
    for (const p of n.items) if (isScalar(p.key) && p.key.range) index!.set(p.key.range[0], first.range[0]);
  });
  firstKeys.set(root, index);
  return index;
}

/** The 1-based column of the key on the line starting at lineStart that introduces the value at `at` (`key: ` or `- key: `). */
function keyColumn(text: string, lineStart: number, at: number): number | undefined {
  const m = /^([ \t]*(?:-[ \t]+)*)[^\s#][^\n]*?:[ \t]+$/.exec(text.slice(lineStart, at));
  return m ? m[1]!.length + 1 : undefined;
}

/** The column of the key on the nearest line above that holds one. */
function previousKeyColumn(text: string, lineStart: number): number | undefined {
  let end = lineStart - 1;
  while (end >= 0) {
    const start = startOfLine(text, end);
    const line = text.slice(start, end);
    const m = /^([ \t]*(?:-[ \t]+)*)[^\s#][^\n]*?:(\s|$)/.exec(line);
    if (m) return m[1]!.length + 1;
    if (line.trim() !== '' && !line.trim().startsWith('#')) return undefined;
    end = start - 1;
  }
  return undefined;
}

function startOfLine(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function endOfLine(text: string, offset: number): number {
  const i = text.indexOf('\n', offset);
  return i === -1 ? text.length : i;
}

function columnOf(text: string, offset: number): number {
  return offset - startOfLine(text, offset) + 1;
}

export function firstNonSpace(text: string, offset: number): number {
  let i = offset;
  while (text[i] === ' ') i++;
  return text[i] === '\n' || text[i] === '\r' || i >= text.length ? offset : i;
}
