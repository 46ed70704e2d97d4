import type { Confidence } from './diagnostic.js';
import type { Span } from './source.js';

/** A credential written into a file: what kind, where in the text, and how a finding may show it. */
export interface SecretMatch {
  kind: string;
  span: Span;
  /** The first characters and the length, never the whole value: `ghp_…(40 characters)`. */
  shown: string;
  confidence: Confidence;
}

/**
 * Token formats their issuers document, each with a prefix no ordinary text carries; the body
 * lengths keep examples such as `ghp_xxxx` out. `prefix` is what every match starts with.
 */
const KNOWN: ReadonlyArray<{ kind: string; prefix: string; pattern: RegExp }> = [
  {
    kind: 'GitHub token',
    prefix: 'gh[pousr]_|github_pat_',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{70,255})\b/g,
  },
  { kind: 'Anthropic API key', prefix: 'sk-ant-', pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,120}\b/g },
  {
    kind: 'OpenAI API key',
    prefix: 'sk-',
    pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}\b/g,
  },
  { kind: 'AWS access key id', prefix: 'AKIA|ASIA', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'Slack token', prefix: 'xox[abprs]-', pattern: /\bxox[abprs]-[0-9]{8,}-[0-9A-Za-z-]{8,}\b/g },
  { kind: 'Google API key', prefix: 'AIza', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'Stripe secret key', prefix: '[rs]k_live_', pattern: /\b[rs]k_live_[0-9A-Za-z]{24,}\b/g },
  { kind: 'npm token', prefix: 'npm_', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: 'GitLab token', prefix: 'glpat-', pattern: /\bglpat-[A-Za-z0-9_-]{20}\b/g },
  { kind: 'Hugging Face token', prefix: 'hf_', pattern: /\bhf_[A-Za-z0-9]{34,}\b/g },
  // The armour line alone is how a review prompt names what to look for; a key has its body after it.
  {
    kind: 'private key',
    prefix: '-----BEGIN ',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?=[\s\S]{0,200}?[A-Za-z0-9+/]{64})/g,
  },
];

/** Any known format's prefix, in one pass: most texts hold none, and then no format's pattern runs. */
const ANY_PREFIX = new RegExp(KNOWN.map((k) => k.prefix).join('|'));

/** Issuers' documented examples (AWS's AKIAIOSFODNN7EXAMPLE) carry the word. */
const EXAMPLE = /EXAMPLE/;

/**
 * `TOKEN=…`, `api_key: …`, `password = "…"`: a name that ends in a word saying secret, then a value.
 * A name that goes on (`TOKEN_FILE`, `SECRET_PATH`, `API_KEY_NAME`) holds something about the secret.
 */
const ASSIGNED =
  /\b([A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|SECRET_?KEY|CREDENTIALS?)\d*)["']?\s*[:=]\s*["']?([A-Za-z0-9+/=_.~-]{20,})/gi;

/** The words ASSIGNED needs in a name, found anywhere. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIAL/i;

/** Bits per character: random tokens sit above 4, words and identifiers well below. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

function show(value: string): string {
  return `${value.slice(0, 4)}…(${value.length} characters)`;
}

/**
 * Credentials in a text: known token formats (high confidence), and values assigned to a name that
 * says secret when they look random (medium: long, mixed, above 4 bits a character), never a
 * reference such as `$GITHUB_TOKEN` or `${{ secrets.X }}`.
 */
export function findSecrets(text: string): SecretMatch[] {
  const out: SecretMatch[] = [];
  const taken: Span[] = [];
  for (const { kind, pattern } of ANY_PREFIX.test(text) ? KNOWN : []) {
    for (const m of text.matchAll(pattern)) {
      // A documented example (`ghp_xxxx…`) repeats a character; a real token is random.
      if (kind !== 'private key' && (entropy(m[0]) < 3 || EXAMPLE.test(m[0]))) continue;
      const span = { start: m.index, end: m.index + m[0].length };
      taken.push(span);
      out.push({ kind, span, shown: show(m[0]), confidence: 'high' });
    }
  }
  // The names first, in one cheap pass: ASSIGNED tries every word of the text, and most texts name none.
  if (!SECRET_NAME.test(text)) return out.sort((a, b) => a.span.start - b.span.start);
  for (const m of text.matchAll(ASSIGNED)) {
    const value = m[2]!;
    const start = m.index + m[0].length - value.length;
    if (taken.some((s) => s.start <= start && start < s.end)) continue;
    const mixed = /[a-z]/.test(value) && /[A-Z0-9]/.test(value) && /\d/.test(value);
    // A path (`/run/secrets/…`) says where the secret is kept, not what it is.
    if (!mixed || entropy(value) < 4 || /^(?:x+|\*+|[a-z_]+)$/i.test(value) || /^[/~.]/.test(value)) continue;
    out.push({
      kind: `value of ${m[1]}`,
      span: { start, end: start + value.length },
      shown: show(value),
      confidence: 'medium',
    });
  }
  return out.sort((a, b) => a.span.start - b.span.start);
}
