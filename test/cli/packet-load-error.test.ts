import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles } from '../support/orchlint-bin.js';

const prompt = readFileSync(
  new URL(
    '../../fixtures/prompt-runner/invalid-agent-control/invalid-finish-default/prompts/01_write.prompt.md',
    import.meta.url,
  ),
  'utf8',
);
const packet = (manifest: string) =>
  tempFiles({ 'prompt_runner_packet.md': manifest, 'prompts/01_write.prompt.md': prompt });

describe('packet lint on a manifest that does not load', () => {
  it("a front matter that is not a mapping prints only the runner's ERROR line and exits 1", async () => {
    const dir = packet('---\n- app\n- docs\n---\n# Packet\n');
    for (const extra of [[], ['--json'], ['--strict']]) {
      const r = await orchlintInProcess(['packet', 'lint', dir, ...extra]);
      expect(r).toEqual({ code: 1, stdout: 'ERROR: :front_matter_not_a_map\n', stderr: '' });
    }
  });

  it('a YAML error prints one ERROR line with the parse error, no report and no cascade of findings', async () => {
    const dir = packet('---\nname: "lint-packet"\nrepos:\n  app: { path: "./app", default: true\n---\n# Packet\n');
    const r = await orchlintInProcess(['packet', 'lint', dir, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(
      /^ERROR: %YamlElixir\.ParsingError\{line: \d+, column: \d+, type: nil, message: ".+"\}\n$/,
    );
    const lint = await orchlintInProcess(['lint', '--format', 'compact', dir]);
    expect(lint.stdout).toContain('[prompt-runner/front-matter-unparsed]');
    expect(lint.stdout).not.toContain('unknown-target-repo');
  });
});

describe('agent_control reasons', () => {
  it("orchlint lint names the keys with a did-you-mean; packet lint keeps the runner's inspect() wording", async () => {
    const dir = packet(
      '---\nname: "lint-packet"\nrepos:\n  app: { path: "./app", default: true }\nagent_control:\n  enabeld: true\n---\n# Packet\n',
    );
    const lint = await orchlintInProcess(['lint', '--format', 'compact', dir]);
    expect(lint.stdout).toContain(
      "prompt_runner_packet.md:6:3: error agent_control is invalid: unknown key 'enabeld' (did you mean 'enabled'?); the keys are enabled, default_action, max_iterations, completion_verify [prompt-runner/invalid-agent-control]",
    );
    const report = JSON.parse((await orchlintInProcess(['packet', 'lint', dir, '--json'])).stdout) as {
      findings: Array<{ kind: string; message: string }>;
    };
    expect(report.findings.find((f) => f.kind === 'invalid_agent_control')?.message).toBe(
      'agent_control is invalid: {:unknown_agent_control_options, ["enabeld"]}',
    );
  });
});

describe('depends_on messages', () => {
  it('list each prompt id once, even when two prompts share one', async () => {
    const p = (id: string, extra = '') =>
      `---\nid: "${id}"\ntargets: ["app"]\n${extra}verify:\n  files_exist: ["NOTES.md"]\n---\n# P\n`;
    const dir = tempFiles({
      'prompt_runner_packet.md':
        '---\nname: "lint-packet"\nrepos:\n  app: { path: "./app", default: true }\n---\n# Packet\n',
      'prompts/01_a.prompt.md': p('01', 'depends_on: ["02"]\n'),
      'prompts/01_b.prompt.md': p('01', 'depends_on: ["02"]\n'),
      'prompts/02_c.prompt.md': p('02', 'depends_on: ["01", "09"]\n'),
    });
    const lines = (await orchlintInProcess(['lint', '--format', 'compact', dir])).stdout.split('\n');
    const unknown = lines.find((l) => l.includes('[prompt-runner/depends-on-unknown]'))!;
    expect(unknown).toContain('(ids: 01, 02)');
    const cycle = lines.find((l) => l.includes('[prompt-runner/depends-on-cycle]'))!;
    expect(cycle).toContain('depends_on forms a cycle, 01 → 02 and back');
    expect(cycle).not.toMatch(/\{:/);
  });
});
