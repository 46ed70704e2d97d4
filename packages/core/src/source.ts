import type { ParseBasis } from './yaml-parse.js';

/** A file's text with a line index, so offsets and line/column positions convert in O(log n). */
export interface Position {
  /** 0-based line. */
  line: number;
  /** 0-based column, in UTF-16 code units (the LSP default). */
  character: number;
}

export interface Span {
  start: number;
  end: number;
}

/**
 * A leading byte order mark stays in the text (a dialect may need to see it) but is in no line or
 * column: editors hide it, and LSP clients send documents without it.
 */
export class Source {
  readonly path: string;
  readonly text: string;
  /** Where each line starts: 4 bytes a line (a number[] holds 8, more while it grows; a 20 MB file has a million lines). */
  private readonly lineStarts: Uint32Array;
  private readonly bom: number;
  /**
   * The clean parse of an earlier version of this file (an editor's last lint) that the first
   * whole-file Tree of this source re-parses from, reading again only the lines around the change;
   * that Tree uses it up. Set it from the earlier source's `parseBasis`.
   */
  reparseFrom: ParseBasis | undefined;
  /** What a later version of this file can re-parse from: set by the whole-file Tree built from this source. */
  parseBasis: ParseBasis | undefined;

  constructor(path: string, text: string, options: { reparseFrom?: ParseBasis } = {}) {
    this.path = path;
    this.text = text;
    this.reparseFrom = options.reparseFrom;
    this.bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const starts = [this.bom];
    if (!text.includes('\r')) {
      // The common case, found by the engine's own search rather than one character at a time.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
      }
    }
    this.lineStarts = Uint32Array.from(starts);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(this.bom, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.lineStarts[lo]! };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return this.bom;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line]!;
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }

  /** Offset of the end of a line, before its line break. */
  lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    let end = next === undefined ? this.text.length : next;
    while (end > this.lineStarts[line]! && (this.text[end - 1] === '\n' || this.text[end - 1] === '\r')) end--;
    return end;
  }

  lineText(line: number): string {
    const start = this.lineStarts[line];
    if (start === undefined) return '';
    return this.text.slice(start, this.lineEnd(line));
  }
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a substring (and
 * a concatenation holding one) as a view of the whole string it came from, so a finding's message
 * quoting a key, or an index keyed by a workflow's name, would keep its whole file alive for the run:
 * 10,000 findings or names, 10,000 files held. Short strings are copied by V8 anyway.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}
