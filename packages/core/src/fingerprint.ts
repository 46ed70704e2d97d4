import type { Diagnostic } from './diagnostic.js';
import type { Source } from './source.js';

/**
 * A content fingerprint of a finding that survives lines moving: the rule, the flagged text and the
 * text of the line it starts on, each with whitespace collapsed, so indentation changes and edits
 * elsewhere in the file keep it. Findings of one rule on identical content are told apart by
 * occurrence: `fingerprints` appends `:1`, `:2`, … in file order.
 */
export function contentHash(d: Pick<Diagnostic, 'rule' | 'span' | 'range'>, source: Source): string {
  const flagged = normalize(source.text.slice(d.span.start, Math.min(d.span.end, d.span.start + 400)));
  const line = normalize(source.lineText(d.range.start.line));
  return hash(`${d.rule}\u0000${flagged}\u0000${line}`);
}

/** One fingerprint per diagnostic (same order), `<hash>:<occurrence>`; `sourceOf` gives each path's text. */
export function fingerprints(
  diagnostics: readonly Diagnostic[],
  sourceOf: (path: string) => Source | undefined,
): string[] {
  const seen = new Map<string, number>();
  return diagnostics.map((d) => {
    const source = sourceOf(d.path);
    const h = source ? contentHash(d, source) : hash(`${d.rule}\u0000${d.message}`);
    const key = `${d.path}\u0000${h}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${h}:${n}`;
  });
}

function normalize(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Two FNV-1a lanes over UTF-16 code units (the second mixed with the first), as 16 hex digits: stable across runs and machines. */
function hash(s: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 15);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
