import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '@orchlint/cli';
import type { PacketReport as Report } from '../../packages/cli/dist/packet/findings.js';
import { lintMemory } from '../support/lint.js';
import { cliBin } from '../support/paths.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'orchlint-packet-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The shared packet of Prompt Runner's own lint tests: repos app (default) and docs, name lint-packet. */
const MANIFEST = `---
name: "lint-packet"
repos:
  app:
    path: "./app"
    default: true
  docs:
    path: "./docs"
---
# Lint packet
`;

const prompt = (frontMatter: string, body = '# Write notes\n') => `---\n${frontMatter}---\n${body}`;
const CLEAN = prompt(`id: "01"
targets: ["app"]
verify:
  files_exist: ["NOTES.md"]
  commands:
    - exec: "test"
      args: ["-f", "NOTES.md"]
      timeout_ms: 60000
`);

let counter = 0;
function packet(prompts: Record<string, string>, manifest = MANIFEST): string {
  const dir = path.join(scratch, `packet-${++counter}`);
  mkdirSync(path.join(dir, 'prompts'), { recursive: true });
  writeFileSync(path.join(dir, 'prompt_runner_packet.md'), manifest);
  for (const [name, text] of Object.entries(prompts)) writeFileSync(path.join(dir, 'prompts', name), text);
  return dir;
}

/** The CLI in process, as `orchlint packet lint DIR --json [...]`. */
async function lint(dir: string, ...flags: string[]): Promise<{ report: Report; status: number }> {
  let out = '';
  const status = await main(['packet', 'lint', dir, '--json', ...flags], {
    stdout: (s) => void (out += s),
    stderr: () => {},
    color: false,
  });
  return { report: JSON.parse(out) as Report, status };
}

const kinds = (r: Report) => r.findings.map((f) => f.kind);
const withPrompt = (fm: string) => packet({ '01_write.prompt.md': prompt(`id: "01"\ntargets: ["app"]\n${fm}`) });

describe("Prompt Runner's own packet lint cases (packet_lint_test.exs, paraphrased)", () => {
  it('a clean prompt has no findings and passes', async () => {
    const { report, status } = await lint(packet({ '01_write.prompt.md': CLEAN }));
    expect(report.findings).toEqual([]);
    expect(report['pass?']).toBe(true);
    expect(status).toBe(0);
  });

  it('a legacy command without a timeout wrapper warns, naming it and not the wrapped one', async () => {
    const { report, status } = await lint(
      withPrompt('verify:\n  commands: ["mix test", {run: "timeout 900 mix dialyzer"}]\n'),
    );
    const timeouts = report.findings.filter((f) => f.kind === 'verify_command_without_timeout');
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]!.severity).toBe('warning');
    expect(timeouts[0]!.message).toContain('mix test');
    expect(timeouts[0]!.message).not.toContain('dialyzer');
    expect(report['pass?']).toBe(true);
    expect(status).toBe(0);
  });

  it('--strict turns a wrapped legacy command into an error and fails', async () => {
    const { report, status } = await lint(withPrompt('verify:\n  commands: ["timeout 60 mix test"]\n'), '--strict');
    expect(report.findings).toContainEqual(
      expect.objectContaining({ kind: 'legacy_shell_command', severity: 'error' }),
    );
    expect(report['pass?']).toBe(false);
    expect(status).toBe(1);
  });

  it('id "02" in 01_write.prompt.md is one prompt_id_filename_mismatch error', async () => {
    const { report } = await lint(packet({ '01_write.prompt.md': CLEAN.replace('id: "01"', 'id: "02"') }));
    expect(kinds(report)).toEqual(['prompt_id_filename_mismatch']);
    expect(report.errors).toBe(1);
    expect(report.findings[0]).toMatchObject({ file: '01_write.prompt.md', prompt_id: '02' });
  });

  it('write.prompt.md has no numeric prefix', async () => {
    const { report } = await lint(packet({ 'write.prompt.md': CLEAN }));
    expect(kinds(report)).toContain('prompt_filename_without_prefix');
  });

  it('two prompts with id "01" are one duplicate_prompt_id listing both files, for no file', async () => {
    const { report } = await lint(packet({ '01_write.prompt.md': CLEAN, '02_more.prompt.md': CLEAN }));
    const dup = report.findings.find((f) => f.kind === 'duplicate_prompt_id')!;
    expect(dup).toMatchObject({ file: null, prompt_id: '01', severity: 'error' });
    expect(dup.message).toContain('01_write.prompt.md, 02_more.prompt.md');
    expect(report.findings[0]!.kind).toBe('duplicate_prompt_id');
  });

  it('targets [app, nope] names nope and the known repos', async () => {
    const { report } = await lint(
      packet({ '01_write.prompt.md': CLEAN.replace('targets: ["app"]', 'targets: [app, nope]') }),
    );
    const f = report.findings.find((x) => x.kind === 'unknown_target_repo')!;
    expect(f.message).toContain('"nope"');
    expect(f.message).toContain('known: app, docs');
  });

  it('a verify entry in repo ghost is unknown_verify_repo; repo packet is accepted', async () => {
    const bad = await lint(withPrompt('verify:\n  files_exist: [{repo: ghost, path: NOTES.md}]\n'));
    const f = bad.report.findings.find((x) => x.kind === 'unknown_verify_repo')!;
    expect(f.message).toContain('"ghost"');
    expect(f.message).toContain('verify.files_exist');
    const good = await lint(withPrompt('verify:\n  files_exist: [{repo: packet, path: README.md}]\n'));
    expect(kinds(good.report)).not.toContain('unknown_verify_repo');
  });

  it('targets ["@core"] is repo_group_in_targets and not unknown_target_repo', async () => {
    const { report } = await lint(
      packet({ '01_write.prompt.md': CLEAN.replace('targets: ["app"]', 'targets: ["@core"]') }),
    );
    expect(kinds(report)).toContain('repo_group_in_targets');
    expect(kinds(report)).not.toContain('unknown_target_repo');
  });

  it('no verify warns prompt_without_verify only, and passes', async () => {
    const { report, status } = await lint(withPrompt(''));
    expect(kinds(report)).toEqual(['prompt_without_verify']);
    expect(report.findings[0]!.severity).toBe('warning');
    expect(status).toBe(0);
  });

  it('files_exist alone warns contract_without_commands; a content assertion silences it', async () => {
    const alone = await lint(withPrompt('verify:\n  files_exist: [NOTES.md]\n'));
    expect(kinds(alone.report)).toEqual(['contract_without_commands']);
    expect(alone.report['pass?']).toBe(true);
    for (const clause of [
      'contains: [{path: NOTES.md, text: done}]',
      'matches: [{path: NOTES.md, pattern: done}]',
      'doc: [NOTES.md]',
    ]) {
      const { report } = await lint(withPrompt(`verify:\n  files_exist: [NOTES.md]\n  ${clause}\n`));
      expect(kinds(report), clause).not.toContain('contract_without_commands');
    }
  });

  it('changed_paths_only warns, and is an error under --strict', async () => {
    const dir = withPrompt(
      'verify:\n  files_exist: [NOTES.md]\n  contains: [{path: NOTES.md, text: done}]\n  changed_paths_only: [NOTES.md]\n',
    );
    expect((await lint(dir)).report.findings).toEqual([
      expect.objectContaining({ kind: 'changed_paths_only_vacuous', severity: 'warning' }),
    ]);
    expect((await lint(dir, '--strict')).report.findings).toEqual([
      expect.objectContaining({ kind: 'changed_paths_only_vacuous', severity: 'error' }),
    ]);
  });

  it('references, required_reading, context_files and depends_on give exactly three inert keys, in that order', async () => {
    const fm = 'references: [a.md]\nrequired_reading: [b.md]\ncontext_files: [c.md]\ndepends_on: []\n';
    const { report } = await lint(
      packet({ '01_write.prompt.md': CLEAN.replace('targets: ["app"]\n', `targets: ["app"]\n${fm}`) }),
    );
    const inert = report.findings.filter((f) => f.kind === 'inert_front_matter_key');
    // Sorted by {file, kind, message}: the messages start with the backquoted key.
    expect(inert.map((f) => f.key)).toEqual(['context_files', 'references', 'required_reading']);
    expect(report.findings).toHaveLength(3);
  });

  it('strict errors equal lenient warnings, and strict leaves no warnings', async () => {
    const dir = packet({
      '01_write.prompt.md': prompt(
        'id: "01"\ntargets: ["app"]\nreferences: [a.md]\nverify:\n  files_exist: [NOTES.md]\n  changed_paths_only: [NOTES.md]\n',
      ),
    });
    const lenient = await lint(dir);
    const strict = await lint(dir, '--strict');
    expect(lenient.report.warnings).toBe(3);
    expect(strict.report.errors).toBe(lenient.report.warnings);
    expect(strict.report.warnings).toBe(0);
  });

  it('a scaffolded packet (Packet.new and a template prompt) has no inert keys and passes', async () => {
    const manifest = `---
name: "demo"
phases: {}
profile: "codex-default"
prompt_dir: "prompts"
recovery:
  resume_attempts: 2
  retry:
    max_attempts: 3
repos:
  app:
    default: true
    path: "/work/app"
---
# demo

Packet manifest for Prompt Runner 0.7.0.
`;
    const scaffold = prompt(
      'commit: "feat: first prompt"\nid: "01"\nname: "First prompt"\nphase: 1\ntargets:\n  - "app"\nverify:\n  files_exist: []\n',
      '# First prompt\n\n## Mission\n\nDescribe the work.\n',
    );
    const { report, status } = await lint(packet({ '01_first_prompt.prompt.md': scaffold }, manifest));
    expect(kinds(report)).not.toContain('inert_front_matter_key');
    expect(kinds(report)).toEqual(['prompt_without_verify']);
    expect(status).toBe(0);
  });

  it('a missing manifest is one line on stderr, no report, exit 2 (a usage error)', async () => {
    const dir = path.join(scratch, 'empty');
    mkdirSync(dir, { recursive: true });
    let out = '';
    let err = '';
    const status = await main(['packet', 'lint', dir], {
      stdout: (s) => void (out += s),
      stderr: (s) => void (err += s),
      color: false,
    });
    expect(status).toBe(2);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('prompt_runner_packet.md');
  });

  it('agent_control completion_verify is linted as prompt agent-control-finish of prompt_runner_packet.md', async () => {
    const manifest = MANIFEST.replace(
      '---\n# Lint',
      'agent_control:\n  enabled: true\n  completion_verify:\n    repos_clean: [{repo: app, pushed: true}]\n---\n# Lint',
    );
    const { report } = await lint(packet({ '01_write.prompt.md': CLEAN }, manifest));
    expect(report.findings).toEqual([
      expect.objectContaining({
        kind: 'contract_without_commands',
        file: 'prompt_runner_packet.md',
        prompt_id: 'agent-control-finish',
        severity: 'warning',
      }),
    ]);
  });

  it('an invalid agent_control is reported with the runner reason and no prompt id', async () => {
    const manifest = MANIFEST.replace(
      '---\n# Lint',
      'agent_control:\n  enabled: false\n  max_iterations: "20"\n---\n# Lint',
    );
    const { report } = await lint(packet({ '01_write.prompt.md': CLEAN }, manifest));
    expect(report.findings).toEqual([
      {
        file: 'prompt_runner_packet.md',
        kind: 'invalid_agent_control',
        message: 'agent_control is invalid: {:invalid_agent_control_max_iterations, "20"}',
        prompt_id: null,
        severity: 'error',
      },
    ]);
  });

  it("orchlint's own findings appear under their rule ids", async () => {
    const { report } = await lint(
      packet({ '01_write.prompt.md': CLEAN.replace('targets: ["app"]', 'targets: ["app"]\ndepends_on: ["07"]') }),
    );
    expect(report.findings).toEqual([
      expect.objectContaining({ kind: 'prompt-runner/depends-on-unknown', severity: 'error', prompt_id: '01' }),
    ]);
    expect(report['pass?']).toBe(false);
  });

  it('0.13 checks run with --target-version 0.13.0 and not by default, where the block is reported as ignored', async () => {
    const manifest = MANIFEST.replace('---\n# Lint', 'execution:\n  completion: "agent_owned"\n---\n# Lint');
    const dir = packet({ '01_write.prompt.md': CLEAN }, manifest);
    expect(kinds((await lint(dir)).report)).toEqual(['prompt-runner/execution-ignored']);
    const { report } = await lint(dir, '--target-version', '0.13.0');
    expect(report.findings.map((f) => f.message)).toContain(
      'execution policy is invalid: {:agent_owned_requires, %{incomplete: :repeat}}',
    );
  });
});

describe('orchlint packet lint, the built binary', () => {
  const dir = packet({
    '01_write.prompt.md': prompt(
      'id: "01"\ntargets: ["app"]\nreferences: ["docs/adr.md"]\nverify:\n  commands: ["timeout 60 test -f NOTES.md"]\n',
    ),
  });
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [cliBin, 'packet', 'lint', dir, ...args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('prints the human report as Prompt Runner does and exits 0 on warnings', () => {
    const result = run();
    expect(result.status).toBe(0);
    const root = path.resolve(dir);
    expect(result.stdout).toBe(
      [
        '',
        'Packet lint: lint-packet',
        root,
        '',
        '  WARNING 01_write.prompt.md  inert_front_matter_key',
        '          `references` is parsed and stored on the prompt and then never read: it is never sent to the provider and never used for ordering. Only the markdown body after the front matter reaches the model, so write the paths into the body',
        '  WARNING 01_write.prompt.md  legacy_shell_command',
        '          verify command uses the legacy shell compatibility path; use exec/program plus args/argv',
        '',
        '0 errors, 2 warnings',
        '',
      ].join('\n'),
    );
  });

  it('prints the JSON report with the same shape and key order, and --strict exits 1', () => {
    const lenient = run('--json');
    expect(lenient.status).toBe(0);
    const report = JSON.parse(lenient.stdout) as Report;
    expect(Object.keys(report)).toEqual(['errors', 'findings', 'packet', 'pass?', 'root', 'strict?', 'warnings']);
    expect(report).toMatchObject({
      packet: 'lint-packet',
      root: path.resolve(dir),
      'strict?': false,
      errors: 0,
      warnings: 2,
      'pass?': true,
    });
    expect(report.findings.map((f) => f.kind)).toEqual(['inert_front_matter_key', 'legacy_shell_command']);
    expect(Object.keys(report.findings[0]!)).toEqual(['file', 'key', 'kind', 'message', 'prompt_id', 'severity']);
    expect(report.findings[0]).toMatchObject({ key: 'references', prompt_id: '01', file: '01_write.prompt.md' });
    const strict = run('--json', '--strict');
    expect(strict.status).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({ 'strict?': true, errors: 2, warnings: 0, 'pass?': false });
  });

  it('ignores unknown flags like the runner, and prints "no authoring hazards found" for a clean packet', () => {
    const clean = packet({ '01_write.prompt.md': CLEAN });
    const result = spawnSync(process.execPath, [cliBin, 'packet', 'lint', clean, '--no-commit'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('  no authoring hazards found\n\n0 errors, 0 warnings\n');
  });
});

describe('fixes', () => {
  const apply = (text: string, edits: Array<{ span: { start: number; end: number }; newText: string }>) =>
    [...edits]
      .sort((a, b) => b.span.start - a.span.start)
      .reduce((t, e) => t.slice(0, e.span.start) + e.newText + t.slice(e.span.end), text);

  it('rewrites `timeout N prog args` entries as exec/args/timeout_ms, touching only those entries', () => {
    const before = prompt(`id: "01"
targets: ["app"]
verify:
  files_exist: ["NOTES.md"]
  commands:
    - "timeout 60 test -f NOTES.md"
    - repo: app
      run: "timeout 900 mix test --cover"
    - "mix test | tee log"
`);
    const files = { 'prompt_runner_packet.md': MANIFEST, 'prompts/01_write.prompt.md': before };
    const found = lintMemory(files, 'prompt-runner').filter((d) => d.rule === 'prompt-runner/legacy-shell-command');
    expect(found).toHaveLength(3);
    const edits = found.flatMap((d) => d.fix?.edits ?? []);
    expect(found.filter((d) => d.fix)).toHaveLength(2);
    const after = apply(before, edits);
    expect(after).toContain('- { exec: "test", args: ["-f", "NOTES.md"], timeout_ms: 60000 }');
    expect(after).toContain(
      '    - repo: app\n      exec: "mix"\n      args: ["test", "--cover"]\n      timeout_ms: 900000\n',
    );
    expect(after).toContain('- "mix test | tee log"');
    const relinted = lintMemory({ ...files, 'prompts/01_write.prompt.md': after }, 'prompt-runner');
    expect(relinted.filter((d) => d.rule === 'prompt-runner/legacy-shell-command')).toHaveLength(1);
    expect(relinted.filter((d) => d.rule.startsWith('core/'))).toEqual([]);
  });
});

describe('project targets', () => {
  const workspace = `schema: prompt_runner.workspace/v1
id: ops
requires:
  prompt_runner: ">= 0.12.1"
  capabilities: [verifier.argv, completion.agent_owned]
repositories:
  app: { remote: git@example.com:o/app.git }
`;
  const capabilityFindings = (targets: Record<string, string>) =>
    lintMemory({ 'workspace.yml': workspace }, 'prompt-runner', { rules: {}, targets }).filter(
      (d) => d.rule === 'prompt-runner/workspace-capability',
    );

  it('a capability newer than the admitted releases is a guard, unless the project targets a release without it', () => {
    expect(capabilityFindings({})).toEqual([]);
    expect(capabilityFindings({ 'prompt-runner': '0.13.0' })).toEqual([]);
    const found = capabilityFindings({ 'prompt-runner': '0.12.1' });
    expect(
      found.map((d) => [
        d.range.start.line + 1,
        d.message.startsWith("capability 'completion.agent_owned' first ships in Prompt Runner 0.13.0"),
      ]),
    ).toEqual([[5, true]]);
  });
});
