import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@orchlint/core';
import { lintState, type PlaygroundState } from '@orchlint/playground';
import { describe, expect, it } from 'vitest';
import { cliReport } from '../support/playground-cli.js';
import { repoRoot } from '../support/paths.js';

// The playground's settings are a config file's text: the same text in a folder's
// orchlint.config.yaml gives the CLI the same findings (severities, targets, overrides, ignores).

const demo = path.join(repoRoot, 'fixtures/demo');
function demoFiles(dir = demo): PlaygroundState['files'] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return demoFiles(full);
      return [{ path: path.relative(demo, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
    });
}

const stateWith = (config: string, dialect = ''): PlaygroundState => ({
  version: '0.2.0',
  files: demoFiles(),
  config,
  dialect,
  active: 'support.promptpack.yaml',
});

const asReported = (d: Diagnostic) => ({
  path: d.path,
  rule: d.rule,
  severity: d.severity,
  message: d.message,
  line: d.range.start.line + 1,
  column: d.range.start.character + 1,
});

/** The CLI's findings on the state, in the same shape. */
const cliFindings = async (state: PlaygroundState) =>
  (await cliReport(state)).map((d) => ({
    path: d.path,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    line: d.range.start.line,
    column: d.range.start.column,
  }));

describe('the playground lints its files with its config text as the CLI lints a folder holding both', () => {
  const configs: Record<string, string> = {
    'no config file': '',
    severities: 'rules:\n  archon/model-reasoning-effort: error\n  promptpack/control-agent-on-terminal: "off"\n',
    targets: 'targets:\n  archon: "0.10"\n  prompt-runner: 0.13.0\n  runtime: promptkit@1.5\n',
    overrides: 'overrides:\n  - files: "packet/**"\n    rules:\n      prompt-runner/command-unknown-key: info\n',
    ignores:
      'ignore:\n  - research.pack.json\n  - rules: [archon/bash-double-quoted-ref]\n' +
      '    paths: [".archon/workflows/triage-issue.yaml:41", "nowhere.yaml"]\n',
  };
  for (const [what, config] of Object.entries(configs)) {
    it(what, async () => {
      const state = stateWith(config);
      const { run, configDiagnostics } = lintState(state);
      expect(configDiagnostics).toEqual([]);
      const cli = await cliFindings(state);
      expect(run.diagnostics.map(asReported)).toEqual(cli);
      expect(cli.length).toBeGreaterThan(3);
    });
  }

  it('with a dialect forced, as --dialect does', async () => {
    const state = stateWith('', 'archon');
    expect(lintState(state).run.diagnostics.map(asReported)).toEqual(await cliFindings(state));
  });

  it('a config text that does not validate is reported where it is wrong (the CLI stops there, exit 2)', () => {
    const { configDiagnostics } = lintState(stateWith('rules:\n  promptpack/no-such-rule: error\n'));
    expect(configDiagnostics.map((d) => [d.rule, d.path, d.range.start.line + 1])).toEqual([
      ['core/config', 'orchlint.config.yaml', 2],
    ]);
    expect(configDiagnostics[0]!.message).toMatch(/unknown rule 'promptpack\/no-such-rule'/);
  });
});
