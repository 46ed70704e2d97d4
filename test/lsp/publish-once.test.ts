import { defineRule } from '@orchlint/core';
import { DEFAULT_DEBOUNCE_MS } from '@orchlint/language-server';
import { dialects, rules } from '@orchlint/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, workspace } from '../support/lsp-client.js';
import { ManualClock } from '../support/manual-clock.js';
import { errorPack } from '../support/packs.js';

/** Opening a document, and every lint that settles on the same version after it, is heard once per version. */
describe('publishDiagnostics', () => {
  const ws = workspace({ 'packs/a.promptpack.yaml': errorPack, 'packs/b.promptpack.yaml': errorPack });
  // Counts the lints of each pack, to show that several settled on one version.
  let lints = 0;
  const counting = defineRule({
    id: 'promptpack/counts-lints',
    dialect: 'promptpack',
    severity: 'info',
    clause: 'note',
    basis: 'derived: test',
    summary: 'counts lints',
    check(_pack, _report, context) {
      if (context.source.path.endsWith('a.promptpack.yaml')) lints++;
    },
  });
  // The server as the bin starts it (the workspace scan, the default debounce), on a clock the test moves.
  const clock = new ManualClock();
  const client = LspClient.inProcess({ dialects, rules: [...rules, counting], clock });
  beforeAll(async () => {
    await client.initialize(ws.root);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  it('is sent once per document version', async () => {
    const uri = await client.open(ws.file('packs/a.promptpack.yaml'), errorPack);
    // Everything opening starts (its lint, the workspace scan and the re-lint of open files that ends
    // it) runs to its end: two lints of version 1, heard once.
    await client.settle(clock);
    expect(clock.waiting).toBe(0);
    expect(lints).toBe(2);
    expect(client.publications(uri)[0]!.diagnostics.length).toBeGreaterThan(0);
    const version = await client.change(uri, errorPack.replace('Order help', 'Order helper'));
    await client.settle(clock, DEFAULT_DEBOUNCE_MS);
    expect(clock.waiting).toBe(0);
    expect(lints).toBe(3);
    const perVersion = new Map<number | undefined, number>();
    for (const p of client.publications(uri)) perVersion.set(p.version, (perVersion.get(p.version) ?? 0) + 1);
    expect([...perVersion]).toEqual([
      [1, 1],
      [version, 1],
    ]);
  });
});
