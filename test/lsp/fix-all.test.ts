import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Source } from '@orchlint/core';
import { CodeActionRequest, type CodeAction, type TextEdit } from 'vscode-languageserver-protocol/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orchlint } from '../support/orchlint-bin.js';
import { LspClient } from '../support/lsp-client.js';
import { repoRoot } from '../support/paths.js';

// "orchlint: Fix all in file" asks the server for its source.fixAll.orchlint action.
describe('the fix-all code action', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'orchlint-fixall-'));
  const fixed = mkdtempSync(path.join(tmpdir(), 'orchlint-fixall-cli-'));
  let client: LspClient;
  beforeAll(async () => {
    cpSync(path.join(repoRoot, 'fixtures/demo'), root, { recursive: true });
    cpSync(root, fixed, { recursive: true });
    orchlint(['--fix', '.'], { cwd: fixed });
    client = LspClient.spawn();
    await client.initialize(root);
  });
  afterAll(async () => {
    await client.dispose();
    rmSync(root, { recursive: true, force: true });
    rmSync(fixed, { recursive: true, force: true });
  });

  const fixAll = async (rel: string, languageId: string) => {
    const text = readFileSync(path.join(root, rel), 'utf8');
    const uri = await client.open(path.join(root, rel), text, languageId);
    await client.diagnostics(uri, (d) => d.some((x) => x.source === 'orchlint'));
    const whole = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: whole,
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as CodeAction[];
    return { text, uri, actions };
  };

  for (const [rel, languageId] of [
    ['support.promptpack.yaml', 'yaml'],
    ['.archon/workflows/triage-issue.yaml', 'yaml'],
    ['packet/prompts/01_collect_changes.prompt.md', 'markdown'],
  ] as const) {
    it(`${rel}: one action whose edit leaves the text orchlint --fix writes`, async () => {
      const { text, uri, actions } = await fixAll(rel, languageId);
      expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.orchlint']);
      const edits = actions[0]!.edit!.changes![uri]!;
      expect(applyEdits(text, edits)).toBe(readFileSync(path.join(fixed, rel), 'utf8'));
    });
  }

  it('asked only for quick fixes, it offers none of the fix-all kind; asked for fix-all, no quick fixes', async () => {
    const { uri, text } = await fixAll('support.promptpack.yaml', 'yaml');
    const range = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
    const quick = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range,
      context: { diagnostics: [], only: ['quickfix'] },
    })) as CodeAction[];
    expect(quick.length).toBeGreaterThan(0);
    expect(quick.every((a) => a.kind === 'quickfix')).toBe(true);
  });

  it('offers no fix-all on a JSON file with a JSON syntax error, as orchlint --fix fixes none there', async () => {
    const pack = readFileSync(
      path.join(repoRoot, 'fixtures/promptpack/terminal-with-transitions/invalid-with-control-agent.pack.json'),
      'utf8',
    ).replace('"Resolved": "done"', '"Resolved": "done",');
    writeFileSync(path.join(root, 'broken.pack.json'), pack);
    const { actions } = await fixAll('broken.pack.json', 'json');
    expect(actions).toEqual([]);
  });
});

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const source = new Source('x', text);
  const spans = edits
    .map((e) => ({ start: source.offsetAt(e.range.start), end: source.offsetAt(e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start);
  return spans.reduce((out, e) => out.slice(0, e.start) + e.newText + out.slice(e.end), text);
}
