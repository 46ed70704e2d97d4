import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';

const manifest = readFileSync(
  new URL('../../fixtures/prompt-runner/prompt-without-verify/valid-contract/prompt_runner_packet.md', import.meta.url),
  'utf8',
);

describe('target versions', () => {
  it('a config naming a version no dialect models is a positioned core/config error listing the known ones', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml': [
        'targets:',
        '  promptpack: 1.2.5',
        '  archon: 0.3.0',
        '  prompt-runner: 0.14.0',
        '  runtime: promptkit@2.0',
        'overrides:',
        '  - files: old/**',
        '    targets: { archon: v0.8 }',
      ].join('\n'),
      'support.promptpack.yaml': terminalAgentPack,
    });
    const r = await orchlintInProcess(['.'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /orchlint.config.yaml:2:15 +error +targets.promptpack '1.2.5' is not a version orchlint models; it knows 1.0.0, .*1.8.1, 1.9.0 +\[core\/config\]/,
    );
    expect(r.stderr).toMatch(
      /orchlint.config.yaml:3:11 +error +targets.archon '0.3.0' is not a version orchlint models; it knows 0.9, 0.10 +\[core\/config\]/,
    );
    expect(r.stderr).toMatch(
      /orchlint.config.yaml:4:18 +error +targets.prompt-runner '0.14.0' is not a version orchlint models; it knows 0.11.0, 0.12.0, 0.12.1, 0.13.0 /,
    );
    expect(r.stderr).toMatch(
      /orchlint.config.yaml:5:12 +error +targets.runtime 'promptkit@2.0' is not a version orchlint models; it knows promptkit@1.5 /,
    );
    expect(r.stderr).toMatch(/orchlint.config.yaml:8:24 +error +targets.archon 'v0.8' is not a version/);
  });

  it('accepts every modelled version in any of its spellings', async () => {
    const dir = tempFiles({
      'orchlint.config.yaml':
        'targets:\n  promptpack: "1.4"\n  archon: v0.10\n  prompt-runner: "0.13"\n  runtime: promptkit@1.5\noverrides:\n  - files: a/**\n    targets: { archon: "0.9", promptpack: latest }\n',
      'support.promptpack.yaml': terminalAgentPack,
    });
    const r = await orchlintInProcess(['--print-config', 'support.promptpack.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('packet lint --target-version with a release orchlint does not model is one line on stderr and exit 2', async () => {
    const dir = tempFiles({ 'prompt_runner_packet.md': manifest });
    const r = await orchlintInProcess(['packet', 'lint', dir, '--target-version', '0.9.0'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'orchlint: --target-version 0.9.0 is not a Prompt Runner release orchlint models; it knows 0.11.0, 0.12.0, 0.12.1, 0.13.0\n',
    );
    expect((await orchlintInProcess(['packet', 'lint', dir, '--target-version', 'v0.13'], { cwd: dir })).stderr).toBe(
      '',
    );
  });
});
