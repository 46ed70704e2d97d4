import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../support/needs.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { cliBin } from '../support/paths.js';

// `orchlint mcp` in a client that is not ours: the MCP Inspector's CLI mode, from the npm registry
// (test/lsp/vscode-e2e/install-tools.sh puts it beside the VS Code tools). It declares no roots, so
// the server reads inside its working directory. Without it this is skipped (named at the end of the run), except
// where ORCHLINT_E2E_REQUIRED is set (CI), where its absence fails.
const tools = process.env.ORCHLINT_E2E_TOOLS ?? path.join(homedir(), '.cache/orchlint-e2e');
const inspector = path.join(tools, 'mcp-inspector/node_modules/.bin/mcp-inspector');
const installed = existsSync(inspector);
const required = Boolean(process.env.ORCHLINT_E2E_REQUIRED);
const withInspector = needs(
  'MCP Inspector',
  !installed && !required && `${inspector} is not installed; run bash test/lsp/vscode-e2e/install-tools.sh`,
);

describe('orchlint mcp in the MCP Inspector (--cli)', withInspector, () => {
  const dir = tempFiles({ 'packs/support.promptpack.yaml': terminalAgentPack }, 'orchlint-mcp-inspector-');
  const outside = tempFiles({ 'secret.promptpack.yaml': terminalAgentPack }, 'orchlint-mcp-outside-');
  const call = (...args: string[]) => {
    const r = spawnSync(
      inspector,
      // Options first, the variadic --tool-arg ended by --cwd, then the server's command.
      ['--cli', ...args, '--cwd', dir, process.execPath, cliBin, 'mcp'],
      // Its catalog of servers in the test's folder, not under ~/.mcp-inspector.
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, MCP_CATALOG_PATH: path.join(dir, 'catalog.json') } },
    );
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('is installed', () => expect(installed).toBe(true));

  it('tools/list: the six tools, whose schemas the Inspector finds portable (--strict)', () => {
    const r = call('--strict', '--method', 'tools/list');
    expect(r.stderr).not.toMatch(/Warning|Error/);
    expect(r.code).toBe(0);
    const names = JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name);
    expect(names.sort()).toEqual(['explain_rule', 'fix', 'graph', 'lint', 'list_rules', 'trace']);
  });

  it("tools/call lint: a pack in the working folder gives the JSON report's diagnostics and a summary", () => {
    const r = call('--method', 'tools/call', '--tool-name', 'lint', '--tool-arg', 'paths=["packs"]');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.diagnostics).toEqual([
      expect.objectContaining({
        path: 'packs/support.promptpack.yaml',
        rule: 'promptpack/control-agent-on-terminal',
        severity: 'warning',
        range: { start: { line: 19, column: 7 }, end: { line: 19, column: 14 } },
      }),
    ]);
    expect(result.content[0].text).toMatch(/^0 error\(s\), 1 warning\(s\), 0 info\(s\) in 1 file\(s\)/);
  });

  it('tools/call fix on a text returns the fixed text and writes nothing', () => {
    const r = call(
      '--method',
      'tools/call',
      '--tool-name',
      'fix',
      '--tool-arg',
      `text=${JSON.stringify(terminalAgentPack)}`,
      'fileName=packs/draft.promptpack.yaml',
    );
    expect(r.code).toBe(0);
    const fixed = JSON.parse(r.stdout).structuredContent;
    expect(fixed.files).toEqual([
      { path: 'packs/draft.promptpack.yaml', fixed: terminalAgentPack.replace('      control: agent\n', '') },
    ]);
    expect(fixed.written).toBe(false);
    expect(existsSync(path.join(dir, 'packs/draft.promptpack.yaml'))).toBe(false);
    expect(readFileSync(path.join(dir, 'packs/support.promptpack.yaml'), 'utf8')).toBe(terminalAgentPack);
  });

  it('a path outside the working folder is a tool error (the Inspector exits 5), and nothing of it is shown', () => {
    const secret = path.join(outside, 'secret.promptpack.yaml');
    const r = call('--method', 'tools/call', '--tool-name', 'lint', '--tool-arg', `paths=${JSON.stringify([secret])}`);
    expect(r.code).toBe(5);
    const result = JSON.parse(r.stdout);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/is outside the roots this server may read/);
    expect(r.stdout).not.toMatch(/control-agent-on-terminal/);
  });
});
