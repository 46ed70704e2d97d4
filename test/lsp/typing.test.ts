// While someone types, the server parses only the lines around each edit (core's reparseYaml):
// every version must still get exactly the findings a lint of that text from scratch gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dialects, rules } from '@orchlint/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, workspace } from '../support/lsp-client.js';
import { lintMemory } from '../support/lint.js';
import { repoRoot } from '../support/paths.js';

const demo = (file: string) => readFileSync(path.join(repoRoot, 'fixtures/demo', file), 'utf8');

/** Versions of a text as someone types: `steps` are [after what, text typed] or [erase, what]. */
function keystrokes(text: string, steps: Array<['type' | 'erase', string, string?]>): string[] {
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
  for (const [what, at, typed] of steps) {
    if (what === 'type') type(at, typed!);
    else erase(at);
  }
  return versions;
}

const cases = [
  {
    file: 'support.promptpack.yaml',
    // A word typed letter by letter, a typo and its repair, a line added and removed.
    steps: [
      ['type', '{ Done: goodbye', ', Escalate: triag'],
      ['type', 'Escalate: triag', 'e'],
      ['type', '      prompt_task: billing\n', '      max_visits: 2\n      on_max_visits: goodby'],
      ['erase', '      max_visits: 2\n'],
      ['type', '  entry: triage', 'd'],
    ],
  },
  {
    file: 'research.pack.json',
    // The same in JSON, where half the keystrokes leave it unparsable for a moment.
    steps: [
      ['type', '{ "Drafted": "critique"', ', "Stuck": "pla'],
      ['type', '"Stuck": "pla', 'n"'],
      ['type', '"prompt_task": "critique", ', '"max_visits": 3, '],
      ['erase', '"max_visits": 3, '],
      ['type', '"entry": "plan', 's'],
    ],
  },
] satisfies Array<{ file: string; steps: Array<['type' | 'erase', string, string?]> }>;

const brief = (d: { rule: string; range: { start: { line: number; character: number } } }) =>
  `${d.rule}@${d.range.start.line}:${d.range.start.character}`;

describe('typing in a pack (server in-process)', () => {
  const ws = workspace(Object.fromEntries(cases.map((c) => [c.file, demo(c.file)])));
  const client = LspClient.inProcess({ dialects, rules, debounceMs: 0, scanWorkspace: false });
  beforeAll(() => client.initialize(ws.root));
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  for (const { file, steps } of cases) {
    it(`${file}: each version gets the findings of a lint from scratch`, async () => {
      const start = demo(file);
      const uri = await client.open(ws.file(file), start, file.endsWith('.json') ? 'json' : 'yaml');
      await client.diagnostics(uri);
      const versions = keystrokes(start, steps);
      expect(versions.length).toBeGreaterThan(30);
      for (const text of versions) {
        const version = await client.change(uri, text);
        const got = await client.diagnostics(uri, (_d, p) => p.version === version);
        const expected = lintMemory({ [file]: text }, 'promptpack');
        expect(
          got.map((d) => `${String(d.code)}@${d.range.start.line}:${d.range.start.character}`).sort(),
          text,
        ).toEqual(expected.map(brief).sort());
      }
    });
  }
});
