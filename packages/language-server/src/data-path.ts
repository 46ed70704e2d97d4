import { frontMatterRegion, isMap, isScalar, isSeq, Source, Tree, type Region, type TreeNode } from '@orchlint/core';
import { extensionOf } from './paths.js';

export type DataPath = Array<string | number>;

/** Where a file's YAML lives: the whole file, or a Markdown file's front matter (undefined when it has none). */
export function yamlRegion(path: string, text: string): Region | undefined {
  return extensionOf(path) === '.md' ? frontMatterRegion(text) : { start: 0, end: text.length };
}

export function isJsonPath(path: string): boolean {
  return extensionOf(path) === '.json';
}

export interface PathAt {
  path: DataPath;
  /** True when the offset is on a mapping key (hover then describes that key's value). */
  onKey: boolean;
  node: TreeNode | undefined;
}

/** The data path of the innermost value (or key) at an offset. */
export function dataPathAt(tree: Tree, offset: number): PathAt {
  const path: DataPath = [];
  let node: TreeNode | undefined = tree.root;
  for (let depth = 0; node && depth < 200; depth++) {
    const current: TreeNode = node;
    node = undefined;
    if (isMap(current)) {
      for (const entry of tree.entries(current)) {
        const key = entry.keyNode.range;
        if (key && key[0] <= offset && offset <= key[1]) {
          path.push(entry.key);
          return { path, onKey: true, node: entry.value };
        }
        const value = entry.value?.range;
        if (value && value[0] <= offset && offset <= value[1]) {
          path.push(entry.key);
          node = entry.value;
          break;
        }
      }
    } else if (isSeq(current)) {
      const items = tree.items(current);
      const index = items.findIndex((item) => item.range && item.range[0] <= offset && offset <= item.range[1]);
      if (index >= 0) {
        path.push(index);
        node = items[index];
      }
    }
    if (!node) return { path, onKey: false, node: current };
  }
  return { path, onKey: false, node };
}

/** A name no document contains, put at the cursor so the parser says where the cursor sits. */
const CURSOR = 'orchlintcursor7c1';

export interface CompletionSite {
  /** For a key: the mapping's path; for a value: the value's own path. */
  path: DataPath;
  kind: 'key' | 'value';
  /** Keys the mapping already has (not offered again). */
  existing: Set<string>;
  /** The text the completion replaces: the word at the cursor, with its quotes. */
  replace: { start: number; end: number };
  quoted: boolean;
}

/**
 * Where completion happens: the cursor marker is parsed as part of the document, so YAML's own
 * indentation and flow rules (and JSON, which is YAML) decide whether it is a key or a value, and of what.
 * A marker alone on a block line is read as a key (`name:`) since that is what one types there.
 */
export function completionSite(path: string, text: string, offset: number, current?: Tree): CompletionSite | undefined {
  const region = yamlRegion(path, text);
  if (!region || offset < region.start || offset > region.end) return undefined;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const lineEnd = newline === -1 ? text.length : newline;
  const before = text.slice(lineStart, offset);
  const after = text.slice(offset, lineEnd);
  const json = isJsonPath(path);
  // After `- ` the cursor is a list item's value (a list of objects also gets their keys, from the caller).
  const typingKey = !json && /^\s*([^\s:#"'{}[\],-][^\s:#"'{}[\],]*)?$/.test(before) && !after.includes(':');
  // Inside a value the text already parses as: the current tree says where, with no parse of a patched copy.
  if (!typingKey && current?.clean) {
    const at = dataPathAt(current, offset);
    const range = at.node?.range;
    if (!at.onKey && at.path.length && isScalar(at.node) && range && range[0] <= offset && offset <= range[1]) {
      return { path: at.path, kind: 'value', existing: new Set(), ...wordAround(text, offset) };
    }
  }
  const patched = text.slice(0, offset) + CURSOR + (typingKey ? ':' : '') + text.slice(offset);
  const end = region.end + CURSOR.length + (typingKey ? 1 : 0);
  const tree = new Tree(new Source(path, patched), { start: region.start, end });
  const found = findCursor(tree, tree.root, []);
  if (!found) return undefined;
  const word = wordAround(text, offset);
  return { ...found, ...word };
}

function findCursor(
  tree: Tree,
  node: TreeNode | undefined,
  path: DataPath,
): Omit<CompletionSite, 'replace' | 'quoted'> | undefined {
  if (!node || path.length > 200) return undefined;
  if (isScalar(node))
    return String(node.value).includes(CURSOR) ? { path, kind: 'value', existing: new Set() } : undefined;
  if (isMap(node)) {
    const entries = tree.entries(node);
    for (const entry of entries) {
      if (entry.key.includes(CURSOR)) {
        return { path, kind: 'key', existing: new Set(entries.filter((e) => e !== entry).map((e) => e.key)) };
      }
      const inner = findCursor(tree, entry.value, [...path, entry.key]);
      if (inner) return inner;
    }
  } else if (isSeq(node)) {
    const items = tree.items(node);
    for (let i = 0; i < items.length; i++) {
      const inner = findCursor(tree, items[i], [...path, i]);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The token under the cursor (a key or a scalar), quotes included. */
function wordAround(text: string, offset: number): { replace: { start: number; end: number }; quoted: boolean } {
  const token = /[^\s:,{}[\]"'#]/;
  let start = offset;
  while (start > 0 && token.test(text[start - 1]!)) start--;
  let end = offset;
  while (end < text.length && token.test(text[end]!)) end++;
  const quote = text[start - 1];
  if ((quote === '"' || quote === "'") && start > 0) {
    const closing = text[end] === quote ? end + 1 : end;
    return { replace: { start: start - 1, end: closing }, quoted: true };
  }
  return { replace: { start, end }, quoted: false };
}
