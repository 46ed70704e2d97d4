import {
  Composer,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  Pair,
  Parser,
  parseDocument,
  YAMLParseError,
  type CST,
  type Document,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';

/**
 * Collections nested deeper than this are not read, in YAML or JSON: the document is reported as
 * nested too deeply at the first collection past it. yaml composes nodes by recursion and runs out
 * of stack somewhere past 700 nested flow collections, at a place that depends on the thread and
 * on what ran before; this bound is checked on the syntax tree before any node is composed, so the
 * finding is the same on every thread and every run, and every later reader of the tree (plain
 * value, model builders, schema checks) stays far from its own stack limit. No real file comes near.
 */
export const MAX_NESTING = 256;

/** The code of yaml's error for a document it could not compose: its own stack overflow, or MAX_NESTING. */
export const TOO_DEEP_CODE = 'RESOURCE_EXHAUSTION';

// yaml's own uniqueKeys check compares each key with every earlier one of its mapping, which is
// quadratic in the mapping's size; Tree finds the same keys in one pass.
const OPTIONS = { uniqueKeys: false, strict: true, prettyErrors: false, logLevel: 'error' } as const;

/**
 * One parse of YAML text, with the options every orchlint parse uses: yaml's parseDocument, with
 * the nesting checked between its two stages. `outerDepth` is how deep the text sits in a larger
 * document (a re-parsed piece), so the bound is the whole document's.
 */
export function parseYaml(text: string, outerDepth = 0): Document.Parsed {
  let tooDeepAt: number | undefined;
  function* checked(tokens: Iterable<CST.Token>): Generator<CST.Token> {
    for (const token of tokens) {
      if (token.type === 'document') {
        tooDeepAt = nestedPast(token, MAX_NESTING - outerDepth);
        if (tooDeepAt !== undefined) return;
      }
      yield token;
    }
  }
  let doc: Document.Parsed | undefined;
  // As parseDocument composes: the first document, and an error at the start of a second one.
  for (const next of new Composer(OPTIONS).compose(checked(new Parser().parse(text)), true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      );
      break;
    }
  }
  if (tooDeepAt === undefined) return doc!;
  const empty = parseDocument('', OPTIONS);
  empty.errors.push(
    new YAMLParseError([tooDeepAt, tooDeepAt + 1], TOO_DEEP_CODE, `collections nested more than ${MAX_NESTING} deep`),
  );
  return empty;
}

/** The offset of the first collection (in text order) nested more than `limit` deep, if any. */
function nestedPast(document: CST.Document, limit: number): number | undefined {
  const stack: Array<{ token: CST.Token | null | undefined; depth: number }> = [{ token: document.value, depth: 0 }];
  while (stack.length) {
    const { token, depth } = stack.pop()!;
    if (!token) continue;
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    if (depth + 1 > limit) return token.offset;
    for (let i = token.items.length - 1; i >= 0; i--) {
      const item = token.items[i]!;
      stack.push({ token: item.value, depth: depth + 1 });
      if ('key' in item) stack.push({ token: item.key, depth: depth + 1 });
    }
  }
  return undefined;
}

export type Collection = YAMLMap | YAMLSeq;

/** A clean earlier parse of a file: its text and its root, a collection (block or flow) without anchors or aliases. */
export interface ParseBasis {
  text: string;
  root: Collection;
}

/**
 * The root node for `text`, built from the parse of an earlier version of the same file by parsing
 * again only the items around what changed; the nodes before them are shared, those after them
 * are copied with their offsets moved. Undefined when that cannot be shown to give what a full
 * parse gives (the edit reaches beyond one collection's items, the new items do not parse cleanly
 * on their own, or they bring anchors, aliases or document markers): then parse it all.
 *
 * Why this holds, in block style: the changed lines are whole items of one block collection,
 * starting at a line whose only indentation puts them at that collection's column. Re-parsed alone
 * they must again be items at that column and parse without error, so no flow collection, quoted
 * string or block scalar runs past them, and the unchanged text on either side reads as it did
 * before. In flow style (JSON): the changed items of one flow collection, from the first one's
 * start to the next one's, re-parsed inside brackets of their own; they must end with the comma
 * that separated them from the next item, so the brackets stand where the real ones' neighbours do.
 */
export function reparseYaml(basis: ParseBasis, text: string): Collection | undefined {
  const old = basis.text;
  if (old === text) return basis.root;
  let start = 0;
  const shorter = Math.min(old.length, text.length);
  while (start < shorter && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < shorter - start && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail))
    tail++;
  const delta = text.length - old.length;
  // A %YAML or %TAG directive changes how scalars and tags read; a piece parsed alone has none.
  if (DIRECTIVE.test(old.slice(0, basis.root.range?.[0] ?? 0))) return undefined;
  if (basis.root.flow) {
    const region = flowRegionIn(old, basis.root, start, old.length - tail, []);
    const fresh = region && reparseFlowItems(region, text, delta);
    return fresh && rebuild(region, fresh, delta);
  }
  // A change at a line's start (whole lines added or removed) may as well belong to the line
  // before: taking that line in lets the lines join the item above instead of the one below.
  if (start > 0 && old[start - 1] === '\n') start--;
  const region = regionIn(old, basis.root, start, old.length - tail, old.length, []);
  const fresh = region && reparseBlockItems(region, old, text, delta);
  return fresh && rebuild(region, fresh, delta);
}

/** The block items of the region, parsed again from the new text; undefined when they do not stand alone. */
function reparseBlockItems(region: Region, old: string, text: string, delta: number): Collection | undefined {
  const target = region.target;
  // What follows the piece must still start a line of its own.
  const rest = region.end + delta;
  if (region.end < old.length && text[rest - 1] !== '\n') return undefined;
  // Where a node's trailing comments and blank lines end depends on what comes next, so the piece
  // takes that along: the next item's first line (parsed, then dropped), or else the indentation
  // of the line that closes the collection.
  const sentinel = region.last < target.items.length - 1;
  let pieceEnd: number;
  if (sentinel) {
    const lineEnd = text.indexOf('\n', rest);
    pieceEnd = lineEnd < 0 ? text.length : lineEnd + 1;
  } else {
    let indent = region.end;
    while (old.charCodeAt(indent) === 32) indent++;
    pieceEnd = indent + delta;
  }
  const piece = text.slice(region.start, pieceEnd);
  if (DOCUMENT_LINE.test(piece) || LONE_CR.test(piece)) return undefined;
  const fresh = cleanCollectionLike(piece, region, false);
  if (!fresh) return undefined;
  // Every item starts its line at the old items' column, the first on the piece's first line: a
  // node before the piece reaches (with its trailing comments) up to the first item, so it must stay put.
  for (const [k, item] of fresh.items.entries()) {
    const at = itemStart(piece, fresh, item);
    if (at === undefined || at.column !== region.column || (k === 0 && at.line !== 0)) return undefined;
  }
  if (sentinel) {
    const next = fresh.items.pop();
    if (!fresh.items.length || itemStart(piece, fresh, next)?.line !== rest - region.start) return undefined;
  }
  if (hasAnchorOrAlias(fresh)) return undefined;
  // Comments below the items' column, after the collection's last item, end it in the full text but
  // not in the piece alone (the piece has no parent to hand them to).
  if (
    region.last === target.items.length - 1 &&
    region.column > 0 &&
    new RegExp(`^ {0,${region.column - 1}}#`, 'm').test(piece)
  )
    return undefined;
  moveBy(fresh, region.start);
  return fresh;
}

/** The flow items of the region, parsed again from the new text inside brackets of their own. */
function reparseFlowItems(region: Region, text: string, delta: number): Collection | undefined {
  const target = region.target;
  const piece = text.slice(region.start, region.end + delta);
  if (DOCUMENT_LINE.test(piece) || LONE_CR.test(piece)) return undefined;
  const [open, close] = isMap(target) ? ['{', '}'] : ['[', ']'];
  const wrapped = open + piece + close;
  const fresh = cleanCollectionLike(wrapped, region, true);
  if (!fresh) return undefined;
  if (!fresh.items.length || fresh.items.some((item) => flowItemStart(wrapped, fresh, item) === undefined))
    return undefined;
  // Items before another one end with the comma between them (not one inside a comment after
  // them, which the real next item would not close); the last may end with one or not.
  if (
    region.last < target.items.length - 1 &&
    !/^[ \t\r\n]*,[ \t\r\n]*$/.test(wrapped.slice(flowItemEnd(fresh.items.at(-1)), -close.length))
  )
    return undefined;
  if (hasAnchorOrAlias(fresh)) return undefined;
  moveBy(fresh, region.start - open.length);
  return fresh;
}

/**
 * `text` parsed alone, when it is one collection of the region's target's kind and style with no
 * error or warning (nested no deeper, counted from the target's own depth, than a whole parse reads).
 */
function cleanCollectionLike(text: string, region: Region, flow: boolean): Collection | undefined {
  const target = region.target;
  const doc = parseYaml(text, region.path.length);
  const fresh = doc.contents;
  if (doc.errors.length || doc.warnings.length || !isNode(fresh) || !isCollection(fresh)) return undefined;
  return isMap(fresh) === isMap(target) && Boolean(fresh.flow) === flow ? fresh : undefined;
}

/** A line that starts or ends a document, or a directive: the piece would not be one document's items. */
const DOCUMENT_LINE = /^(?:---|\.\.\.)(?:[ \t]|$)|^%/m;
const DIRECTIVE = /^%/m;
/** A CR without LF: the parser and a line index disagree on whether it ends a line. */
const LONE_CR = /\r(?!\n)/;

interface Region {
  /** The collections from the root down to (not including) the target, and the item followed in each. */
  path: Array<{ collection: Collection; index: number }>;
  target: Collection;
  first: number;
  last: number;
  /** Offsets in the old text: whole lines, from the first item's line to the line after the last. */
  start: number;
  end: number;
  /** Block items: their column. */
  column: number;
  flow: boolean;
}

/**
 * The smallest run of whole items, in `collection` or deeper, whose lines hold [from, to).
 * `bound` is where the collection's last item ends (the next line at a lower level).
 */
function regionIn(
  text: string,
  collection: Collection,
  from: number,
  to: number,
  bound: number,
  path: Region['path'],
): Region | undefined {
  if (collection.flow) return undefined;
  const items = collection.items as Array<Pair | Node | null>;
  const starts = items.map((item) => itemStart(text, collection, item));
  // The run begins at the last item that starts a line at or before the change.
  let first = -1;
  for (let k = 0; k < items.length; k++) {
    const s = starts[k];
    if (s && s.line <= from) first = k;
  }
  if (first < 0) return undefined;
  // It ends before the first item after it that starts a line at or after the change's end.
  let next = first + 1;
  while (next < items.length && !(starts[next] && starts[next]!.line >= to)) next++;
  const last = next - 1;
  const end = next < items.length ? starts[next]!.line : bound;
  if (to > end) return undefined;
  const start = starts[first]!;
  if (first === last) {
    const item = items[first];
    const value = isPair(item) ? item.value : item;
    if (isCollection(value)) {
      const inner = regionIn(text, value, from, to, end, [...path, { collection, index: first }]);
      if (inner) return inner;
    }
  }
  return { path, target: collection, first, last, start: start.line, end, column: start.column, flow: false };
}

/**
 * The smallest run of whole items of a flow collection, or one inside it, that holds [from, to):
 * from the first one's start to the next item's start (or the closing bracket).
 */
function flowRegionIn(
  text: string,
  collection: Collection,
  from: number,
  to: number,
  path: Region['path'],
): Region | undefined {
  if (!collection.flow || !collection.range) return undefined;
  const close = collection.range[1] - 1;
  if (text[close] !== (isMap(collection) ? '}' : ']')) return undefined;
  const items = collection.items as Array<Pair | Node | null>;
  const starts = items.map((item) => flowItemStart(text, collection, item));
  if (starts.some((s) => s === undefined)) return undefined;
  let first = -1;
  for (let k = 0; k < items.length && starts[k]! <= from; k++) first = k;
  if (first < 0) return undefined;
  let last = first;
  while (last + 1 < items.length && starts[last + 1]! < to) last++;
  const end = last + 1 < items.length ? starts[last + 1]! : close;
  if (to > end) return undefined;
  if (first === last) {
    const item = items[first];
    const value = isPair(item) ? item.value : item;
    if (isCollection(value) && value.flow && value.range && from > value.range[0] && to < value.range[1]) {
      const inner = flowRegionIn(text, value, from, to, [...path, { collection, index: first }]);
      if (inner) return inner;
    }
  }
  return { path, target: collection, first, last, start: starts[first]!, end, column: 0, flow: true };
}

/**
 * Where a flow item starts: its key or its value, which must have text of its own there (an empty
 * key, also that of a one-pair mapping in a sequence, is placed where the text before it ended).
 */
function flowItemStart(text: string, collection: Collection, item: unknown): number | undefined {
  const first = isMap(collection) ? (isPair(item) ? item.key : undefined) : item;
  if (!isNode(first) || !first.range || first.range[1] === first.range[0]) return undefined;
  const at = first.range[0];
  if (isMap(first) && text[at] !== '{') {
    const key = first.items[0]?.key;
    if (!isNode(key) || !key.range || key.range[0] !== at || key.range[1] === at) return undefined;
  }
  return at;
}

/** Where a flow item's text ends: its value's, or its key's when it has no value. */
function flowItemEnd(item: unknown): number {
  const last = isPair(item) ? (isNode(item.value) ? item.value : item.key) : item;
  return isNode(last) && last.range ? last.range[1] : Number.POSITIVE_INFINITY;
}

/**
 * Where an item's line starts when the item begins its line, indented by spaces only (a key, or a
 * sequence's `-`); undefined for an item that shares its line with what comes before it, such as
 * the first key after a `- `, or one whose `-` stands alone on its line.
 */
function itemStart(text: string, collection: Collection, item: unknown): { line: number; column: number } | undefined {
  let at: number;
  if (isMap(collection)) {
    // An empty key (a line starting with ':') is placed where the text before it ended: not its own line.
    if (!isPair(item) || !isNode(item.key) || !item.key.range || item.key.range[1] === item.key.range[0])
      return undefined;
    at = item.key.range[0];
  } else {
    if (!isNode(item) || !item.range) return undefined;
    at = item.range[0] - 1;
    while (at >= 0 && text.charCodeAt(at) === 32) at--;
    if (text[at] !== '-' || at === item.range[0] - 1) return undefined;
  }
  let line = at;
  while (line > 0 && text.charCodeAt(line - 1) === 32) line--;
  if (line > 0 && text[line - 1] !== '\n') return undefined;
  return { line, column: at - line };
}

function isCollection(node: unknown): node is Collection {
  return (isMap(node) || isSeq(node)) && !isAlias(node);
}

/**
 * Every node under `root` in document order, keys included (also those of pairs held by a sequence,
 * as in an ordered map), with an explicit stack so depth cannot overflow it.
 */
export function eachNode(root: unknown, visit: (node: Node) => void): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (isPair(n)) {
      stack.push(n.value, n.key);
      continue;
    }
    if (!isNode(n)) continue;
    visit(n);
    if (isMap(n) || isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i]);
  }
}

/**
 * The first place where two parses of the same text differ (node kind, style, range, scalar value,
 * tag, items), or undefined when they agree: what ORCHLINT_CHECK_REPARSE checks every re-parse by.
 */
export function firstDifference(a: unknown, b: unknown, at = 'root'): string | undefined {
  if (isPair(a) || isPair(b)) {
    if (!isPair(a) || !isPair(b)) return at;
    return firstDifference(a.key, b.key, `${at}.key`) ?? firstDifference(a.value, b.value, `${at}.value`);
  }
  if (!isNode(a) || !isNode(b)) return a === b || (a == null && b == null) ? undefined : at;
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  if (a.tag !== b.tag || a.constructor !== b.constructor) return at;
  if (isScalar(a) && !(isScalar(b) && a.type === b.type && same(a.value, b.value))) return at;
  if (isMap(a) || isSeq(a)) {
    const other = b as YAMLMap | YAMLSeq;
    if (Boolean(a.flow) !== Boolean(other.flow) || a.items.length !== other.items.length) return at;
    // Items first: the innermost difference is the one worth reading.
    for (let i = 0; i < a.items.length; i++) {
      const d = firstDifference(a.items[i], other.items[i], `${at}[${i}]`);
      if (d) return d;
    }
  }
  return same(a.range, b.range) ? undefined : at;
}

function hasAnchorOrAlias(root: Node): boolean {
  let found = false;
  eachNode(root, (n) => {
    if (isAlias(n) || n.anchor) found = true;
  });
  return found;
}

/**
 * Moves the offsets of freshly parsed nodes (owned by nobody else) in place: yaml gives each node
 * a range of its own, and new ones would leave the old as garbage (72 bytes a node).
 */
function moveBy(root: Node, by: number): void {
  eachNode(root, (n) => {
    const r = n.range;
    if (r && by) {
      r[0] += by;
      r[1] += by;
      r[2] += by;
    }
  });
}

/**
 * The new root: the target collection with the fresh items in place of the old run, and each
 * collection above it copied with its item replaced. Nothing the basis holds is changed, so an
 * earlier tree (and a model built on it) stays valid.
 */
function rebuild(region: Region, fresh: Collection, delta: number): Collection | undefined {
  const { target, first, last } = region;
  const after = (item: unknown) => copyMoved(item, delta);
  // Offsets inside the re-parsed lines have no counterpart in the old text, except the target's own
  // start and end when the run reaches its first or last item: they are the fresh items' now.
  const known = new Map<number, number | undefined>();
  const pair = (from: number, to: number) =>
    known.set(from, known.has(from) && known.get(from) !== to ? undefined : to);
  // A flow collection's brackets stand outside its items: nothing inside the region to map.
  if (!region.flow && target.range && fresh.range) {
    if (first === 0) pair(target.range[0], fresh.range[0]);
    if (last === target.items.length - 1) {
      pair(target.range[1], fresh.range[1]);
      pair(target.range[2], fresh.range[2]);
    }
  }
  const moved = (offset: number): number | undefined =>
    known.has(offset)
      ? known.get(offset)
      : offset <= region.start
        ? offset
        : offset >= region.end
          ? offset + delta
          : undefined;

  const items = [...target.items.slice(0, first), ...fresh.items, ...target.items.slice(last + 1).map(after)];
  let node = copyCollection(target, items, moved);
  for (let level = region.path.length - 1; level >= 0 && node; level--) {
    const { collection, index } = region.path[level]!;
    const child: Collection = node;
    const copied = collection.items.map((item: unknown, k: number) => {
      if (k < index) return item;
      if (k > index) return after(item);
      return isPair(item) ? copyPair(item, item.key, child) : child;
    });
    node = copyCollection(collection, copied, moved);
  }
  return node;
}

function copyCollection(
  node: Collection,
  items: unknown[],
  moved: (offset: number) => number | undefined,
): Collection | undefined {
  const range = node.range?.map(moved);
  if (range?.some((x) => x === undefined)) return undefined;
  const copy = copyNode(node);
  copy.items = items as typeof copy.items;
  if (range) copy.range = range as [number, number, number];
  return copy;
}

/** A shallow copy of its own class: a set or an ordered map builds other plain values than a mapping or a sequence. */
function copyNode<T extends Node>(node: T): T {
  const copy = Object.assign(new (node.constructor as new () => T)(), node);
  // The schema is not an enumerable property, so not copied with the rest.
  if (isMap(node) || isSeq(node)) (copy as Collection).schema = node.schema;
  return copy;
}

function copyPair(pair: Pair, key: unknown, value: unknown): Pair {
  const copy = Object.assign(new Pair(key, value), pair);
  copy.key = key;
  copy.value = value;
  return copy;
}

/** A deep copy of an unchanged subtree with every offset moved by `by` (the subtree itself when by is 0). */
function copyMoved<T>(node: T, by: number): T {
  if (by === 0 || node === null || typeof node !== 'object') return node;
  if (isPair(node)) return copyPair(node, copyMoved(node.key, by), copyMoved(node.value, by)) as T;
  if (!isNode(node)) return node;
  const copy = copyNode(node);
  const r = node.range;
  if (r) copy.range = [r[0] + by, r[1] + by, r[2] + by];
  if (isMap(node) || isSeq(node))
    (copy as Collection).items = (node.items as unknown[]).map((item) => copyMoved(item, by)) as Collection['items'];
  return copy as T;
}
