import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DocumentTrees } from '@orchlint/language-server';
import { dialects, rules } from '@orchlint/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, positionOf, workspace } from '../support/lsp-client.js';
import { repoRoot } from '../support/paths.js';

// Hover, completion and code actions read one parsed tree per document version, not a parse each.
describe('the parsed tree of the current version is shared by the requests', () => {
  const pack = readFileSync(path.join(repoRoot, 'fixtures/demo/support.promptpack.yaml'), 'utf8');
  const ws = workspace({});
  const trees = new DocumentTrees();
  let client: LspClient;
  beforeAll(async () => {
    client = LspClient.inProcess({ dialects, rules, debounceMs: 0, scanWorkspace: false, trees });
    await client.initialize(ws.root);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  it('one parse for many requests on a version, one more after an edit', async () => {
    const uri = await client.open(ws.file('support.promptpack.yaml'), pack);
    const found = await client.diagnostics(uri, (d) => d.length > 0);
    const builds = trees.builds;
    const hovers = [];
    for (const needle of ['control: agent', 'prompt_task: goodbye', 'entry: triage'])
      hovers.push(await client.hover(uri, positionOf(pack, needle, 2)));
    expect(hovers.every((h) => h !== null)).toBe(true);
    const items = await client.completion(uri, positionOf(pack, 'entry: triage', 8));
    expect(items.map((i) => i.label)).toContain('enrich');
    expect((await client.codeActions(uri, found)).length).toBeGreaterThan(0);
    expect(trees.builds - builds).toBe(1);

    const edited = pack.replace('entry: triage', 'entry: billing');
    await client.change(uri, edited);
    await client.diagnostics(uri, () => true, 1);
    expect(await client.hover(uri, positionOf(edited, 'entry: billing', 8))).not.toBeNull();
    await client.completion(uri, positionOf(edited, 'entry: billing', 8));
    expect(trees.builds - builds).toBe(2);
  });
});
