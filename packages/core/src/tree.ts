import {
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  YAMLMap as YamlMap,
  YAMLSeq as YamlSeq,
  type Alias,
  type Document,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { coreFinding, type CoreFindingId } from './core-rules.js';
import { rangeOf, type Diagnostic } from './diagnostic.js';
import type { Source, Span } from './source.js';
import { isJsonPath } from './json-syntax.js';
import { parseJsonTree } from './json-tree.js';
import {
  eachNode,
  firstDifference,
  MAX_NESTING,
  parseYaml,
  reparseYaml,
  TOO_DEEP_CODE,
  type ParseBasis,
} from './yaml-parse.js';
import { firstNonSpace, syntaxHint } from './yaml-syntax-hints.js';

export type { Node as TreeNode, Pair as TreePair, Scalar as TreeScalar, YAMLMap as TreeMap, YAMLSeq as TreeSeq };
export { isMap, isSeq, isScalar, isPair, isAlias };

/** One key of a mapping, with the nodes of both sides (aliases already resolved). */
export interface Entry {
  key: string;
  keyNode: Node;
  value: Node | undefined;
  pair: Pair;
}

/** Where in the text a parsed region sits: the whole file, or e.g. a Markdown front matter block. */
export interface Region {
  start: number;
  end: number;
}

/**
 * A mapping with more pairs than this gets a key index on its first lookup. Below it a scan costs
 * about what the index would, and keeping an index per mapping of a big file held ~70 MB.
 */
const INDEXED_MAP = 16;

/** Expanding aliases beyond this is what an alias bomb looks like; honest documents stay far below. */
const MAX_ALIAS_EXPANSION = 1000;

export interface TreeOptions {
  /**
   * The clean parse of an earlier version of the same file to re-parse from (only the lines around
   * the change are read again); default: the source's `reparseFrom`. Whole-file trees only.
   */
  reparseFrom?: ParseBasis;
}

/** ORCHLINT_CHECK_REPARSE=1: every re-parse is checked against a whole parse (a mismatch throws, so it shows as core/internal-error). */
function checkReparse(): boolean {
  // Core runs outside Node too (the browser), where there is no process.
  return Boolean(
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.ORCHLINT_CHECK_REPARSE,
  );
}

/**
 * A YAML (or JSON, which is YAML) document whose every node keeps its offsets in the original
 * file. Dialect models hold these nodes, so every finding can point at the exact place.
 */
export class Tree {
  readonly source: Source;
  /** Each alias's node; a cyclic alias is in it too, but then the tree is not usable. */
  private aliasTargets = new Map<Alias, Node>();
  readonly root: Node | undefined;
  readonly diagnostics: Diagnostic[] = [];
  /** The document as plain data (for schema checks); undefined when it could not be built safely. */
  readonly value: unknown;
  /** False when the document is too hostile (alias bomb, absurd depth) to build a model from. */
  readonly usable: boolean;
  /** True when the text parsed without syntax errors: only then are schema findings meaningful. */
  readonly clean: boolean;

  /** What a later version's parse can start from: set for a clean tree whose root is a collection, without anchors or aliases. */
  readonly basis: ParseBasis | undefined;

  constructor(source: Source, region?: Region, options: TreeOptions = {}) {
    this.source = source;
    // A .json file is JSON: read by a JSON parser, into the same node classes yaml builds.
    const json = !region && isJsonPath(source.path);
    const text = json ? source.text : loneCrAsLf(region ? maskOutside(source.text, region) : source.text);
    const earlier = region || json ? undefined : (options.reparseFrom ?? source.reparseFrom);
    if (!region) source.reparseFrom = undefined;
    const reused = earlier && text === source.text ? reparseYaml(earlier, text) : undefined;
    if (reused && checkReparse()) {
      const differs = firstDifference(reused, parseYaml(text).contents);
      if (differs)
        throw new Error(`the incremental re-parse of ${source.path} differs from a whole parse at ${differs}`);
    }
    let doc: Document.Parsed | undefined;
    let overflow = false;
    let usable = true;
    if (json) {
      const parsed = parseJsonTree(text, (o) => source.positionAt(o).line);
      this.root = parsed.root;
      if (parsed.tooDeep) {
        overflow = true;
        this.report(parsed.tooDeep, 'core/yaml-syntax', tooDeep(new RangeError()));
      }
      for (const e of overflow ? [] : parsed.errors) this.report(e.span, 'core/json-syntax', e.message, e.related);
    } else if (reused) {
      doc = contextDocument();
      this.root = reused;
    } else {
      try {
        doc = parseYaml(text);
      } catch (error) {
        usable = false;
        this.report({ start: region?.start ?? 0, end: region?.start ?? 0 }, 'core/yaml-syntax', tooDeep(error));
      }
      this.root = doc?.contents ?? undefined;
    }
    if (doc && !reused) overflow = this.reportYamlErrors(doc, text, source.path);
    if (overflow) usable = false;
    const clean = usable && this.diagnostics.length === 0;
    let anchored = false;
    if (!overflow) {
      const scanned = scanNodes(this.root);
      anchored = scanned.anchored;
      this.aliasTargets = scanned.aliasTargets;
      for (const alias of scanned.cycles.slice(0, 1)) {
        // A value that holds itself is endless to every reader of it (model builders, schema checks).
        usable = false;
        this.report(
          spanOfNode(alias),
          'core/yaml-syntax',
          `the alias *${alias.source} is inside the node it names, so the value holds itself without end; replace the alias with a copy of what it should hold`,
        );
      }
      for (const alias of scanned.unresolved) {
        // yaml reads an alias by the last anchor of its name before it; with none, no reader can build the value.
        usable = false;
        this.report(
          spanOfNode(alias),
          'core/yaml-syntax',
          `the alias *${alias.source} names no anchor &${alias.source} before it, so the document cannot be read; define the anchor before the alias, or write the value out`,
        );
      }
      for (const { key, first } of scanned.duplicates) {
        const name = String(key.value);
        this.report(
          spanOfNode(key),
          'core/duplicate-key',
          `duplicate key '${name}': most parsers keep only the last one, so the earlier entry is silently lost; rename or merge them`,
          { span: spanOfNode(first), message: `'${name}' is first defined here` },
        );
      }
    }
    let value: unknown;
    if (usable) {
      try {
        const plain = anchored || (doc && mergesKeys(doc)) ? NOT_PLAIN : plainValue(this.root ?? null, text);
        // JSON has no anchors, merges or collection keys: only a depth no walk can take is not plain.
        if (plain === NOT_PLAIN && !doc) throw new RangeError();
        value =
          plain !== NOT_PLAIN
            ? plain
            : reused
              ? reused.toJS(doc!, { maxAliasCount: MAX_ALIAS_EXPANSION })
              : doc!.toJS({ maxAliasCount: MAX_ALIAS_EXPANSION });
      } catch (error) {
        usable = false;
        const at = firstAlias(this.root) ?? { start: 0, end: 0 };
        const message =
          error instanceof RangeError
            ? tooDeep(error)
            : 'the document expands its aliases too many times, as an alias bomb does; orchlint stops reading it here';
        this.report(at, 'core/yaml-syntax', message);
      }
    }
    this.value = value;
    this.usable = usable;
    this.clean = clean && usable;
    if (!region) {
      const root = this.root;
      if (this.clean && (isMap(root) || isSeq(root)) && !anchored && text === source.text) this.basis = { text, root };
      source.parseBasis = this.basis;
    }
  }

  /**
   * Reports yaml's errors of the document; true when its parse ran out of stack (then the tree is
   * truncated and not usable, and its other errors are echoes of that).
   */
  private reportYamlErrors(doc: Document.Parsed, text: string, path: string): boolean {
    const overflow = doc.errors.find((e) => e.code === TOO_DEEP_CODE);
    if (overflow) {
      this.report({ start: overflow.pos[0], end: overflow.pos[1] }, 'core/yaml-syntax', tooDeep(new RangeError()));
      return true;
    }
    // yaml's recovery from one mistake often reports more on the same line; the first one says it.
    const linesWithError = new Set<number>();
    let openers: Map<string, Node> | undefined;
    for (const e of doc.errors) {
      const line = this.source.positionAt(e.pos[0]).line;
      if (linesWithError.has(line)) continue;
      linesWithError.add(line);
      const unclosed = unclosedOpening(e, (openers ??= openersByEnd(this.root)));
      if (unclosed) {
        this.report(unclosed.span, 'core/yaml-syntax', unclosed.message, {
          span: { start: e.pos[0], end: e.pos[0] },
          message: `the parser reached this point without finding the closing ${unclosed.close}`,
        });
      } else {
        // A bad indentation is reported at the line's start; the misplaced item is where its text starts.
        const start = e.code === 'BAD_INDENT' ? firstNonSpace(text, e.pos[0]) : e.pos[0];
        // A .json front-matter-like region (an editor's completion) has its own syntax; YAML's hints would mislead there.
        const advice = isJsonPath(path) ? undefined : syntaxHint(e, text, this.root);
        const message = syntaxMessage(e.message) + (advice ? `: ${advice.hint}` : '');
        this.report(advice?.span ?? { start, end: Math.max(e.pos[1], start + 1) }, 'core/yaml-syntax', message);
      }
    }
    return false;
  }

  private report(at: Span, rule: CoreFindingId, message: string, related?: { span: Span; message: string }): void {
    // yaml places some errors on a virtual token one past the end of the text.
    const length = this.source.text.length;
    const span = { start: Math.min(at.start, length), end: Math.min(at.end, length) };
    const diagnostic = coreFinding(this.source, span, rule, message);
    if (related) {
      diagnostic.related = [
        {
          path: this.source.path,
          span: related.span,
          range: rangeOf(this.source, related.span),
          message: related.message,
        },
      ];
    }
    this.diagnostics.push(diagnostic);
  }

  private keyText(keyNode: Node): string {
    return isScalar(keyNode) ? String(keyNode.value) : this.source.text.slice(...spanTuple(keyNode));
  }

  /** Whether an alias outside `span` names a node inside it: deleting the span would leave that alias naming nothing. */
  anchorNamedOutside(span: Span): boolean {
    for (const [alias, target] of this.aliasTargets) {
      const a = alias.range;
      const t = target.range;
      if (!a || !t || t[0] < span.start || t[1] > span.end) continue;
      if (a[1] <= span.start || a[0] >= span.end) return true;
    }
    return false;
  }

  /** Follows an alias to its anchor; any other node comes back as is. */
  resolve(node: unknown): Node | undefined {
    if (!isNode(node)) return undefined;
    if (isAlias(node)) return this.usable ? this.aliasTargets.get(node) : undefined;
    return node;
  }

  entries(node: Node | undefined): Entry[] {
    const map = this.resolve(node);
    if (!isMap(map)) return [];
    const out: Entry[] = [];
    for (const pair of map.items) {
      const e = this.entryOf(pair);
      if (e) out.push(e);
    }
    return out;
  }

  private entryOf(pair: Pair): Entry | undefined {
    const keyNode = this.resolve(pair.key);
    return keyNode && { key: this.keyText(keyNode), keyNode, value: this.resolve(pair.value), pair };
  }

  /**
   * The pair position of each key (the first of duplicates, as a lookup reads it) of each mapping
   * larger than INDEXED_MAP, built on its first lookup; smaller ones are scanned.
   */
  private readonly entryIndex = new WeakMap<YAMLMap, Map<string, number>>();

  entry(node: Node | undefined, key: string): Entry | undefined {
    const map = this.resolve(node);
    if (!isMap(map)) return undefined;
    const items = map.items;
    if (items.length <= INDEXED_MAP) {
      for (const pair of items) {
        const keyNode = this.resolve(pair.key);
        if (keyNode && this.keyText(keyNode) === key) return this.entryOf(pair);
      }
      return undefined;
    }
    // A scan per lookup made a rule that looks up each of n keys cost n².
    let index = this.entryIndex.get(map);
    if (!index) {
      index = new Map();
      for (let i = 0; i < items.length; i++) {
        const keyNode = this.resolve(items[i]!.key);
        const name = keyNode && this.keyText(keyNode);
        if (name !== undefined && !index.has(name)) index.set(name, i);
      }
      this.entryIndex.set(map, index);
    }
    const at = index.get(key);
    return at === undefined ? undefined : this.entryOf(items[at]!);
  }

  get(node: Node | undefined, key: string): Node | undefined {
    return this.entry(node, key)?.value;
  }

  items(node: Node | undefined): Node[] {
    const seq = this.resolve(node);
    if (!isSeq(seq)) return [];
    const out: Node[] = [];
    for (const item of seq.items) {
      const n = this.resolve(item);
      if (n) out.push(n);
    }
    return out;
  }

  /** The node at a data path (as in a JSON pointer), and the key node of its last step. */
  nodeAt(path: ReadonlyArray<string | number>): { node: Node | undefined; keyNode?: Node } {
    let node: Node | undefined = this.root;
    let keyNode: Node | undefined;
    for (const step of path) {
      const seq = this.resolve(node);
      if (typeof step === 'number' || isSeq(seq)) {
        // The item at that index as the plain value counts them, without a copy of the list per step
        // (a schema finding per item of a long list made that quadratic).
        node = isSeq(seq) ? this.resolve(seq.items[Number(step)]) : undefined;
        keyNode = undefined;
      } else {
        const e = this.entry(node, step);
        node = e?.value;
        keyNode = e?.keyNode;
      }
      if (!node && !keyNode) return { node: undefined };
    }
    return keyNode ? { node, keyNode } : { node };
  }
}

/** The scalar's value, or undefined for collections and missing nodes. */
export function scalarValue(node: Node | undefined): unknown {
  return isScalar(node) ? node.value : undefined;
}

export function stringValue(node: Node | undefined): string | undefined {
  const v = scalarValue(node);
  return typeof v === 'string' ? v : undefined;
}

export function spanOfNode(node: Node | Pair): Span {
  if (isPair(node)) {
    const k = isNode(node.key) ? node.key.range : undefined;
    const v = isNode(node.value) ? node.value.range : undefined;
    const start = k?.[0] ?? v?.[0] ?? 0;
    return { start, end: v?.[1] ?? k?.[1] ?? start };
  }
  const r = node.range;
  return r ? { start: r[0], end: r[1] } : { start: 0, end: 0 };
}

function spanTuple(node: Node): [number, number] {
  const s = spanOfNode(node);
  return [s.start, s.end];
}

/**
 * A lone CR ends a line in YAML 1.2 (and is whitespace in JSON), as Source counts it, but the yaml
 * parser reads it as part of the line; as LF, one character for one, every offset stays where it was.
 */
function loneCrAsLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** Blank out everything outside the region but keep every offset where it was. */
function maskOutside(text: string, region: Region): string {
  const blank = (s: string) => s.replace(/[^\r\n]/g, ' ');
  return blank(text.slice(0, region.start)) + text.slice(region.start, region.end);
}

function firstAlias(root: Node | undefined): Span | undefined {
  let found: Span | undefined;
  const visit = (n: unknown, depth: number): void => {
    if (found || depth > 200 || !isNode(n)) return;
    if (isAlias(n)) {
      found = spanOfNode(n);
      return;
    }
    if (isMap(n)) for (const p of n.items) visit(p.value, depth + 1);
    else if (isSeq(n)) for (const i of n.items) visit(i, depth + 1);
  };
  visit(root, 0);
  return found;
}

function tooDeep(error: unknown): string {
  return error instanceof RangeError
    ? `the document is nested too deeply to read (more than ${MAX_NESTING} levels); flatten it`
    : `the document could not be read: ${error instanceof Error ? error.message : String(error)}`;
}

function syntaxMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, '').replace(/\.$/, '');
}

/**
 * Scalar keys that repeat an earlier key of the same mapping (equal as yaml compares them), with
 * that earlier key; whether any node has an anchor or is an alias; each alias's node (the last
 * anchor of its name before it, as yaml resolves it, found once here rather than by a walk of the
 * document per alias); the aliases that sit inside the node they name (a cycle), and those that
 * name no anchor before them.
 */
function scanNodes(root: Node | undefined): {
  duplicates: Array<{ key: Scalar; first: Scalar }>;
  anchored: boolean;
  aliasTargets: Map<Alias, Node>;
  cycles: Alias[];
  unresolved: Alias[];
} {
  const out: Array<{ key: Scalar; first: Scalar }> = [];
  let anchored = false;
  const anchors = new Map<string, Node>();
  const aliasTargets = new Map<Alias, Node>();
  const cycles: Alias[] = [];
  const unresolved: Alias[] = [];
  eachNode(root, (node) => {
    if (node.anchor) anchors.set(node.anchor, node);
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (!target) unresolved.push(node);
      else {
        aliasTargets.set(node, target);
        // Ranges nest: a node named before the alias whose range holds it is its ancestor.
        if (target.range && node.range && target.range[0] <= node.range[0] && node.range[1] <= target.range[1])
          cycles.push(node);
      }
    }
    if (node.anchor || isAlias(node)) anchored = true;
    if (!isMap(node) || node.items.length < 2) return;
    // Scalar values are primitives: a Map compares them as yaml does (1 and '1' differ, NaN is NaN).
    const seen = new Map<unknown, Scalar>();
    for (const { key } of node.items) {
      if (!isScalar(key)) continue;
      const first = seen.get(key.value);
      if (first) out.push({ key, first });
      else seen.set(key.value, key);
    }
  });
  return { duplicates: out, anchored, aliasTargets, cycles, unresolved };
}

const NOT_PLAIN = Symbol('not plain');
const MERGE_TAG = 'tag:yaml.org,2002:merge';

/** Whether the document's schema reads `<<` keys as merges (YAML 1.1, or the merge option). */
function mergesKeys(doc: Document.Parsed): boolean {
  return doc.schema.tags.some((t) => t.tag === MERGE_TAG && t.default === true);
}

/**
 * The plain value yaml's toJS builds for a tree without anchors or aliases, built in one walk
 * without toJS's per-node context: plain maps and sequences, scalar keys as toJS names them
 * (null as '', others by String), own properties for keys an object already has (`__proto__`).
 * NOT_PLAIN for anything else (a collection key, a tagged collection class, a nesting too deep
 * for this walk): then toJS builds it, and reports what it reports.
 */
function plainValue(root: unknown, text: string): unknown {
  keySource = text;
  try {
    return plainOf(root);
  } catch (error) {
    if (error === NOT_PLAIN || error instanceof RangeError) return NOT_PLAIN;
    throw error;
  } finally {
    keySource = '';
  }
}

/**
 * A collection key longer than this is named by its source text: toJS names it by stringifying
 * it, which costs yaml quadratic time in its nesting (every level indents the levels below it).
 * No dialect accepts a collection key, so only a finding's wording can differ, never whether it fires.
 */
const MAX_STRINGIFIED_KEY = 256;
/** The text plainValue is building from (module state, set for the length of one synchronous walk). */
let keySource = '';

function plainOf(node: unknown): unknown {
  if (node === null || node === undefined) return node;
  if (isScalar(node)) return node.value;
  const proto = Object.getPrototypeOf(node);
  if (proto === YamlMap.prototype) {
    const map: Record<string, unknown> = {};
    for (const pair of (node as YAMLMap).items) addPlainPair(map, pair);
    return map;
  }
  if (proto === YamlSeq.prototype) {
    const items = (node as YAMLSeq).items;
    const seq = new Array<unknown>(items.length);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (isPair(item)) {
        const map: Record<string, unknown> = {};
        addPlainPair(map, item);
        seq[i] = map;
      } else seq[i] = plainOf(item);
    }
    return seq;
  }
  throw NOT_PLAIN;
}

function addPlainPair(map: Record<string, unknown>, pair: Pair<unknown, unknown>): void {
  const key = pair.key;
  let name: string;
  if (key === null || key === undefined) name = '';
  else if (isScalar(key)) {
    const v = key.value;
    if (v !== null && typeof v === 'object') throw NOT_PLAIN;
    name = v === null ? '' : String(v);
  } else if (isNode(key) && key.range && key.range[1] - key.range[0] > MAX_STRINGIFIED_KEY) {
    name = keySource.slice(key.range[0], key.range[1]);
  } else throw NOT_PLAIN;
  const value = plainOf(pair.value);
  if (name in map) Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
  else map[name] = value;
}

let sharedContext: Document.Parsed | undefined;
/** A document with the parse options, as the context that builds plain values from re-used nodes. */
function contextDocument(): Document.Parsed {
  return (sharedContext ??= parseYaml(''));
}

const OPENERS: Record<string, { open: string; is: (n: Node) => boolean }> = {
  ']': { open: '[', is: (n) => isSeq(n) && n.flow === true },
  '}': { open: '{', is: (n) => isMap(n) && n.flow === true },
  '"': { open: '"', is: (n) => isScalar(n) && n.type === 'QUOTE_DOUBLE' },
  "'": { open: "'", is: (n) => isScalar(n) && n.type === 'QUOTE_SINGLE' },
};

/** Each flow collection and quoted scalar by its closer and where it ends, the last-opened one of each: one walk for all errors. */
function openersByEnd(root: Node | undefined): Map<string, Node> {
  const out = new Map<string, Node>();
  eachNode(root, (n) => {
    const r = n.range;
    if (!r) return;
    for (const [close, opener] of Object.entries(OPENERS)) {
      if (!opener.is(n) || r[0] >= r[1]) continue;
      const key = `${close}:${r[1]}`;
      const best = out.get(key);
      if (!best || r[0] > best.range![0]) out.set(key, n);
    }
  });
  return out;
}

/**
 * An unclosed bracket or quote is reported by yaml where it gave up looking for the closer, often
 * lines later or at the end of the file; the user needs the place where it was opened.
 */
function unclosedOpening(
  error: { message: string; pos: [number, number] },
  openers: Map<string, Node>,
): { span: Span; message: string; close: string } | undefined {
  const close = /end with a ([\]}])/.exec(error.message)?.[1] ?? /Missing closing (["'])quote/.exec(error.message)?.[1];
  const opener = close ? OPENERS[close] : undefined;
  if (!close || !opener) return undefined;
  const best = openers.get(`${close}:${error.pos[0]}`);
  if (!best) return undefined;
  const start = best.range![0];
  return {
    span: { start, end: start + 1 },
    close: `'${close}'`,
    message: `this '${opener.open}' is never closed (${syntaxMessage(error.message)}); add the matching '${close}'`,
  };
}
