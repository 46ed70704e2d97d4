// The size policy in the editor: an open buffer over the limit is one core/file-too-large
// diagnostic (not silence), and the config's maxFileSize sets the limit as it does for the CLI.
import { dialects, rules } from '@orchlint/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { LspClient, workspace } from '../support/lsp-client.js';

const PACK =
  'id: x\nname: X\nversion: 1.0.0\ntemplate_engine: { version: v1, syntax: "{{v}}" }\nprompts: {}\n' +
  'workflow:\n  version: 1\n  entry: start\n  states:\n    start:\n      prompt_task: p\n      terminal: true\n      control: agent\n';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function session(files: Record<string, string>) {
  const ws = workspace(files);
  const client = LspClient.inProcess({ dialects, rules, debounceMs: 0, scanWorkspace: false });
  cleanups.push(
    () => ws.dispose(),
    () => client.dispose(),
  );
  await client.initialize(ws.root, {});
  return { ws, client };
}

const codes = (d: Array<{ code?: string | number }>) => d.map((x) => String(x.code)).sort();

describe('the language server and the size limit', () => {
  it("honours the config's maxFileSize: an open pack over it gets core/file-too-large, one under it is linted", async () => {
    const { ws, client } = await session({
      'orchlint.config.yaml': `maxFileSize: ${PACK.length + 20}\n`,
      'big/x.promptpack.yaml': `${PACK}# ${'padding '.repeat(10)}\n`,
      'x.promptpack.yaml': PACK,
    });
    const big = await client.open(ws.file('big/x.promptpack.yaml'), `${PACK}# ${'padding '.repeat(10)}\n`);
    const found = await client.diagnostics(big);
    expect(codes(found)).toEqual(['core/file-too-large']);
    expect(found[0]!.message).toContain(`over the ${PACK.length + 20} bytes orchlint parses`);
    const small = await client.open(ws.file('x.promptpack.yaml'), PACK);
    const linted = codes(await client.diagnostics(small));
    expect(linted).toContain('promptpack/control-agent-on-terminal');
    expect(linted).not.toContain('core/file-too-large');
  });
});
