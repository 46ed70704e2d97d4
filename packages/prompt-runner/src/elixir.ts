import { isMap, isScalar, isSeq, type Tree, type TreeNode } from '@orchlint/core';

/**
 * Elixir terms, as far as Prompt Runner's messages show them. The runner builds its lint messages
 * with `inspect/1` on YAML values and error reasons, so orchlint renders the same text: `nil`, atoms,
 * tuples, maps with sorted keys, floats apart from integers, and lists of printable integers as
 * charlists.
 */
export type Term = null | boolean | number | string | Atom | Tuple | EMap | EFloat | Term[];

export class Atom {
  constructor(readonly name: string) {}
}
export class Tuple {
  readonly items: Term[];
  constructor(...items: Term[]) {
    this.items = items;
  }
}
export class EMap {
  constructor(readonly entries: Array<[Term, Term]>) {}
  get(key: string): Term | undefined {
    return this.entries.find(([k]) => k === key)?.[1];
  }
  has(key: string): boolean {
    return this.entries.some(([k]) => k === key);
  }
  get size(): number {
    return this.entries.length;
  }
}
export class EFloat {
  constructor(readonly value: number) {}
}

export const atom = (name: string) => new Atom(name);
export const tuple = (...items: Term[]) => new Tuple(...items);

const INTEGER_TEXT = /^[-+]?(?:[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$/;

/** The term yaml_elixir builds for a node, keys stringified as the runner does (`to_string/1`). */
export function termOf(tree: Tree, node: TreeNode | undefined): Term {
  const n = tree.resolve(node);
  if (!n) return null;
  if (isMap(n)) return new EMap(tree.entries(n).map((e) => [e.key, termOf(tree, e.value)]));
  if (isSeq(n)) return tree.items(n).map((item) => termOf(tree, item));
  if (isScalar(n)) {
    const v = n.value;
    if (typeof v === 'number') return isIntegerScalar(n) ? v : new EFloat(v);
    if (typeof v === 'bigint') return Number(v);
    if (v === null || v === undefined) return null;
    if (typeof v === 'boolean' || typeof v === 'string') return v;
    return String(v);
  }
  return null;
}

/** True for a YAML integer (`20`, `0x14`), false for a float (`20.0`) or anything else. */
export function isIntegerScalar(node: TreeNode | undefined): boolean {
  if (!isScalar(node) || typeof node.value !== 'number' || !Number.isInteger(node.value)) return false;
  const text = (node as { source?: string }).source;
  return text === undefined || INTEGER_TEXT.test(text);
}

export function isInteger(term: Term | undefined): term is number {
  return typeof term === 'number';
}

const LIMIT = 50;

/** `Kernel.inspect/1` with its default options. */
export function inspect(term: Term): string {
  if (term === null) return 'nil';
  if (typeof term === 'boolean') return String(term);
  if (typeof term === 'number') return String(term);
  if (typeof term === 'string') return inspectString(term);
  if (term instanceof Atom) return inspectAtom(term.name);
  if (term instanceof EFloat) return floatToString(term.value);
  if (term instanceof Tuple) return `{${term.items.map(inspect).join(', ')}}`;
  if (term instanceof EMap) return inspectMap(term);
  if (term.length > 0 && term.every((t) => typeof t === 'number' && isPrintableChar(t))) {
    return `~c${inspectString(String.fromCharCode(...(term as number[])))}`;
  }
  return `[${limited(term.map(inspect)).join(', ')}]`;
}

/** `Kernel.to_string/1` for the scalars YAML produces; undefined where the runner would raise. */
export function toElixirString(term: Term): string | undefined {
  if (term === null) return '';
  if (typeof term === 'string') return term;
  if (typeof term === 'number' || typeof term === 'boolean') return String(term);
  if (term instanceof EFloat) return floatToString(term.value);
  if (term instanceof Atom) return term.name;
  return undefined;
}

function inspectMap(map: EMap): string {
  const sorted = [...map.entries].sort(([a], [b]) => compareTerms(a, b));
  const atomKeys = sorted.every(([k]) => k instanceof Atom);
  const parts = sorted.map(([k, v]) =>
    atomKeys ? `${(k as Atom).name}: ${inspect(v)}` : `${inspect(k)} => ${inspect(v)}`,
  );
  return `%{${limited(parts).join(', ')}}`;
}

function limited(parts: string[]): string[] {
  return parts.length > LIMIT ? [...parts.slice(0, LIMIT), '...'] : parts;
}

function inspectAtom(name: string): string {
  if (name === 'nil' || name === 'true' || name === 'false') return name;
  return /^[a-z_][a-zA-Z0-9_@]*[?!]?$/.test(name) ? `:${name}` : `:${inspectString(name)}`;
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\b': '\\b',
  '\f': '\\f',
  '\x1b': '\\e',
  '\x07': '\\a',
  '\0': '\\0',
};

function inspectString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '#' && s[i + 1] === '{') out += '\\#';
    else out += ESCAPES[c] ?? c;
  }
  return out + '"';
}

function isPrintableChar(n: number): boolean {
  return (n >= 32 && n <= 126) || [7, 8, 9, 10, 11, 12, 13, 27, 127].includes(n);
}

/** Erlang's shortest round-trip float text: `1.5`, `100.0`, `1.0e3`. */
function floatToString(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [mantissa, exp] = value.toExponential().split('e') as [string, string];
  const scientific = `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}e${Number(exp)}`;
  const plain = Math.abs(value) >= 1e21 ? scientific : fixed(value);
  return scientific.length < plain.length ? scientific : plain;
}

function fixed(value: number): string {
  const text = String(value);
  if (/e/.test(text)) return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '.0');
  return text.includes('.') ? text : `${text}.0`;
}

const TYPE_RANK = (t: Term): number => {
  if (typeof t === 'number' || t instanceof EFloat) return 0;
  if (t === null || typeof t === 'boolean' || t instanceof Atom) return 1;
  if (t instanceof Tuple) return 2;
  if (t instanceof EMap) return 3;
  if (Array.isArray(t)) return 4;
  return 5;
};

/** Erlang term order for map keys: numbers < atoms < tuples < maps < lists < binaries (bytewise). */
export function compareTerms(a: Term, b: Term): number {
  const ra = TYPE_RANK(a);
  const rb = TYPE_RANK(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return numberOf(a) - numberOf(b);
  if (ra === 1) return compareBytes(atomName(a), atomName(b));
  if (ra === 5) return compareBytes(a as string, b as string);
  return compareBytes(inspect(a), inspect(b));
}

function numberOf(t: Term): number {
  return t instanceof EFloat ? t.value : (t as number);
}

function atomName(t: Term): string {
  return t instanceof Atom ? t.name : String(t);
}

/**
 * Bytewise (UTF-8) comparison, as Erlang compares binaries. UTF-8 byte order is code point order, which
 * differs from JavaScript's UTF-16 order only where a surrogate pair meets U+E000–U+FFFF.
 */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return isSurrogate(x) || isSurrogate(y) ? a.codePointAt(i)! - b.codePointAt(i)! : x - y;
  }
  return a.length - b.length;
}

const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
