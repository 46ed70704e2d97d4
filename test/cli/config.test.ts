import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';

const RULE = 'promptpack/control-agent-on-terminal';
const loopPack = (await import('node:fs')).readFileSync(
  new URL('../../fixtures/demo/research.pack.json', import.meta.url),
  'utf8',
);

const compact = async (args: string[], cwd: string) => {
  const r = await orchlintInProcess(['--format', 'compact', ...args], { cwd });
  return { ...r, lines: r.stdout.trim().split('\n').filter(Boolean) };
};

describe('orchlint.config.yaml', () => {
  it('is found upward from the linted files and sets severities', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml': `rules:\n  ${RULE}: error\n`,
      'team/packs/support.promptpack.yaml': terminalAgentPack,
    });
    const r = await compact(['packs'], path.join(dir, 'team'));
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      expect.stringMatching(new RegExp(`^packs/support.promptpack.yaml:19:7: error .*\\[${RULE}\\]$`)),
    ]);
  });

  it('turns rules off, skips ignored globs and applies overrides in order', async () => {
    const dir = tempFiles({
      'orchlint.config.yml': [
        'rules:',
        `  ${RULE}: off`,
        'ignore:',
        '  - vendor/**',
        '  - generated',
        'overrides:',
        '  - files: "strict/**"',
        '    rules:',
        `      ${RULE}: error`,
        '  - files: ["strict/relaxed.promptpack.yaml"]',
        '    rules:',
        `      ${RULE}: info`,
      ].join('\n'),
      'plain.promptpack.yaml': terminalAgentPack,
      'vendor/a/x.promptpack.yaml': terminalAgentPack,
      'generated/y.promptpack.yaml': terminalAgentPack,
      'strict/s.promptpack.yaml': terminalAgentPack,
      'strict/relaxed.promptpack.yaml': terminalAgentPack,
    });
    const r = await orchlintInProcess(['--format', 'json', '.'], { cwd: dir });
    const report = JSON.parse(r.stdout);
    expect(report.files.map((f: { path: string }) => f.path).sort()).toEqual([
      'plain.promptpack.yaml',
      'strict/relaxed.promptpack.yaml',
      'strict/s.promptpack.yaml',
    ]);
    expect(report.diagnostics.map((d: any) => `${d.path} ${d.severity}`)).toEqual([
      'strict/relaxed.promptpack.yaml info',
      'strict/s.promptpack.yaml error',
    ]);
    expect(r.code).toBe(1);
  });

  it('sets dialect targets: a PromptPack spec version for packs that declare none', async () => {
    const dir = tempFiles({
      'orchlint.config.json': JSON.stringify({ targets: { promptpack: '1.0.0', runtime: 'promptkit@1.5' } }),
      'support.promptpack.yaml': terminalAgentPack,
    });
    const r = await compact(['.'], dir);
    expect(
      r.lines.some((l) =>
        /^support.promptpack.yaml:9:1: error unknown property 'workflow'.*\[promptpack\/schema\]$/.test(l),
      ),
    ).toBe(true);
    const printed = JSON.parse(
      (await orchlintInProcess(['--print-config', 'support.promptpack.yaml'], { cwd: dir })).stdout,
    );
    expect(printed).toMatchObject({
      path: 'support.promptpack.yaml',
      config: 'orchlint.config.json',
      ignored: false,
      targets: { promptpack: '1.0.0', runtime: 'promptkit@1.5' },
    });
  });

  it('--print-config shows every rule with its effective severity, and whether the file is ignored', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml': `ignore: [old/**]\nrules:\n  ${RULE}: error\noverrides:\n  - files: lax/**\n    rules: { promptpack/dead-end-state: off }\n    targets: { promptpack: 1.4.0 }\n`,
      'lax/a.pack.json': '{}\n',
      'old/b.pack.json': '{}\n',
    });
    const lax = JSON.parse((await orchlintInProcess(['--print-config', 'lax/a.pack.json'], { cwd: dir })).stdout);
    expect(lax.rules[RULE]).toBe('error');
    expect(lax.rules['promptpack/dead-end-state']).toBe('off');
    expect(lax.rules['promptpack/agent-cycle-without-exit']).toBe('warning');
    expect(lax.rules['core/unused-suppression']).toBe('warning');
    // The dialect's load findings are configurable like its rules, so they are shown too.
    expect(lax.rules['promptpack/empty-file']).toBe('error');
    expect(lax.rules['promptpack/not-a-mapping']).toBe('error');
    expect(lax.rules['archon/empty-file']).toBeUndefined();
    expect(lax.targets).toEqual({ promptpack: '1.4.0' });
    expect(
      JSON.parse((await orchlintInProcess(['--print-config', 'old/b.pack.json'], { cwd: dir })).stdout).ignored,
    ).toBe(true);
  });

  it('--config names the file to use, wherever it is', async () => {
    const dir = tempFiles({
      'configs/ci.yaml': `rules:\n  ${RULE}: error\n`,
      'orchlint.config.yaml': `rules:\n  ${RULE}: off\n`,
      'support.promptpack.yaml': terminalAgentPack,
    });
    expect((await compact(['.'], dir)).lines).toEqual([]);
    expect((await compact(['--config', 'configs/ci.yaml', '.'], dir)).lines).toEqual([
      expect.stringMatching(/:19:7: error /),
    ]);
    const missing = await orchlintInProcess(['--config', 'nope.yaml', '.'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('orchlint: no such config file: nope.yaml\n');
  });

  it('silences rules in JSON files through path:line ignore entries, and reports entries that silence nothing', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml': [
        'ignore:',
        '  - rules: [promptpack/agent-cycle-without-exit, promptpack/control-level]',
        '    paths: [packs/loop.pack.json:18]',
        '    reason: the critic ends the loop by calling a tool',
        '  - rules: [promptpack/control-agent-on-terminal]',
        '    paths: ["packs/*.pack.json:3"]',
      ].join('\n'),
      'packs/loop.pack.json': loopPack,
    });
    const r = await compact(['packs'], dir);
    expect(r.lines).toEqual([
      "orchlint.config.yaml:6:13: warning the ignore entry 'packs/*.pack.json:3' (promptpack/control-agent-on-terminal) silences nothing on line 3 of packs/loop.pack.json; point it at the line of the finding or remove it [core/unused-suppression]",
    ]);
  });

  it('applies path:line ignore entries the same from above, inside or beside the config folder', async () => {
    const dir = tempFiles({
      'proj/orchlint.config.yaml': [
        'ignore:',
        '  - rules: [promptpack/agent-cycle-without-exit, promptpack/control-level]',
        '    paths: [packs/loop.pack.json:18]',
      ].join('\n'),
      'proj/packs/loop.pack.json': loopPack,
      'other/.keep.txt': '',
    });
    expect((await compact(['proj'], dir)).lines).toEqual([]);
    expect((await compact(['.'], path.join(dir, 'proj'))).lines).toEqual([]);
    expect((await compact(['loop.pack.json'], path.join(dir, 'proj/packs'))).lines).toEqual([]);
    expect((await compact(['../proj'], path.join(dir, 'other'))).lines).toEqual([]);
  });

  it('reports errors in the config itself at their line and column, with exit 2', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml': `rules:\n  ${RULE}: fatal\n  promptpack/dead-end-stat: warning\nignore: vendor/**\ntargets:\n  promptpak: 1.4.0\n`,
      'support.promptpack.yaml': terminalAgentPack,
    });
    const r = await orchlintInProcess(['.'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /orchlint.config.yaml:2:41 +error +"fatal" is not a valid value for 'rules\["promptpack\/control-agent-on-terminal"\]'; expected one of: error, warning, info, off.*\[core\/config\]/,
    );
    expect(r.stderr).toMatch(/orchlint.config.yaml:4:9 +error +'ignore' must be an array.*\[core\/config\]/);
    expect(r.stderr).toMatch(
      /orchlint.config.yaml:6:3 +error +unknown property 'promptpak' in 'targets' \(did you mean 'promptpack'\?\)/,
    );
    expect(r.stderr).toMatch(/the configuration file is invalid/);
    const typo = tempFiles({
      'orchlint.config.yaml': 'rules:\n  promptpack/dead-end-stat: warning\n',
      'a.promptpack.yaml': terminalAgentPack,
    });
    const t = await orchlintInProcess(['.'], { cwd: typo });
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(
      /orchlint.config.yaml:2:3 +error +unknown rule 'promptpack\/dead-end-stat' \(did you mean 'promptpack\/dead-end-state'\?\)/,
    );
  });

  it('reports a malformed rule id once, at its own key, with the did-you-mean', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml': 'rules:\n  promptpack/dead-end-state: warning\n  Promptpack/Cycle: off\n',
      'a.promptpack.yaml': terminalAgentPack,
    });
    const r = await orchlintInProcess(['--format', 'compact', '.'], { cwd: dir });
    expect(r.code).toBe(2);
    const findings = r.stderr.split('\n').filter((l) => /^orchlint\.config\.yaml:\d+:\d+ /.test(l));
    expect(findings).toEqual([
      "orchlint.config.yaml:3:3  error  unknown rule 'Promptpack/Cycle' (did you mean 'promptpack/cycle'?); `orchlint rules` lists every rule id  [core/config]",
    ]);
  });
});

describe('the README', () => {
  it('documents a config file that validates', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration'))!;
    const example = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const dir = tempFiles({
      'orchlint.config.yaml': example.replace(
        './schemas/orchlint-config.schema.json',
        'https://example.invalid/schema.json',
      ),
      'experiments/a.pack.json': '{}\n',
    });
    const r = await orchlintInProcess(['--print-config', 'experiments/a.pack.json'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({
      targets: { promptpack: '1.9.0', runtime: 'promptkit@1.5' },
      rules: { 'promptpack/dead-end-state': 'info', 'promptpack/tool-ref': 'off' },
    });
  });
});
