import { visit } from 'jsonc-parser';
import { isScalar, Pair, Scalar, YAMLMap, YAMLSeq, type Document, type Node, type ScalarTag } from 'yaml';
import { JsonErrors, type JsonContainer, type JsonSyntaxError } from './json-syntax.js';
import type { Span } from './source.js';
import { MAX_NESTING, parseYaml } from './yaml-parse.js';

/** A .json file read as JSON: the located tree, what strict JSON rejects, and where it nests too deeply. */
export interface JsonTree {
  root: Node | undefined;
  errors: JsonSyntaxError[];
  /** Set when the nesting passed MAX_NESTING: then the tree is not to be used. */
  tooDeep: Span | undefined;
}

/**
 * How the whitespace after a node belongs to it in yaml's reading of the same text (its range's
 * third offset): a map key keeps none; a sequence item keeps all of it, up to the comma or the
 * bracket; a map value (and the top-level value) keeps the spaces and one line break.
 */
type Place = 'key' | 'item' | 'value';

interface Frame extends JsonContainer {
  node: YAMLMap | YAMLSeq;
  place: Place;
  parent: Frame | undefined;
  /** The key this container is the value of. */
  key: string | undefined;
  /** The pair whose key was read and whose value has not come yet. */
  pair: Pair<Scalar, Node | null> | undefined;
  /** Where the whitespace before the next child starts (after the bracket, or after the last child's range). */
  mark: number;
  /** A comma between the last child and the next one, or -1. */
  comma: number;
  /** The colon after the pending key, or -1. */
  colon: number;
}

/** Thrown out of jsonc-parser's visitor to stop at MAX_NESTING (the visitor has no other way out). */
const TOO_DEEP = Symbol('too deep');

let context: Document.Parsed | undefined;
/** The schema and options every yaml parse uses: the same scalar tags resolve JSON's numbers, true, false and null. */
function yamlContext(): Document.Parsed {
  context ??= parseYaml('');
  return context;
}

/**
 * Reads `text` as strict JSON (jsonc-parser's visitor, one pass) into yaml's node classes, as yaml's
 * parseDocument builds them for the same text: same classes, values, key order, ranges (all three
 * offsets), scalar type and source, and `spaceBefore` on a node after a blank line; every reader of
 * the located tree sees one tree, whatever the file's format. The visitor streams events, so no
 * second tree (jsonc-parser's own) is built on the way. After an error the tree is jsonc-parser's
 * recovery: it is marked unclean by the caller, so no schema finding reads it.
 */
export function parseJsonTree(text: string, lineAt: (offset: number) => number): JsonTree {
  // A byte order mark is allowed to be ignored (RFC 8259 §8.1); blanking it keeps every offset.
  const scanned = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  // An empty file is for the dialect to name (it knows what the file should hold).
  if (!/[^ \t\r\n]/.test(scanned)) return { root: undefined, errors: [], tooDeep: undefined };
  const { schema, options } = yamlContext();
  const scalarTags = schema.tags.filter((t): t is ScalarTag => t.default === true && !t.collection && 'test' in t);
  const errors = new JsonErrors(scanned, lineAt);
  let root: Node | undefined;
  let top: Frame | undefined;
  let depth = 0;
  let closed: Frame | undefined;
  let lastComma = -1;
  let tooDeep: Span | undefined;

  /** Whether the whitespace before a key or an item holds a blank line, as yaml reads it (a comma ends a run of line breaks). */
  const beforeItem = (frame: Frame, start: number): boolean =>
    frame.comma >= 0 ? blankLine(scanned, frame.mark, frame.comma, start) : blankLine(scanned, frame.mark, start);
  /** Puts a new node where the parse stands, with yaml's `spaceBefore`; says how it keeps its trailing whitespace. */
  const place = (node: Node, start: number): Place => {
    const frame = top;
    if (!frame) {
      root ??= node;
      return 'value';
    }
    if (frame.node instanceof YAMLMap) {
      const pair = frame.pair;
      if (pair) {
        if (
          frame.colon >= 0 ? blankLine(scanned, frame.mark, frame.colon, start) : blankLine(scanned, frame.mark, start)
        )
          node.spaceBefore = true;
        pair.value = node;
        frame.pair = undefined;
      }
      return 'value';
    }
    if (beforeItem(frame, start)) node.spaceBefore = true;
    frame.comma = -1;
    frame.node.items.push(node);
    return 'item';
  };
  /** After a child's range: the whitespace before the next child starts here. */
  const done = (end: number) => {
    if (top) top.mark = end;
  };
  const open = (node: YAMLMap | YAMLSeq, offset: number) => {
    if (++depth > MAX_NESTING) {
      tooDeep = { start: offset, end: offset + 1 };
      throw TOO_DEEP;
    }
    node.flow = true;
    node.range = [offset, offset, offset];
    const parent = top;
    const key = parent?.node instanceof YAMLMap ? parent.pair?.key.value : undefined;
    const where = place(node, offset);
    top = {
      node,
      kind: node instanceof YAMLMap ? 'object' : 'array',
      start: offset,
      place: where,
      parent,
      key: typeof key === 'string' ? key : undefined,
      pair: undefined,
      mark: offset + 1,
      comma: -1,
      colon: -1,
      name: frameName,
    };
  };
  const close = (offset: number, bracket: string) => {
    const frame = top;
    if (!frame) return;
    depth--;
    const end = scanned[offset] === bracket ? offset + 1 : offset;
    frame.node.range = [frame.start, end, trailing(scanned, end, frame.place)];
    closed = frame;
    top = frame.parent;
    done(frame.node.range[2]);
  };
  const literal = (value: unknown, offset: number, length: number) => {
    const end = offset + length;
    let node: Scalar;
    if (scanned.charCodeAt(offset) === 34) {
      node = new Scalar(value);
      node.range = [offset, end, end];
      node.source = value as string;
      node.type = 'QUOTE_DOUBLE';
    } else {
      // Numbers, true, false and null resolve by yaml's core-schema tags, as yaml resolves them.
      const source = scanned.slice(offset, end);
      const tag = scalarTags.find((t) => t.test?.test(source));
      const resolved = tag ? tag.resolve(source, () => {}, options) : source;
      node = isScalar(resolved) ? (resolved as Scalar) : new Scalar(resolved);
      node.range = [offset, end, end];
      node.source = source;
      node.type = 'PLAIN';
      if (tag?.format) node.format = tag.format;
    }
    const where = place(node, offset);
    node.range![2] = trailing(scanned, end, where);
    done(node.range![2]);
  };

  try {
    visit(
      scanned,
      {
        onObjectBegin: (offset) => open(new YAMLMap(schema), offset),
        onArrayBegin: (offset) => open(new YAMLSeq(schema), offset),
        onObjectEnd: (offset) => close(offset, '}'),
        onArrayEnd: (offset) => close(offset, ']'),
        onObjectProperty: (name, offset, length) => {
          const frame = top;
          if (!frame || !(frame.node instanceof YAMLMap)) return;
          const key = new Scalar(name);
          key.range = [offset, offset + length, offset + length];
          key.source = name;
          key.type = 'QUOTE_DOUBLE';
          if (beforeItem(frame, offset)) key.spaceBefore = true;
          const pair = new Pair<Scalar, Node | null>(key, null);
          frame.node.items.push(pair);
          frame.pair = pair;
          frame.mark = offset + length;
          frame.comma = -1;
          frame.colon = -1;
        },
        onLiteralValue: literal,
        onSeparator: (character, offset) => {
          if (character === ',') {
            lastComma = offset;
            if (top) top.comma = offset;
          } else if (top) top.colon = offset;
        },
        onError: (code, offset, length) => errors.add(code, offset, length, { open: top, closed, lastComma }),
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (error) {
    // jsonc-parser recurses once per level: a stack that runs out first is too deep as well.
    if (error !== TOO_DEEP && !(error instanceof RangeError)) throw error;
    tooDeep ??= { start: 0, end: 0 };
  }
  return { root, errors: errors.sorted(), tooDeep };
}

function frameName(this: Frame): string {
  const parent = this.parent;
  if (!parent) return `the top-level ${this.kind}`;
  return parent.kind === 'object' && this.key !== undefined ? `'${this.key}'` : `an item of ${parent.name()}`;
}

/**
 * Whether [from, sep) or (sep, to) holds two line breaks (a blank line before the node); with no
 * separator, whether [from, sep) does.
 */
function blankLine(text: string, from: number, sep: number, to?: number): boolean {
  if (twoBreaks(text, from, sep)) return true;
  return to !== undefined && twoBreaks(text, sep + 1, to);
}

function twoBreaks(text: string, from: number, to: number): boolean {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      if (++breaks === 2) return true;
    }
  }
  return false;
}

/** Where a node's range ends with the whitespace after it that yaml counts in (see Place). */
function trailing(text: string, end: number, place: Place): number {
  if (place === 'key') return end;
  let at = end;
  if (place === 'item') {
    for (let c = text.charCodeAt(at); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++at));
    return at;
  }
  for (let c = text.charCodeAt(at); c === 32 || c === 9; c = text.charCodeAt(++at));
  const c = text.charCodeAt(at);
  if (c === 13) return at + (text.charCodeAt(at + 1) === 10 ? 2 : 1);
  return c === 10 ? at + 1 : at;
}
