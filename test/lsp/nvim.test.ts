import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { positionOf, serverBin, workspace } from '../support/lsp-client.js';
import { repoRoot } from '../support/paths.js';
import { needs } from '../support/needs.js';

const hasNvim = !spawnSync('nvim', ['--version']).error;
const withNvim = needs('Neovim', !hasNvim && 'nvim is not on PATH (apt-get install -y neovim)');

const pack = `{
  "id": "support",
  "name": "Support",
  "version": "1.0.0",
  "template_engine": { "version": "v1", "syntax": "{{variable}}" },
  "prompts": {
    "triage": { "id": "triage", "name": "Triage", "version": "1.0.0", "system_template": "Route.", "tools": ["lookup_order"] },
    "done": { "id": "done", "name": "Done", "version": "1.0.0", "system_template": "Bye." }
  },
  "workflow": {
    "version": 1,
    "entry": "triage",
    "states": {
      "triage": { "prompt_task": "triage", "on_event": { "Resolved": "done" } },
      "done": { "prompt_task": "done", "terminal": true, "control": "agent" }
    }
  }
}
`;

describe('Neovim (headless, built-in LSP client)', withNvim, () => {
  const ws = workspace({ 'support.pack.json': pack });
  afterAll(() => ws.dispose());

  it('receives orchlint diagnostics for a bad pack', () => {
    const out = ws.file('diagnostics.json');
    const run = spawnSync(
      'nvim',
      [
        '--headless',
        '--clean',
        '-n',
        '-S',
        path.join(repoRoot, 'test/support/lsp-nvim-diagnostics.lua'),
        ws.file('support.pack.json'),
      ],
      {
        env: {
          ...process.env,
          ORCHLINT_OUT: out,
          ORCHLINT_NODE: process.execPath,
          ORCHLINT_SERVER: serverBin,
          ORCHLINT_ROOT: ws.root,
        },
        timeout: 60_000,
        encoding: 'utf8',
      },
    );
    expect(run.error).toBeUndefined();
    const result = JSON.parse(readFileSync(out, 'utf8'));
    expect(result.received).toBe(true);
    const byCode = new Map(result.diagnostics.map((d: { code: string }) => [d.code, d]));
    const control = positionOf(pack, '"control"');
    expect(byCode.get('promptpack/control-agent-on-terminal')).toMatchObject({
      lnum: control.line,
      col: control.character,
      severity: 2,
      source: 'orchlint',
    });
    const tool = positionOf(pack, '"lookup_order"');
    expect(byCode.get('promptpack/tool-ref')).toMatchObject({ lnum: tool.line, col: tool.character, severity: 1 });
  });
});
