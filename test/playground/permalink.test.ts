import { ISSUES_URL } from '@orchlint/core';
import { decodeState, encodeState, falseFindingUrl, type PlaygroundState } from '@orchlint/playground';
import { describe, expect, it } from 'vitest';

const state: PlaygroundState = {
  version: '0.2.0',
  files: [
    { path: 'packs/a.pack.json', text: '{ "id": "a" }\r\n' },
    { path: '__proto__', text: 'constructor: é 😀\ttab' },
    { path: '.archon/workflows/x.yaml', text: '' },
  ],
  config: 'rules:\n  promptpack/unreachable-state: off\n',
  dialect: 'archon',
  active: 'packs/a.pack.json',
};

describe('the playground link', () => {
  it('gives back exactly the files (order, CR LF, tabs, any Unicode, any name) and the settings', () => {
    const hash = encodeState(state);
    expect(hash).toMatch(/^1\/[A-Za-z0-9+\-$]+$/);
    expect(decodeState(`#${hash}`)).toEqual(state);
    expect(Object.getPrototypeOf(Object.prototype)).toBe(null);
  });

  it('says why it cannot open a hash that is no state, cut short, or holds a path no folder can', () => {
    const good = encodeState(state);
    expect(decodeState('')).toHaveProperty('error');
    expect(decodeState('#2/abc')).toHaveProperty('error');
    expect(decodeState(`#${good.slice(0, good.length / 2)}`)).toHaveProperty('error');
    for (const path of ['../up.yaml', '/abs.yaml', 'a//b.yaml', 'a/./b.yaml', 'orchlint.config.yaml', 'a\\b', 'a\nb'])
      expect(decodeState(encodeState({ ...state, files: [{ path, text: '' }] })), path).toHaveProperty('error');
    const twice = { ...state, files: [state.files[0]!, state.files[0]!] };
    expect(decodeState(encodeState(twice))).toHaveProperty('error');
  });
});

describe('the false-finding report', () => {
  const finding = {
    rule: 'promptpack/unknown-state',
    message: "state 'x' is not defined",
    where: 'a.pack.json:3:5',
    version: '0.2.0',
    permalink: 'https://orchlint.github.io/orchlint/#1/abc',
  };

  it("opens the project's issue form with the rule, version, message and link filled in", () => {
    const url = new URL(falseFindingUrl(finding));
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUES_URL}/new`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      template: 'false-finding.yml',
      title: 'False finding: promptpack/unknown-state at a.pack.json:3:5',
      rule: finding.rule,
      version: finding.version,
      message: finding.message,
      permalink: finding.permalink,
    });
  });

  it('leaves out a link too long for a URL, and says where to get it', () => {
    const url = new URL(falseFindingUrl({ ...finding, permalink: `https://x/#1/${'a'.repeat(20_000)}` }));
    expect(url.href.length).toBeLessThan(8000);
    expect(url.searchParams.get('permalink')).toMatch(/Copy link/);
    expect(url.searchParams.get('rule')).toBe(finding.rule);
  });
});
