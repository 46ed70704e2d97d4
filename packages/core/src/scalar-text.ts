import type { Span } from './source.js';
import { isScalar, type TreeNode } from './tree.js';

/**
 * A string scalar's decoded value with, for every UTF-16 unit of it, the span of the source text
 * it came from: a quoted escape, a folded line break or a block scalar's indentation all map back
 * to the exact characters that produced them. This is what lets a finding inside a `when:` or a
 * prompt point at its own few characters whatever the scalar style.
 */
export class ScalarText {
  readonly value: string;
  readonly span: Span;
  private readonly text: string;
  private readonly type: string;
  private map: SourceRuns | undefined;

  private constructor(text: string, value: string, span: Span, type: string) {
    this.text = text;
    this.value = value;
    this.span = span;
    this.type = type;
  }

  /** Undefined for anything but a string scalar. */
  static of(text: string, node: TreeNode | undefined): ScalarText | undefined {
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
    return new ScalarText(text, node.value, { start: node.range[0], end: node.range[1] }, String(node.type));
  }

  /** The source span of the decoded characters [start, end). */
  sourceSpan(start: number, end: number): Span {
    if (this.value.length === 0) return { ...this.span };
    const map = this.offsets();
    const a = Math.max(0, Math.min(start, this.value.length - 1));
    if (end <= start) {
      const at = map.startOf(a);
      return { start: at, end: at };
    }
    const b = Math.max(a, Math.min(end, this.value.length) - 1);
    return { start: map.startOf(a), end: map.endOf(b) };
  }

  /** Decoded once, on the first question: most surfaces are scanned and never asked about. */
  private offsets(): SourceRuns {
    if (this.map) return this.map;
    const decoded = decode(this.text, this.span, this.type);
    if (decoded && decoded.text === this.value) {
      this.map = decoded.runs;
    } else {
      // A style this decoder does not model exactly: every character maps to the whole scalar.
      this.map = new SourceRuns();
      this.map.push(this.value.length, this.span.start, this.span.end);
    }
    return this.map;
  }
}

/**
 * Where each decoded character came from, as runs rather than one pair of numbers per character: a
 * prompt or a shell body decodes line by line into characters that each map to the next source
 * character, so a line is one run. A run either steps (decoded character k of it maps to
 * [source + k, source + k + 1)) or repeats (each of its characters maps to the same span: an escape,
 * a folded line break).
 */
class SourceRuns {
  /** Per run: the decoded index it starts at, its length, its source start, and its source end when it repeats (-1 when it steps). */
  private readonly at: number[] = [];
  private readonly size: number[] = [];
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  length = 0;

  /** `count` characters that each map to [start, end); one character of one source character steps. */
  push(count: number, start: number, end: number): void {
    if (count <= 0) return;
    const r = this.at.length - 1;
    if (count === 1 && end === start + 1) this.step(1, start);
    else if (r >= 0 && this.to[r] === end && this.from[r] === start) this.grow(r, count);
    else this.add(count, start, end);
  }

  /** `count` characters copied from the source from `start` on. */
  step(count: number, start: number): void {
    if (count <= 0) return;
    const r = this.at.length - 1;
    if (r >= 0 && this.to[r] === -1 && this.from[r]! + this.size[r]! === start) this.grow(r, count);
    else this.add(count, start, -1);
  }

  /** Drops every character from `length` on. */
  truncate(length: number): void {
    while (this.at.length && this.at[this.at.length - 1]! >= length) {
      this.at.pop();
      this.size.pop();
      this.from.pop();
      this.to.pop();
    }
    const r = this.at.length - 1;
    if (r >= 0) this.size[r] = Math.min(this.size[r]!, length - this.at[r]!);
    this.length = Math.min(this.length, length);
  }

  startOf(i: number): number {
    const r = this.runOf(i);
    return this.to[r] === -1 ? this.from[r]! + (i - this.at[r]!) : this.from[r]!;
  }

  endOf(i: number): number {
    const r = this.runOf(i);
    return this.to[r] === -1 ? this.from[r]! + (i - this.at[r]!) + 1 : this.to[r]!;
  }

  private grow(r: number, count: number): void {
    this.size[r]! += count;
    this.length += count;
  }

  private add(count: number, start: number, end: number): void {
    this.at.push(this.length);
    this.size.push(count);
    this.from.push(start);
    this.to.push(end);
    this.length += count;
  }

  /** The last run starting at or before `i`. */
  private runOf(i: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.at[mid]! <= i) lo = mid + 1;
      else hi = mid;
    }
    return Math.max(0, lo - 1);
  }
}

interface Decoded {
  text: string;
  runs: SourceRuns;
}

function decode(text: string, span: Span, type: string): Decoded | undefined {
  switch (type) {
    case 'PLAIN':
      return decodeFlow(text, span.start, span.end, 'plain');
    case 'QUOTE_SINGLE':
      return decodeFlow(text, span.start + 1, span.end - 1, 'single');
    case 'QUOTE_DOUBLE':
      return decodeFlow(text, span.start + 1, span.end - 1, 'double');
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED':
      return decodeBlock(text, span, type === 'BLOCK_FOLDED');
    default:
      return undefined;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Plain and quoted scalars: line folding (YAML 1.2 §7.3), quote doubling and escapes. */
function decodeFlow(text: string, from: number, to: number, style: 'plain' | 'single' | 'double'): Decoded | undefined {
  const out: Decoded = { text: '', runs: new SourceRuns() };
  /** Output length up to the last character that folding must keep (not a literal blank). */
  let kept = 0;
  const emit = (s: string, start: number, end: number, blank = false): void => {
    out.text += s;
    out.runs.push(s.length, start, end);
    if (!blank) kept = out.text.length;
  };
  const trimBlanks = (): void => {
    out.text = out.text.slice(0, kept);
    out.runs.truncate(kept);
  };
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === '\r' || c === '\n') {
      trimBlanks();
      const breakAt = i;
      let breaks = 0;
      while (i < to && (text[i] === '\r' || text[i] === '\n' || text[i] === ' ' || text[i] === '\t')) {
        if (text[i] === '\n') breaks++;
        i++;
      }
      if (breaks === 1) emit(' ', breakAt, breakAt + 1);
      else for (let k = 1; k < breaks; k++) emit('\n', breakAt, i);
      continue;
    }
    if (style === 'single' && c === "'" && text[i + 1] === "'") {
      emit("'", i, i + 2);
      i += 2;
      continue;
    }
    if (style === 'double' && c === '\\') {
      const e = text[i + 1];
      if (e === undefined) return undefined;
      if (e === '\n' || e === '\r') {
        i += 1;
        while (i < to && (text[i] === '\r' || text[i] === '\n')) i++;
        while (i < to && (text[i] === ' ' || text[i] === '\t')) i++;
        kept = out.text.length;
        continue;
      }
      const digits = HEX_ESCAPES[e];
      if (digits !== undefined) {
        const hex = text.slice(i + 2, i + 2 + digits);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) return undefined;
        emit(String.fromCodePoint(parseInt(hex, 16)), i, i + 2 + digits);
        i += 2 + digits;
        continue;
      }
      const simple = SIMPLE_ESCAPES[e];
      if (simple === undefined) return undefined;
      emit(simple, i, i + 2);
      i += 2;
      continue;
    }
    emit(c, i, i + 1, c === ' ' || c === '\t');
    i++;
  }
  return out;
}

/** Literal (|) and folded (>) block scalars: header, indentation, folding and chomping (§8.1). */
function decodeBlock(text: string, span: Span, folded: boolean): Decoded | undefined {
  const header = /^[|>]([1-9+-]?)([1-9+-]?)[^\n]*\n?/.exec(text.slice(span.start, span.end));
  if (!header) return undefined;
  const indicators = header[1]! + header[2]!;
  const chomp = indicators.includes('-') ? 'strip' : indicators.includes('+') ? 'keep' : 'clip';
  const explicit = /[1-9]/.exec(indicators)?.[0];
  const lines: Array<{ start: number; end: number }> = [];
  let at = span.start + header[0].length;
  while (at < span.end) {
    let nl = text.indexOf('\n', at);
    if (nl === -1 || nl >= span.end) nl = span.end;
    const end = nl > at && text[nl - 1] === '\r' ? nl - 1 : nl;
    lines.push({ start: at, end });
    at = nl + 1;
  }
  let indent = explicit ? Number(explicit) : 0;
  if (!explicit) {
    for (const l of lines) {
      const lead = /^ */.exec(text.slice(l.start, l.end))![0].length;
      if (lead < l.end - l.start) {
        indent = lead;
        break;
      }
    }
  }
  // A block's "indentation" is relative to its parent; an explicit indicator counts from the parent's indent.
  if (explicit) {
    const lineStart = text.lastIndexOf('\n', span.start) + 1;
    const parentIndent = /^ */.exec(text.slice(lineStart, span.start))![0].length;
    const first = lines.find((l) => l.end > l.start);
    const lead = first ? /^ */.exec(text.slice(first.start, first.end))![0].length : 0;
    indent = Math.min(lead, parentIndent + Number(explicit));
  }
  const content = lines.map((l) => {
    const blank = text.slice(l.start, l.end).trim() === '' && l.end - l.start <= indent;
    return blank
      ? { start: l.end, end: l.end, blank: true, lineBreak: l.end }
      : { start: l.start + indent, end: l.end, blank: false, lineBreak: l.end };
  });
  let last = content.length - 1;
  while (last >= 0 && content[last]!.blank) last--;
  const out: Decoded = { text: '', runs: new SourceRuns() };
  const emit = (c: string, start: number, end: number): void => {
    out.text += c;
    out.runs.push(c.length, start, end);
  };
  const moreIndented = (l: { start: number; end: number; blank: boolean }) =>
    !l.blank && (text[l.start] === ' ' || text[l.start] === '\t');
  for (let k = 0; k <= last; k++) {
    const line = content[k]!;
    out.text += text.slice(line.start, line.end);
    out.runs.step(line.end - line.start, line.start);
    if (k === last) break;
    if (!folded || line.blank || moreIndented(line)) {
      emit('\n', line.lineBreak, line.lineBreak + 1);
      continue;
    }
    let j = k + 1;
    while (j <= last && content[j]!.blank) j++;
    const next = content[j]!;
    if (moreIndented(next)) {
      emit('\n', line.lineBreak, line.lineBreak + 1);
      continue;
    }
    if (j === k + 1) emit(' ', line.lineBreak, line.lineBreak + 1);
    // The break before blank lines is folded away; each blank line stays as one newline.
    for (let b = k + 1; b < j; b++) emit('\n', content[b]!.lineBreak, content[b]!.lineBreak + 1);
    k = j - 1;
  }
  if (last >= 0 && chomp !== 'strip') {
    const tail = content.slice(last);
    const breaks = chomp === 'keep' ? tail.length : 1;
    for (let b = 0; b < breaks; b++) emit('\n', tail[b]!.lineBreak, tail[b]!.lineBreak + 1);
  }
  return out;
}
