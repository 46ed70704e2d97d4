import { describe, expect, it } from 'vitest';
import { findSecrets } from '@orchlint/core';

/** A deterministic token body of `n` characters from `alphabet` that looks random (no repeats in a row). */
function body(n: number, alphabet = 'aB3dE5gH7jK9mN2pQ4sT6vW8yZ1cF0'): string {
  let out = '';
  for (let i = 0; out.length < n; i++) out += alphabet[(i * 7 + (i >> 2)) % alphabet.length];
  return out;
}

// One token of every documented format, each in a text that holds no other.
const TOKENS: ReadonlyArray<[string, string]> = [
  ['GitHub token', `ghp_${body(36)}`],
  ['GitHub token', `github_pat_${body(82)}`],
  ['Anthropic API key', `sk-ant-api03-${body(93)}`],
  ['OpenAI API key', `sk-proj-${body(24)}T3BlbkFJ${body(24)}`],
  ['AWS access key id', `AKIA${body(16, 'QWERTY2345ZXCVB67')}`],
  ['Slack token', `xoxb-${'1234567890'}-${body(24)}`],
  ['Google API key', `AIza${body(35)}`],
  ['Stripe secret key', `sk_live_${body(28)}`],
  ['npm token', `npm_${body(36)}`],
  ['GitLab token', `glpat-${body(20)}`],
  ['Hugging Face token', `hf_${body(36)}`],
  [
    'private key',
    `-----BEGIN RSA PRIVATE KEY-----\n${body(64, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop0123456789+/')}`,
  ],
];

describe('findSecrets', () => {
  it.each(TOKENS)('finds a %s where it stands (case %#)', (kind, token) => {
    const text = `steps:\n  run: deploy --key ${token}\n  note: done\n`;
    const found = findSecrets(text);
    expect(found.map((f) => f.kind)).toEqual([kind]);
    expect(found[0]!.span.start).toBe(text.indexOf(token));
    expect(found[0]!.confidence).toBe('high');
  });

  it('finds nothing in a text without a token, a secret name or a prefix', () => {
    expect(findSecrets('nodes:\n  - id: build\n    bash: make build\n')).toEqual([]);
  });

  it('finds a random value assigned to a secret name in a text with no known prefix', () => {
    const text = `env:\n  DEPLOY_API_KEY: ${body(30)}\n`;
    expect(findSecrets(text).map((f) => [f.kind, f.confidence])).toEqual([['value of DEPLOY_API_KEY', 'medium']]);
  });
});
