import { isMap, isNode, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import {
  DOCUMENT_LINE,
  hasAnchorOrAlias,
  isCollection,
  itemStart,
  LONE_CR,
  moveBy,
  parseYaml,
  type Collection,
} from './yaml-parse.js';

/**
 * Text at least this long is parsed in pieces: yaml's concrete syntax tree of a whole document
 * holds about 40 bytes per byte of text (840 MB for a 20 MB pack) until its nodes are built.
 */
export const PIECE_THRESHOLD = 2_000_000;
/**
 * About how much text each piece holds: its syntax tree (~1.3 MB) is all of it alive at once, and
 * small enough to die young, before the collector moves it to the old generation.
 */
const PIECE_SIZE = 32_000;
/** A piece that must grow past this many times its size to end at a seam is not worth it: parse whole. */
const MAX_GROWTH = 8;

/**
 * The document of a big block-style text, parsed as pieces of whole lines and joined: the nodes,
 * offsets and comments a whole parse gives (a differential test compares them on every fixture and
 * corpus file, cut into pieces of many sizes), without the whole text's syntax tree in memory at
 * once; with how many pieces it took, and how many parses (a piece that cannot end where it was
 * first cut is parsed again, longer). Undefined when that cannot be shown: then parse it whole. A
 * text with no place to cut is one piece, its whole parse, returned as it is.
 *
 * Why it holds: every piece after the first starts at a line (a seam) whose indentation puts it at
 * the column of a block collection left open by the text before (the innermost one of its kind;
 * untagged). Parsed alone, the piece must be clean (no error, warning, anchor, alias or document
 * marker) and one block collection of that kind whose every item starts its own line at that
 * column. What the text before left open at the seam is that collection or something inside it: a
 * scalar there goes on only on lines indented deeper than its collection, and a quoted string or
 * flow collection still open would have made the piece before fail alone. So in the whole text too
 * the seam begins an item of that collection, and the piece's items read as they do alone. Where a
 * node ends depends on what follows it only for an empty value, so no piece ends in one. Blank lines
 * and comment lines (at the item's column) before a seam are allowed only after a plain or quoted
 * scalar with text, which takes none of them: yaml gives them to the next item (its spaceBefore, its
 * commentBefore), as the piece does alone (the comments open it; the blank lines stay behind and
 * the join sets spaceBefore).
 */
export function parseYamlInPieces(
  text: string,
  pieceSize = PIECE_SIZE,
): { doc: Document.Parsed; pieces: number; parses: number } | undefined {
  if (DOCUMENT_LINE.test(text) || LONE_CR.test(text)) return undefined;
  let doc: Document.Parsed | undefined;
  /** The block collections open where the text parsed so far ends: the root, then each last item's own. */
  let spine: Collection[] = [];
  let start = 0;
  let pieces = 0;
  let parses = 0;
  /** Every short scalar text seen, so equal ones share one string. */
  const names = new Map<string, string>();
  while (start < text.length) {
    let end = seamAfter(text, start, start + pieceSize, () => true);
    if (!doc && end === text.length) return { doc: parseYaml(text), pieces: 1, parses: 1 };
    for (;;) {
      parses++;
      const piece = end > start ? cleanPiece(text, start, end, names) : undefined;
      if (!piece) return undefined;
      const root = piece.contents as Collection;
      // The first piece is the document's start; a later one continues a collection left open.
      const kept = doc ? continued(text, spine, root, itemLine(text, start)) : [];
      if (!kept) return undefined;
      const open = [...kept, ...openBelow(root, !doc)];
      const goesOn = (column: number, item: boolean) =>
        open.some((c) => !c.tag && columnOf(text, c) === column && isSeq(c) === item);
      const nextItem = itemLine(text, end);
      const next = end < text.length ? lineAt(text, nextItem) : undefined;
      // Blank lines or comments at the seam go with the next item only after a scalar with text.
      const spaced = nextItem !== end || !afterContent(text, end);
      const last = lastLeaf(root);
      if (next && (!goesOn(next.column, next.item) || isEmpty(last) || (spaced && !isWord(last)))) {
        // Nothing open here for the seam's line to go on with (it is inside a block scalar, say): the
        // piece takes in lines up to the next one that can; not past a line less indented than its
        // first, nor far.
        const grown = seamAfter(text, start, end + 1, goesOn);
        if (grown <= end || grown - start > MAX_GROWTH * pieceSize) return undefined;
        end = grown;
        continue;
      }
      // The text's last comments: a whole parse gives one indented less than the piece, but not at
      // the first column, to the collection at its column; alone, the piece has no such place.
      if (doc && piece.comment && kept.length > 1 && !lastCommentsAtZero(text)) return undefined;
      if (!doc) doc = piece;
      else {
        // A blank line before the seam stays with the piece before; the whole parse marks the item after it.
        if (blankBefore(text, start)) {
          const first = root.items[0] as unknown;
          (isPair(first) ? (first.key as Node) : (first as Node)).spaceBefore = true;
        }
        const target = kept.at(-1)!;
        for (const item of root.items as unknown[]) (target.items as unknown[]).push(item);
        target.range = [target.range![0], root.range![1], root.range![2]];
        // A block collection's value ends where its last item's node does (trailing comments and all).
        for (let k = kept.length - 2; k >= 0; k--) {
          const end = kept[k + 1]!.range![2];
          kept[k]!.range = [kept[k]!.range![0], end, end];
        }
        doc.range = [doc.range[0], piece.range[1], piece.range[2]];
        if (root.comment) target.comment = root.comment;
        if (piece.comment) doc.comment = piece.comment;
      }
      spine = open;
      pieces++;
      break;
    }
    start = end;
  }
  return doc && { doc, pieces, parses };
}

/** The text from `start` to `end` parsed alone, its offsets moved to where it sits; undefined unless it is one clean block collection. */
function cleanPiece(text: string, start: number, end: number, names: Map<string, string>): Document.Parsed | undefined {
  const doc = parseYaml(text.slice(start, end));
  const root = doc.contents;
  if (doc.errors.length || doc.warnings.length || !isNode(root) || !isCollection(root) || root.flow) return undefined;
  if (root.tag || hasAnchorOrAlias(root)) return undefined;
  doc.range = [doc.range[0] + start, doc.range[1] + start, doc.range[2] + start];
  // In the same walk: the same key or name on every state is a string of its own in each piece; one copy of each does.
  moveBy(root, start, (n) => {
    if (!isScalar(n)) return;
    if (typeof n.value === 'string' && n.value.length <= MAX_SHARED) n.value = shared(names, n.value);
    if (typeof n.source === 'string' && n.source.length <= MAX_SHARED) n.source = shared(names, n.source);
  });
  return doc;
}

/** Scalars up to this long are shared (V8 copies out shorter substrings; longer ones point into the text). */
const MAX_SHARED = 64;

function shared(names: Map<string, string>, text: string): string {
  const known = names.get(text);
  if (known !== undefined) return known;
  names.set(text, text);
  return text;
}

/**
 * The open collections down to the innermost one that the piece's items continue (same kind and
 * column, untagged), when every item of the piece starts its own line at that column, the first
 * one on the line at `start`; undefined otherwise.
 */
function continued(text: string, spine: Collection[], piece: Collection, start: number): Collection[] | undefined {
  const column = columnOf(text, piece);
  for (const [k, item] of (piece.items as unknown[]).entries()) {
    const at = itemStart(text, piece, item);
    if (at?.column !== column || (k === 0 && at.line !== start)) return undefined;
  }
  for (let k = spine.length - 1; k >= 0; k--) {
    const open = spine[k]!;
    if (isMap(open) === isMap(piece) && !open.tag && columnOf(text, open) === column) return spine.slice(0, k + 1);
  }
  return undefined;
}

/** The first line at or after `line` that is not a comment: a seam's item line, after the comments that go with it. */
function itemLine(text: string, line: number): number {
  for (;;) {
    let at = line;
    while (text.charCodeAt(at) === 32) at++;
    if (text[at] !== '#') return line;
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    line = next + 1;
  }
}

/** The last node of a piece: its last item's value, down to one that is no collection. */
function lastLeaf(root: Collection): unknown {
  let node: unknown = root;
  while (isCollection(node)) {
    const last = node.items.at(-1) as unknown;
    node = isPair(last) ? last.value : last;
  }
  return node;
}

/** An empty value (`key:`, a lone `-`): where it ends depends on the next line, so no piece may end after one. */
function isEmpty(node: unknown): boolean {
  return node === null || (isScalar(node) && node.range?.[0] === node.range?.[1]);
}

/**
 * A scalar with text of its own, in quotes or plain: blank lines and comments after it go with the
 * next item (a blank line is its spaceBefore), where a block scalar may keep the blank lines.
 */
function isWord(node: unknown): boolean {
  return isScalar(node) && (node.type === 'PLAIN' || node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE');
}

/** Whether every comment line after the text's last line with content starts at its first column. */
function lastCommentsAtZero(text: string): boolean {
  for (let end = text.length; end > 0; ) {
    const line = text.lastIndexOf('\n', end - 1 - (text[end - 1] === '\n' ? 1 : 0)) + 1;
    const trimmed = text.slice(line, end).trim();
    if (trimmed && !trimmed.startsWith('#')) return true;
    if (trimmed && text[line] !== '#') return false;
    end = line;
  }
  return true;
}

/** Whether the line before `line` has content: not blank, not a comment. */
function afterContent(text: string, line: number): boolean {
  return kindOfLine(text, text.lastIndexOf('\n', line - 2) + 1) === 'content';
}

/** Whether the line before `line` is blank. */
function blankBefore(text: string, line: number): boolean {
  return line > 0 && kindOfLine(text, text.lastIndexOf('\n', line - 2) + 1) === 'blank';
}

/** What the line at `line` holds, past its spaces and tabs. */
function kindOfLine(text: string, line: number): 'blank' | 'comment' | 'content' {
  let at = line;
  while (text[at] === ' ' || text[at] === '\t') at++;
  const c = text[at];
  return c === undefined || c === '\n' || c === '\r' ? 'blank' : c === '#' ? 'comment' : 'content';
}

/** A line's indentation, and whether it starts a sequence item. */
function lineAt(text: string, line: number): { column: number; item: boolean } {
  let at = line;
  while (text.charCodeAt(at) === 32) at++;
  return { column: at - line, item: text[at] === '-' && /[ \r\n]/.test(text[at + 1] ?? '\n') };
}

/**
 * The block collections a piece leaves open: each last item's value, from its root down; the root
 * itself only for the first piece (a later one's root stands for the collection it continues).
 */
function openBelow(root: Collection, withRoot: boolean): Collection[] {
  const open: Collection[] = withRoot ? [root] : [];
  let node: Collection = root;
  for (;;) {
    const last = node.items.at(-1) as unknown;
    const value = isPair(last) ? last.value : last;
    if (!isCollection(value) || value.flow || !value.range) return open;
    open.push(value);
    node = value;
  }
}

/** The column a block collection's items stand at: where its first one begins on its line. */
function columnOf(text: string, collection: Collection): number {
  const at = collection.range![0];
  const line = text.lastIndexOf('\n', at - 1) + 1;
  // A byte order mark is in no column.
  return at - line - (line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
}

/**
 * What a seam's line may not start with: a flow collection or explicit key (a flow key after an
 * item is an error the piece alone would not see), a tag, anchor, alias or block scalar indicator,
 * a reserved character.
 */
const NOT_AN_ITEM_START = /[[{?:!&*|>%@`]/;

/**
 * Where the piece that starts at `start` ends: the first seam at or after `from` that `fits`,
 * indented (by spaces) no deeper than any line with content in the second half of the piece before
 * it (inside a block scalar, lines are deeper than the line that starts it); or, before that, the
 * first line less indented than the piece's first, which cannot be in its collection. The end of
 * the text when there is neither; -1 when that line is no seam.
 *
 * A seam is a line with content after a line with content, or after blank lines, or after comment
 * lines at its own column (where yaml puts a comment depends on what follows it: these go with the
 * item after them, a comment first in a piece too); the piece begins at those comments. Blank lines
 * stay with the piece before.
 */
function seamAfter(
  text: string,
  start: number,
  from: number,
  fits: (column: number, item: boolean) => boolean,
): number {
  // The first lines of a piece may be far less indented than the rest (the document's top keys).
  const lookBack = (from - start) >> 1;
  let least = Number.POSITIVE_INFINITY;
  let pieceColumn: number | undefined;
  /** Since the last line with content: where its comments began and their column; null when no seam can follow. */
  let run: { comments?: number; column?: number } | null = null;
  for (let line = start; ; ) {
    let at = line;
    while (text.charCodeAt(at) === 32) at++;
    const column = at - line;
    // A tab after the indentation: a blank or comment line still, but never a seam or one of its comments.
    let ink = at;
    while (text[ink] === ' ' || text[ink] === '\t') ink++;
    const c = text[ink];
    const tabbed = ink !== at;
    if (c === undefined || c === '\n' || c === '\r') {
      if (run?.comments !== undefined) run = null;
    } else if (c === '#') {
      if (run && !tabbed && (run.column ?? column) === column) {
        run.comments ??= line;
        run.column = column;
      } else run = null;
    } else {
      const seam =
        run && !tabbed && (run.column ?? column) === column && !NOT_AN_ITEM_START.test(c)
          ? (run.comments ?? line)
          : undefined;
      if (pieceColumn !== undefined && column < pieceColumn) return seam ?? -1;
      if (seam !== undefined && seam >= from && column <= least && fits(column, lineAt(text, line).item)) return seam;
      if (line >= from - lookBack) least = Math.min(least, column);
      pieceColumn ??= column;
      run = {};
    }
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    line = next + 1;
  }
}
