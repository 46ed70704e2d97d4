// While someone types, the server parses only the lines around each edit (core's reparseYaml):
// every version must still get exactly the findings a lint of that text from scratch gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dialects, rules } from '@flowlint/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { LspClient, workspace } from './support/lsp-client.js';
import { lintMemory } from './support/lint.js';
import { repoRoot } from './support/paths.js';

const start = readFileSync(path.join(repoRoot, 'fixtures/demo/support.promptpack.yaml'), 'utf8');

/** Keystrokes: a word typed letter by letter, a typo and its repair, a line added and removed. */
function keystrokes(text: string): string[] {
  const versions: string[] = [];
  let current = text;
  const type = (after: string, word: string) => {
    let at = current.indexOf(after) + after.length;
    for (const ch of word) {
      current = current.slice(0, at) + ch + current.slice(at);
      at++;
      versions.push(current);
    }
  };
  const erase = (what: string) => {
    const at = current.indexOf(what);
    for (let n = what.length; n > 0; n--) {
      current = current.slice(0, at + n - 1) + current.slice(at + n);
      versions.push(current);
    }
  };
  type('{ Done: goodbye', ', Escalate: triag');
  type('Escalate: triag', 'e');
  type('      prompt_task: billing\n', '      max_visits: 2\n      on_max_visits: goodby');
  erase('      max_visits: 2\n');
  type('  entry: triage', 'd');
  return versions;
}

const brief = (d: { rule: string; range: { start: { line: number; character: number } } }) => `${d.rule}@${d.range.start.line}:${d.range.start.character}`;

describe('typing in a pack (server in-process)', () => {
  const ws = workspace({ 'support.promptpack.yaml': start });
  const client = LspClient.inProcess({ dialects, rules, debounceMs: 0, scanWorkspace: false });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  it('each version gets the findings of a lint from scratch', async () => {
    await client.initialize(ws.root);
    const uri = await client.open(ws.file('support.promptpack.yaml'), start);
    await client.diagnostics(uri);
    const versions = keystrokes(start);
    expect(versions.length).toBeGreaterThan(40);
    for (const text of versions) {
      const version = await client.change(uri, text);
      const got = await client.diagnostics(uri, (_d, p) => p.version === version);
      const expected = lintMemory({ 'support.promptpack.yaml': text }, 'promptpack');
      expect(got.map((d) => `${String(d.code)}@${d.range.start.line}:${d.range.start.character}`).sort(), text).toEqual(expected.map(brief).sort());
    }
  });
});
