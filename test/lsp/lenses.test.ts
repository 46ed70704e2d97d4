import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects, rules } from '@orchlint/rules';
import { LspClient, workspace } from '../support/lsp-client.js';
import { repoRoot } from '../support/paths.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const fixture = (rel: string) => readFileSync(path.join(repoRoot, rel), 'utf8');

async function opened(files: Record<string, string>, open: string) {
  const ws = workspace(files);
  const client = LspClient.inProcess({ dialects, rules, debounceMs: 0, scanWorkspace: false });
  cleanups.push(
    () => ws.dispose(),
    () => client.dispose(),
  );
  await client.initialize(ws.root, {}, { workspace: { codeLens: { refreshSupport: true } } });
  const uri = await client.open(ws.file(open), files[open]!);
  await client.diagnostics(uri);
  const lenses = async (of = uri) =>
    (await client.codeLenses(of)).map((l) => `${l.range.start.line + 1}: ${l.command?.title}`);
  return { ws, client, lenses };
}

async function lensesOf(files: Record<string, string>, open: string) {
  return (await opened(files, open)).lenses();
}

describe('code lenses: fixture coverage above each node or state', () => {
  it("shows above each node of a packaged workflow how many of its package's fixtures reach it", async () => {
    const dir = 'fixtures/archon/fixture-expectation/valid-decided/';
    const rel = (f: string) => f.slice(dir.length);
    const files = Object.fromEntries(
      [
        `${dir}.archon/workflows/ops/release/release.yaml`,
        `${dir}.archon/workflows/ops/release/fixtures/green.stubs.yaml`,
        `${dir}.archon/workflows/ops/release/fixtures/red.stubs.yaml`,
      ].map((f) => [rel(f), fixture(f)]),
    );
    expect(await lensesOf(files, '.archon/workflows/ops/release/release.yaml')).toEqual([
      '5: reached by 2 of 2 fixtures',
      '7: reached by 2 of 2 fixtures',
      '13: reached by 1 of 2 fixtures',
      '17: reached by 1 of 2 fixtures',
      '20: reached by 1 of 2 fixtures; when: never false',
    ]);
  });

  it('shows above each state of a pack how many event fixtures enter it and which events none takes', async () => {
    const files = {
      'support.promptpack.yaml': fixture('fixtures/trace/promptpack/support.promptpack.yaml'),
      'fixtures/order.events.yaml': fixture('fixtures/trace/promptpack/fixtures/order.events.yaml'),
    };
    const lenses = await lensesOf(files, 'support.promptpack.yaml');
    expect(lenses).toContain('18: entered by 1 of 1 event fixture; never takes Unclear');
    expect(lenses).toContain("25: no event fixture enters 'clarify'; never takes Answered, on_max_visits");
  });

  it('asks the client to ask again when a fixture changes, and the lenses then count the edited fixture', async () => {
    const files = {
      'support.promptpack.yaml': fixture('fixtures/trace/promptpack/support.promptpack.yaml'),
      'fixtures/order.events.yaml': fixture('fixtures/trace/promptpack/fixtures/order.events.yaml'),
    };
    const { ws, client, lenses } = await opened(files, 'support.promptpack.yaml');
    expect(await lenses()).toContain("25: no event fixture enters 'clarify'; never takes Answered, on_max_visits");
    const events = await client.open(ws.file('fixtures/order.events.yaml'), files['fixtures/order.events.yaml']);
    const before = client.lensRefreshes;
    await client.change(events, '- Unclear\n- Answered\n');
    await client.until(() => (client.lensRefreshes > before ? true : undefined));
    expect(await lenses()).toContain('25: entered by 1 of 1 event fixture; never takes on_max_visits');
  });
});
