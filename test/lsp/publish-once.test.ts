import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, workspace } from '../support/lsp-client.js';
import { errorPack } from '../support/packs.js';

/** Opening a document, and every lint that settles on the same version after it, is heard once per version. */
describe('publishDiagnostics', () => {
  const ws = workspace({ 'packs/a.promptpack.yaml': errorPack, 'packs/b.promptpack.yaml': errorPack });
  const client = LspClient.spawn();
  beforeAll(async () => {
    await client.initialize(ws.root);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  it('is sent once per document version', async () => {
    const uri = await client.open(ws.file('packs/a.promptpack.yaml'), errorPack);
    expect((await client.diagnostics(uri)).length).toBeGreaterThan(0);
    // Leave time for the workspace scan and config loading to settle on the same version.
    await new Promise((r) => setTimeout(r, 3000));
    const version = await client.change(uri, errorPack.replace('Order help', 'Order helper'));
    await client.diagnostics(uri, (_d, p) => p.version === version);
    await new Promise((r) => setTimeout(r, 1500));
    const perVersion = new Map<number | undefined, number>();
    for (const p of client.publications(uri)) perVersion.set(p.version, (perVersion.get(p.version) ?? 0) + 1);
    expect([...perVersion]).toEqual([
      [1, 1],
      [version, 1],
    ]);
  }, 60_000);
});
