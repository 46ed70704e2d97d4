import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonReport, orchlint, tempFolders, terminalAgentPack } from '../support/orchlint-bin.js';
import { cleanPackJson, warningPack } from '../support/packs.js';
import { cliBin, repoRoot } from '../support/paths.js';
import { sarifValidator } from '../support/sarif.js';

/** What a new user hit in the first hour, round two (issue 22): each item as the user met it. */

const folder = tempFolders();
const json = jsonReport;

describe('1. a YAML pack named x.pack.yaml is a pack', () => {
  // A pack without 'prompts' (and so without its required keys): a schema error, as its JSON twin gets.
  const unfinished = 'id: support\nname: Support\nversion: 1.0.0\n';

  it('named, walked and passed by the pre-commit hook alike, with its promptpack/schema error', () => {
    const dir = folder({ 'support.pack.yaml': unfinished, 'b.pack.yml': unfinished, 'twin.pack.json': '{"id": "x"}' });
    for (const args of [
      ['support.pack.yaml', 'b.pack.yml'],
      ['.'],
      ['--ignore-unknown', 'support.pack.yaml', 'b.pack.yml'],
    ]) {
      const r = orchlint(['--format', 'json', ...args], { cwd: dir });
      expect(r.code, args.join(' ')).toBe(1);
      const report = json(r.stdout);
      expect(report.files).toEqual(
        expect.arrayContaining([
          { path: 'support.pack.yaml', dialect: 'promptpack' },
          { path: 'b.pack.yml', dialect: 'promptpack' },
        ]),
      );
      for (const file of ['support.pack.yaml', 'b.pack.yml'])
        expect(
          report.diagnostics.filter((d) => d.path === file).map((d) => d.rule),
          file,
        ).toContain('promptpack/schema');
    }
  });

  it('a list and an empty file named like a pack get the dialect’s findings, each at its place', () => {
    const dir = folder({
      'l.pack.yaml': '# packs\n- a\n- b\n',
      'e.pack.yaml': '',
      's.pack.yml': '# comment\njust text\n',
    });
    const r = json(orchlint(['--format', 'json', '.'], { cwd: dir }).stdout);
    expect(r.diagnostics.map((d) => [d.path, d.rule, d.range.start.line, d.range.start.column])).toEqual([
      ['e.pack.yaml', 'promptpack/empty-file', 1, 1],
      ['l.pack.yaml', 'promptpack/not-a-mapping', 2, 1],
      ['s.pack.yml', 'promptpack/not-a-mapping', 2, 1],
    ]);
  });
});

describe('3. orchlint mcp ends cleanly when its client closes standard input', () => {
  const mcp = (input: string) =>
    spawnSync(process.execPath, [cliBin, 'mcp'], { cwd: folder({}), input, encoding: 'utf8', timeout: 20_000 });

  it('exit 0 with nothing read', () => {
    const r = mcp('');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('answers what was asked before the end of input, then exits 0', () => {
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_rules', arguments: {} } },
    ];
    const r = mcp(requests.map((m) => JSON.stringify(m) + '\n').join(''));
    expect(r.status).toBe(0);
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; result?: unknown });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result).toBeDefined();
  });
});

describe('4. a stub file misplaced in .archon/workflows/fixtures/ is checked against no workflow', () => {
  const project = () =>
    folder({
      '.archon/workflows/review-pr.yaml': 'name: review-pr\ndescription: d\nnodes:\n  - id: review\n    prompt: hi\n',
      '.archon/workflows/fixtures/release.stubs.yaml': 'bump: v1\ntest: ok\ntag: v1\nnotes: ok\n',
      '.archon/workflows/ops/ops-deploy.yaml':
        'name: ops-deploy\ndescription: d\nnodes:\n  - id: ship\n    bash: ./ship.sh\n',
      '.archon/workflows/ops/fixtures/deploy.stubs.yaml': 'build: ok\n',
    });

  it('archon/stub-fixture-placement only, not one node-id error per key against an unrelated workflow', () => {
    const r = orchlint(['--format', 'json', '.'], { cwd: project() });
    const report = JSON.parse(r.stdout) as { diagnostics: Array<{ path: string; rule: string }> };
    const stubs = report.diagnostics.filter((d) => d.path.includes('/fixtures/'));
    expect(stubs.map((d) => `${d.path} ${d.rule}`)).toEqual([
      '.archon/workflows/fixtures/release.stubs.yaml archon/stub-fixture-placement',
      '.archon/workflows/ops/fixtures/deploy.stubs.yaml archon/stub-fixture-placement',
    ]);
  });

  it('orchlint trace on it says where it belongs instead of running it on those workflows', () => {
    const r = orchlint(['trace', '.archon/workflows/fixtures/release.stubs.yaml'], { cwd: project() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('move it to <group>/<workflow>/fixtures/');
  });
});

describe('9. the smaller ones', () => {
  it('a binary file named on the command line: the warning, and no source line of its bytes', () => {
    const dir = folder({});
    writeFileSync(
      path.join(dir, 'blob.bin'),
      Buffer.from([0x61, 0x62, 0x00, 0x01, 0xff, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x0a]),
    );
    const r = orchlint(['blob.bin'], { cwd: dir });
    expect(r.stdout).toContain('a binary file, not a workflow definition; orchlint skips it  [core/unknown-format]');
    expect(r.stdout).not.toMatch(/^ +\d+ \|/m);
    expect(r.stdout).not.toContain('\uFFFD');
  });

  it('a UTF-16 file with a byte order mark gets core/encoding, and is linted as decoded', () => {
    const dir = folder({});
    const pack = 'id: x\nname: X\n';
    writeFileSync(
      path.join(dir, 'le.pack.yaml'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(pack, 'utf16le')]),
    );
    const be = Buffer.from(pack, 'utf16le').swap16();
    writeFileSync(path.join(dir, 'be.pack.yaml'), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    const r = json(orchlint(['--format', 'json', 'le.pack.yaml', 'be.pack.yaml'], { cwd: dir }).stdout);
    for (const [file, encoding] of [
      ['le.pack.yaml', 'UTF-16LE'],
      ['be.pack.yaml', 'UTF-16BE'],
    ] as const) {
      const mine = r.diagnostics.filter((d) => d.path === file);
      const enc = mine.find((d) => d.rule === 'core/encoding')!;
      expect(enc.message).toContain(`the file is ${encoding}`);
      expect(enc.range.start).toEqual({ line: 1, column: 1 });
      expect(mine.some((d) => d.rule === 'core/unknown-format')).toBe(false);
      // Decoded, the pack is read: its schema finding names what is missing.
      expect(mine.some((d) => d.rule === 'promptpack/schema' && d.message.includes("'prompts'"))).toBe(true);
    }
    const stylish = orchlint(['le.pack.yaml'], { cwd: dir }).stdout;
    expect(stylish).toContain('  1 | id: x\n');
  });

  it('"1 warning fails the run"', () => {
    const dir = folder({ 'w.promptpack.yaml': warningPack });
    const r = orchlint(['--max-warnings', '0', 'w.promptpack.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('orchlint: 1 warning fails the run: --max-warnings allows at most 0\n');
  });

  it('--fix says on standard error what it changed; the report on standard output stays clean', () => {
    const dir = folder({ 'a.promptpack.yaml': terminalAgentPack, 'b.pack.json': cleanPackJson });
    const r = orchlint(['--fix', '--format', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stderr).toBe('orchlint: fixed 1 finding in a.promptpack.yaml\n');
    expect(orchlint(['--fix', '.'], { cwd: dir }).stderr).toBe(
      'orchlint: --fix changed no file (no finding had a fix it could apply)\n',
    );
    const two = folder({ 'a.promptpack.yaml': terminalAgentPack, 'c/d.promptpack.yaml': terminalAgentPack });
    expect(orchlint(['--fix', '.'], { cwd: two }).stderr).toBe(
      'orchlint: fixed 1 finding in a.promptpack.yaml\norchlint: fixed 1 finding in c/d.promptpack.yaml\n' +
        'orchlint: fixed 2 findings in 2 files\n',
    );
  });

  it('orchlint graph on a folder: a packet folder draws; any other says what to name, exit 2 like every input it cannot draw', () => {
    const dir = folder({
      'packs/research.pack.json': readFileSync(path.join(repoRoot, 'fixtures/demo/research.pack.json'), 'utf8'),
      'packs/notes.md': '# notes\n',
      'empty/readme.md': '# nothing\n',
      'plain.pack.json':
        '{"id": "x", "name": "X", "version": "1.0.0", "template_engine": {"version": "v1", "syntax": "{{v}}"}, "prompts": {}}',
    });
    const folderGraph = orchlint(['graph', 'packs'], { cwd: dir });
    expect(folderGraph.code).toBe(2);
    expect(folderGraph.stderr).toBe(
      'orchlint: packs is a folder but not a packet (it holds no prompt_runner_packet.md); name a pack or a workflow file instead: packs/research.pack.json\n',
    );
    expect(orchlint(['graph', 'empty'], { cwd: dir }).stderr).toBe(
      'orchlint: empty is a folder but not a packet (it holds no prompt_runner_packet.md); name a pack or a workflow file instead\n',
    );
    const nothing = orchlint(['graph', 'plain.pack.json'], { cwd: dir });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/^orchlint: plain\.pack\.json has no graph to draw/);
    const packet = orchlint(['graph', path.join(repoRoot, 'fixtures/demo/packet')]);
    expect(packet.code).toBe(0);
    expect(packet.stdout).toMatch(/^flowchart/);
  });

  it('agent-cycle-without-exit names every state of the cycle', () => {
    const pack = `id: x
name: X
version: 1.0.0
template_engine: { version: v1, syntax: "{{v}}" }
prompts:
  p: { id: p, name: P, version: 1.0.0, system_template: Work. }
workflow:
  version: 1
  entry: plan
  states:
    plan: { prompt_task: p, control: agent, on_event: { Search: search } }
    search: { prompt_task: p, control: agent, on_event: { Plan: plan, Draft: drafting } }
    drafting: { prompt_task: p, control: agent, on_event: { Replan: plan } }
`;
    const dir = folder({ 'c.promptpack.yaml': pack });
    const cycle = json(orchlint(['--format', 'json', 'c.promptpack.yaml'], { cwd: dir }).stdout).diagnostics.find(
      (d) => d.rule === 'promptpack/agent-cycle-without-exit',
    )!;
    expect(cycle.message).toMatch(/^states plan, search and drafting \(e\.g\. plan → search → plan\) form a cycle/);
  });

  it("the when-syntax hint repeats the user's own atom, with the quotes it needs", () => {
    const dir = folder({
      '.archon/workflows/w.yaml': `name: w\ndescription: d\nnodes:\n  - id: triage\n    prompt: Triage.\n  - id: fix\n    depends_on: [triage]\n    when: $triage.output.kind == "bug"\n    prompt: Fix.\n`,
    });
    const d = json(orchlint(['--format', 'json', '.'], { cwd: dir }).stdout).diagnostics.find(
      (x) => x.rule === 'archon/when-syntax',
    )!;
    expect(d.message).toContain(`Write it as when: "$triage.output.kind == 'bug'"`);
    expect(d.message).not.toContain('$classify');
  });

  it('an orchlint-disable-next-line inside a bash: | block is shell text, and says so where it is written', () => {
    const workflow = `name: w
description: d
nodes:
  - id: classify
    prompt: Classify.
  - id: label
    depends_on: [classify]
    bash: |
      # orchlint-disable-next-line archon/bash-double-quoted-ref -- the label needs the prefix
      gh issue edit 1 --add-label "triage:$classify.output"
`;
    const dir = folder({ '.archon/workflows/w.yaml': workflow });
    const r = json(orchlint(['--format', 'json', '.'], { cwd: dir }).stdout);
    const invalid = r.diagnostics.find((d) => d.rule === 'core/invalid-suppression')!;
    expect(invalid.range.start).toEqual({ line: 9, column: 7 });
    expect(invalid.message).toContain("is a line of a block scalar's text");
    expect(invalid.message).toContain("'# orchlint-enable archon/bash-double-quoted-ref'");
    // The finding it meant to silence is still there: nothing was silenced.
    expect(r.diagnostics.some((d) => d.rule === 'archon/bash-double-quoted-ref')).toBe(true);
    // What the message advises works.
    const advised = workflow
      .replace(/ {6}# orchlint-disable-next-line[^\n]*\n/, '')
      .replace(
        '    bash: |\n',
        '    # orchlint-disable archon/bash-double-quoted-ref -- the label needs the prefix\n    bash: |\n',
      )
      .concat('    # orchlint-enable archon/bash-double-quoted-ref\n');
    const fixedDir = folder({ '.archon/workflows/w.yaml': advised });
    expect(json(orchlint(['--format', 'json', '.'], { cwd: fixedDir }).stdout).diagnostics).toEqual([]);
  });
});

describe('8. every requested report is written, even when the config stops the run', () => {
  const badConfig = {
    'orchlint.config.yaml': 'rules:\n  promptpack/dead-end-stat: warning\n',
    'a.promptpack.yaml': warningPack,
  };

  it('--format json prints the config findings as the report, exit 2', () => {
    const r = orchlint(['--format', 'json', '.'], { cwd: folder(badConfig) });
    expect(r.code).toBe(2);
    const report = json(r.stdout);
    expect(report.files).toEqual([]);
    expect(report.diagnostics.map((d) => [d.path, d.rule, d.range.start.line])).toEqual([
      ['orchlint.config.yaml', 'core/config', 2],
    ]);
    expect(r.stderr).toContain('orchlint: the configuration file is invalid');
  });

  it('every --output file is written: SARIF as an empty run with the error as a tool notification', () => {
    const dir = folder(badConfig);
    const r = orchlint(
      ['--format', 'github', '--output', 'sarif=out/orchlint.sarif', '--output', 'junit=junit.xml', '.'],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^::error file=orchlint\.config\.yaml,line=2,/);
    const log = JSON.parse(readFileSync(path.join(dir, 'out/orchlint.sarif'), 'utf8'));
    const validate = sarifValidator();
    if (validate) expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const run = log.runs[0];
    expect(run.results).toEqual([]);
    expect(run.invocations[0].executionSuccessful).toBe(false);
    const [note] = run.invocations[0].toolExecutionNotifications;
    expect(note.level).toBe('error');
    expect(note.message.text).toContain("unknown rule 'promptpack/dead-end-stat'");
    expect(note.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: 'orchlint.config.yaml' },
      region: { startLine: 2 },
    });
    expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toContain('<failure message="1 problem: core/config"');
  });

  it('SARIF describes the rules that have results; --sarif-all-rules every rule', () => {
    const dir = folder({ 'a.promptpack.yaml': warningPack });
    const ids = (args: string[]) =>
      (
        JSON.parse(orchlint(['--format', 'sarif', ...args, '.'], { cwd: dir }).stdout).runs[0].tool.driver
          .rules as Array<{ id: string }>
      ).map((r) => r.id);
    expect(ids([])).toEqual(['promptpack/control-agent-on-terminal']);
    const all = ids(['--sarif-all-rules']);
    expect(all.length).toBeGreaterThan(100);
    expect(all).toEqual(
      expect.arrayContaining(['core/unused-suppression', 'archon/when-syntax', 'promptpack/control-agent-on-terminal']),
    );
  });
});

describe('2. packet lint honours the config file’s ignore entries for the packet’s files', () => {
  const manifest = `---\nname: "changelog"\nprovider: "codex"\nrepos:\n  app:\n    path: "./repos/app"\n    default: true\nphases:\n  "1": "Collect"\n---\n# Changelog\n`;
  const prompt = `---\nid: "01"\nphase: 1\nname: "Collect"\ntargets: ["app"]\ncommit: "docs: draft the changelog"\nverify:\n  files_exist: ["CHANGELOG.md"]\n  commands:\n    - "timeout 300 mix test"\n---\n# Collect\n\nAdd an entry to CHANGELOG.md.\n`;
  const packet = { 'packet/prompt_runner_packet.md': manifest, 'packet/prompts/01_collect.prompt.md': prompt };
  const ignore = (paths: string) =>
    `ignore:\n  - rules: [prompt-runner/legacy-shell-command]\n    paths: [${paths}]\n    reason: the runner image has no exec form yet\n`;

  it('an entry that silences a finding in orchlint . silences it in packet lint --strict too', () => {
    const dir = folder({ ...packet, 'orchlint.config.yaml': ignore('packet/prompts/01_collect.prompt.md') });
    expect(orchlint(['--strict', '.'], { cwd: dir }).code).toBe(0);
    const r = orchlint(['packet', 'lint', '--strict', 'packet'], { cwd: dir });
    expect(r.stdout).not.toContain('legacy_shell_command');
    expect(r.code).toBe(0);
    // Without the entry, the hook fails on it.
    const bare = orchlint(['packet', 'lint', '--strict', 'packet'], { cwd: folder(packet) });
    expect(bare.stdout).toMatch(/ERROR +01_collect\.prompt\.md +legacy_shell_command/);
    expect(bare.code).toBe(1);
  });

  it('from inside the packet folder, and with the config above the working directory', () => {
    const dir = folder({ ...packet, 'orchlint.config.yaml': ignore('packet/prompts/01_collect.prompt.md:10') });
    expect(orchlint(['packet', 'lint', '--strict'], { cwd: path.join(dir, 'packet') }).code).toBe(0);
  });
});

describe('5. config entries that silence or match nothing are reported where they are written', () => {
  const research = readFileSync(path.join(repoRoot, 'fixtures/demo/research.pack.json'), 'utf8');
  const config = [
    'ignore:',
    '  - rules: [promptpack/agent-cycle-without-exit, promptpack/control-level]',
    '    paths: [packs/research.pack.json:18]', // used
    '  - rules: [promptpack/tool-ref]',
    '    paths: [packs/old.pack.json, packs/research.pack.json]', // no such file; silences nothing
    '  - rules: [promptpack/agent-cycle-without-exit]',
    '    paths: ["packs/*.pack.json"]', // used in one file of two: in use
    'overrides:',
    '  - files: [experiments/**, packs/**]', // the first matches nothing
    '    rules: { promptpack/dead-end-state: info }',
    '',
  ].join('\n');
  const files = {
    'orchlint.config.yaml': config,
    'packs/research.pack.json': research,
    'packs/other.pack.json': cleanPackJson,
    'sub/x.promptpack.yaml': warningPack,
  };
  const findings = (args: string[], cwd: string) =>
    json(orchlint(['--format', 'json', ...args], { cwd }).stdout).diagnostics.map(
      (d) => `${d.path}:${d.range.start.line}:${d.range.start.column} ${d.rule} ${d.message}`,
    );

  it('a walk of the config folder reports each: a path that does not exist, a path that silences nothing, an overrides glob that matches nothing', () => {
    const dir = folder(files);
    const inConfig = findings(['.'], dir).filter((f) => f.startsWith('orchlint.config.yaml'));
    expect(inConfig).toEqual([
      "orchlint.config.yaml:5:13 core/unused-suppression the ignore entry 'packs/old.pack.json' (promptpack/tool-ref) matches no file orchlint linted under this config (there is no such file, or orchlint does not lint it); fix the path or remove the entry",
      "orchlint.config.yaml:5:34 core/unused-suppression the ignore entry 'packs/research.pack.json' (promptpack/tool-ref) silences nothing in packs/research.pack.json; remove it, or the rule ids that no longer apply, so it cannot hide a future finding",
      "orchlint.config.yaml:9:13 core/unmatched-override the overrides glob 'experiments/**' matches no file orchlint linted under this config, so its settings apply nowhere; fix the glob or remove it",
    ]);
  });

  it('no cry of wolf where the run saw only some files: one file named, the staged files of a hook, a sibling folder, a shard', () => {
    const dir = folder(files);
    const unused = (args: string[], cwd = dir) =>
      findings(args, cwd).filter((f) => /core\/(unused-suppression|unmatched-override)/.test(f));
    expect(unused(['sub/x.promptpack.yaml'])).toEqual([]);
    expect(unused(['--ignore-unknown', 'sub/x.promptpack.yaml', 'packs/other.pack.json'])).toEqual([]);
    expect(unused(['sub'])).toEqual([]);
    expect(unused(['.'], path.join(dir, 'sub'))).toEqual([]);
    // An entry naming exactly one file is judged wherever that file was linted: named alone, or in its shard.
    const exact = [
      "orchlint.config.yaml:5:34 core/unused-suppression the ignore entry 'packs/research.pack.json' (promptpack/tool-ref) silences nothing in packs/research.pack.json; remove it, or the rule ids that no longer apply, so it cannot hide a future finding",
    ];
    expect(unused(['packs/research.pack.json'])).toEqual(exact);
    expect([...unused(['--shard', '1/2', '.']), ...unused(['--shard', '2/2', '.'])]).toEqual(exact);
  });

  it('the config sets their severity like any rule', () => {
    const dir = folder({
      ...files,
      'orchlint.config.yaml': `${config}rules:\n  core/unused-suppression: "off"\n  core/unmatched-override: error\n`,
    });
    const r = orchlint(['--format', 'json', '.'], { cwd: dir });
    const inConfig = json(r.stdout).diagnostics.filter((d) => d.path === 'orchlint.config.yaml');
    expect(inConfig.map((d) => [d.rule, d.severity])).toEqual([['core/unmatched-override', 'error']]);
    expect(r.code).toBe(1);
  });
});
