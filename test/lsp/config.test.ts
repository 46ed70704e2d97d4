import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects, rules } from '@orchlint/rules';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { LspClient, positionOf, uriOf, workspace } from '../support/lsp-client.js';
import { repoRoot } from '../support/paths.js';

// The project config file in the language server (in this process: test/lsp/server.test.ts drives the
// built one over stdio), held to what the CLI does with the same files.

const CONTROL = 'promptpack/control-agent-on-terminal';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function session(files: Record<string, string>, settings: unknown = {}, capabilities = {}) {
  const ws = workspace(files);
  const client = LspClient.inProcess({ dialects, rules });
  cleanups.push(
    () => ws.dispose(),
    () => client.dispose(),
  );
  await client.initialize(ws.root, settings, capabilities);
  return { ws, client };
}

const languageOf = (file: string) => (file.endsWith('.json') ? 'json' : file.endsWith('.md') ? 'markdown' : 'yaml');
const open = (client: LspClient, file: string) => client.open(file, readFileSync(file, 'utf8'), languageOf(file));
const codes = (d: Diagnostic[]) => d.map((x) => String(x.code)).sort();
const find = (d: Diagnostic[], rule: string) => d.find((x) => x.code === rule);
/** The next publication for `uri` after the ones already seen. */
const next = (client: LspClient, uri: string, accept: (d: Diagnostic[]) => boolean = () => true) =>
  client.diagnostics(uri, accept, client.publications(uri).length);

describe('the config file in the language server', () => {
  it('gives the same findings as the CLI: severities, off, ignore globs, overrides, targets, path:line ignores, inline suppressions', async () => {
    // The config sits below the workspace folder, in a folder whose name is full of glob characters.
    const project = 'proj [1] (x)+';
    const packet = path.join(repoRoot, 'fixtures/demo/packet');
    const files: Record<string, string> = {
      [`${project}/orchlint.config.yaml`]: [
        'rules:',
        `  ${CONTROL}: error`,
        '  prompt-runner/legacy-shell-command: off',
        'targets:',
        '  runtime: promptkit@1.5',
        'ignore:',
        '  - vendor/**',
        '  - generated',
        '  - rules: [promptpack/agent-cycle-without-exit]',
        '    paths: [packs/research.pack.json:18]',
        '  - rules: [prompt-runner/verify-command-without-timeout]',
        '    paths: ["packet/prompts/02_publish_notes.prompt.md:15"]',
        '  - rules: [promptpack/tool-ref]',
        '    paths: [research.pack.json:3]   # silences nothing: reported as unused',
        'overrides:',
        '  - files: lax/**',
        `    rules: { ${CONTROL}: info }`,
        '    targets: { promptpack: 1.0.0 }',
      ].join('\n'),
      [`${project}/packs/support.promptpack.yaml`]: terminalAgentPack,
      [`${project}/packs/research.pack.json`]: readFileSync(
        path.join(repoRoot, 'fixtures/demo/research.pack.json'),
        'utf8',
      ),
      [`${project}/packs/inline.promptpack.yaml`]: terminalAgentPack.replace(
        '      control: agent',
        `      # orchlint-disable-next-line ${CONTROL} -- reviewed\n      control: agent`,
      ),
      [`${project}/lax/l.promptpack.yaml`]: terminalAgentPack,
      [`${project}/vendor/a/x.promptpack.yaml`]: terminalAgentPack,
      [`${project}/generated/y.promptpack.yaml`]: terminalAgentPack,
      'outside.promptpack.yaml': terminalAgentPack,
    };
    for (const rel of [
      'prompt_runner_packet.md',
      'prompts/01_collect_changes.prompt.md',
      'prompts/02_publish_notes.prompt.md',
    ]) {
      files[`${project}/packet/${rel}`] = readFileSync(path.join(packet, rel), 'utf8');
    }
    const { ws, client } = await session(files);

    // The CLI runs from the config's folder, and once more from the workspace folder for the file outside it.
    const runs = [
      { cwd: ws.file(project), args: ['.'], prefix: `${project}/` },
      { cwd: ws.root, args: ['outside.promptpack.yaml'], prefix: '' },
    ];
    const report: Array<{
      path: string;
      rule: string;
      severity: string;
      message: string;
      range: { start: { line: number; column: number } };
    }> = [];
    for (const run of runs) {
      const cli = await orchlintInProcess(['--format', 'json', ...run.args], { cwd: run.cwd });
      expect(cli.stderr).toBe('');
      for (const d of JSON.parse(cli.stdout).diagnostics as typeof report)
        report.push({ ...d, path: run.prefix + d.path });
    }
    // An unused config ignore entry: the CLI reports it at the entry in the config file, the editor on the file it names.
    const configEntry = / ignore entry 'research\.pack\.json:3' /;
    const fromCli = (rel: string) =>
      report
        .filter((d) => d.path === rel && !configEntry.test(` ${d.message}`))
        .map((d) => `${d.range.start.line}:${d.range.start.column} ${d.severity} ${d.rule} ${d.message}`)
        .sort();
    const severity = ['', 'error', 'warning', 'info'];
    const fromServer = (d: Diagnostic[]) =>
      d
        .filter((x) => !configEntry.test(` ${x.message}`))
        .map(
          (x) =>
            `${x.range.start.line + 1}:${x.range.start.character + 1} ${severity[x.severity!]} ${x.code} ${x.message}`,
        )
        .sort();

    // Every file, main files first: members then show their unit's view.
    const rels = Object.keys(files)
      .filter((f) => !f.endsWith('orchlint.config.yaml'))
      .sort((a, b) => Number(a.includes('/prompts/')) - Number(b.includes('/prompts/')));
    const uris = new Map<string, string>();
    for (const rel of rels) {
      uris.set(rel, await open(client, ws.file(rel)));
      await client.diagnostics(uris.get(rel)!);
    }
    for (const rel of rels) {
      const expected = fromCli(rel);
      const uri = uris.get(rel)!;
      const matches = (d: Diagnostic[]) => JSON.stringify(fromServer(d)) === JSON.stringify(expected);
      await client.diagnostics(uri, matches, 0, 5000).catch(() => undefined);
      expect({ rel, found: fromServer(client.publications(uri).at(-1)!.diagnostics) }).toEqual({
        rel,
        found: expected,
      });
    }

    // The comparison covers every setting: each one changed what the CLI reports.
    const all = report.map((d) => `${d.path} ${d.rule} ${d.severity}`);
    expect(all).toContain(`${project}/packs/support.promptpack.yaml ${CONTROL} error`);
    expect(all).toContain(`${project}/lax/l.promptpack.yaml ${CONTROL} info`);
    expect(all).toContain(`outside.promptpack.yaml ${CONTROL} warning`);
    expect(all).toContain(`${project}/lax/l.promptpack.yaml promptpack/schema error`);
    expect(all).toContain(`${project}/packs/support.promptpack.yaml promptpack/runtime-portability error`);
    expect(all).toContain(`${project}/orchlint.config.yaml core/unused-suppression warning`);
    const server = client.publications(uris.get(`${project}/packs/research.pack.json`)!).at(-1)!.diagnostics;
    expect(server.some((d) => d.code === 'core/unused-suppression' && configEntry.test(` ${d.message}`))).toBe(true);
    expect(all).toContain(
      `${project}/packet/prompts/02_publish_notes.prompt.md prompt-runner/command-unknown-key warning`,
    );
    expect(all.filter((d) => / prompt-runner\/(legacy-shell-command|verify-command-without-timeout) /.test(d))).toEqual(
      [],
    );
    expect(
      all.filter(
        (d) =>
          d.includes('agent-cycle-without-exit') ||
          d.includes(`/inline.promptpack.yaml ${CONTROL}`) ||
          d.includes('/vendor/') ||
          d.includes('/generated/'),
      ),
    ).toEqual([]);
  });

  it('sets severities, turns rules off, and applies overrides in order', async () => {
    const { ws, client } = await session({
      'orchlint.config.yml': `rules:\n  ${CONTROL}: error\noverrides:\n  - files: "quiet/**"\n    rules: { ${CONTROL}: off }\n  - files: quiet/loud.promptpack.yaml\n    rules: { ${CONTROL}: info }\n`,
      'a.promptpack.yaml': terminalAgentPack,
      'quiet/q.promptpack.yaml': terminalAgentPack,
      'quiet/loud.promptpack.yaml': terminalAgentPack,
    });
    const a = await client.diagnostics(await open(client, ws.file('a.promptpack.yaml')));
    expect(find(a, CONTROL)?.severity).toBe(1);
    expect(find(a, CONTROL)?.range.start).toEqual(positionOf(terminalAgentPack, 'control: agent'));
    expect(await client.diagnostics(await open(client, ws.file('quiet/q.promptpack.yaml')))).toEqual([]);
    expect(
      find(await client.diagnostics(await open(client, ws.file('quiet/loud.promptpack.yaml'))), CONTROL)?.severity,
    ).toBe(3);
  });

  it('an ignored file gets an empty list, and its features still work', async () => {
    const { ws, client } = await session({
      'orchlint.config.json': JSON.stringify({ ignore: ['legacy'] }),
      'legacy/old/x.promptpack.yaml': terminalAgentPack,
    });
    const uri = await open(client, ws.file('legacy/old/x.promptpack.yaml'));
    expect(await client.diagnostics(uri)).toEqual([]);
    expect((await client.symbols(uri)).length).toBeGreaterThan(0);
  });

  it('targets: the config pins a runtime and the PromptPack version; the client’s targets are defaults under them', async () => {
    const { ws, client } = await session(
      {
        'orchlint.config.yaml':
          'targets:\n  runtime: promptkit@1.5\noverrides:\n  - files: new/**\n    targets: { promptpack: 1.9.0 }\n',
        'a.promptpack.yaml': terminalAgentPack,
        'new/b.promptpack.yaml': terminalAgentPack,
      },
      { targets: { promptpack: '1.0.0', runtime: 'nothing@9' } },
    );
    // The client's PromptPack 1.0.0 stands where the config names none: that version has no workflow.
    const a = await client.diagnostics(await open(client, ws.file('a.promptpack.yaml')));
    const schema = find(a, 'promptpack/schema');
    expect(schema?.message).toContain("'workflow'");
    expect(schema?.range.start.line).toBe(positionOf(terminalAgentPack, 'workflow:').line);
    // Under new/ the config's version wins, and its runtime wins everywhere: the portability rule speaks.
    const b = await client.diagnostics(await open(client, ws.file('new/b.promptpack.yaml')));
    expect(codes(b)).toEqual([CONTROL, 'promptpack/runtime-portability']);
    expect(find(b, 'promptpack/runtime-portability')?.message).toContain("runtime target 'promptkit@1.5'");
  });

  it('a client target orchlint does not model: a warning in the CLI’s words naming the setting, and the default applies', async () => {
    const { ws, client } = await session(
      { 'a.promptpack.yaml': terminalAgentPack },
      { targets: { promptpack: '7.0.0', runtime: 'promptkit@1.5' } },
    );
    const warning = await client.until(() =>
      client.messages.find((m) => m.message.includes('orchlint.targets.promptpack')),
    );
    expect(warning.type).toBe(2);
    // The CLI's finding for the same value in a config file, word for word after the setting's name.
    const config = tempFiles({
      'orchlint.config.yaml': 'targets:\n  promptpack: 7.0.0\n',
      'a.promptpack.yaml': terminalAgentPack,
    });
    cleanups.push(() => rmSync(config, { recursive: true, force: true }));
    const cli = await orchlintInProcess(['.'], { cwd: config });
    expect(cli.code).toBe(2);
    const bad =
      /targets\.promptpack '7\.0\.0' is not a version orchlint models; it knows [^ ]+(, [^ ]+)*(?= {2}\[core\/config\])/.exec(
        cli.stderr,
      )?.[0];
    expect(bad).toContain('1.0.0, 1.1.0');
    expect(warning.message).toContain(`orchlint.${bad}`);
    // The bad version is left out: the file is linted at the default version, under the client's valid runtime.
    const a = await client.diagnostics(await open(client, ws.file('a.promptpack.yaml')), (d) => d.length > 0);
    expect(codes(a)).toEqual([CONTROL, 'promptpack/runtime-portability']);
    // The same bad value sent again is not shown again; a new one is.
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { targets: { promptpack: '7.0.0' } } },
    });
    expect(codes(await next(client, uriOf(ws.file('a.promptpack.yaml'))))).toEqual([CONTROL]);
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { targets: { promptpack: '7.0.0', archon: 'nine' } } },
    });
    const archon = await client.until(() => client.messages.find((m) => m.message.includes('orchlint.targets.archon')));
    expect(archon.message).toContain("'nine' is not a version orchlint models; it knows ");
    expect(client.messages.filter((m) => m.message.includes('orchlint.targets.promptpack'))).toHaveLength(1);
  });

  it('honours an inline orchlint-disable-next-line comment, and reports one that silences nothing', async () => {
    const text = terminalAgentPack
      .replace(
        '      control: agent',
        `      # orchlint-disable-next-line ${CONTROL} -- reviewed\n      control: agent`,
      )
      .replace('    triage:\n', '    # orchlint-disable-next-line promptpack/dead-end-state\n    triage:\n');
    const { ws, client } = await session({
      'orchlint.config.yaml': `rules:\n  ${CONTROL}: error\n`,
      'a.promptpack.yaml': text,
    });
    const found = await client.diagnostics(await open(client, ws.file('a.promptpack.yaml')));
    expect(codes(found)).toEqual(['core/unused-suppression']);
    expect(found[0]!.range.start.line).toBe(
      positionOf(text, 'orchlint-disable-next-line promptpack/dead-end-state').line,
    );
  });

  it('an invalid config is reported on the config file (not open), and documents are linted with the defaults meanwhile', async () => {
    const config = `rules:\n  promptpack/control-agent-on-terminl: error\n`;
    const { ws, client } = await session({ 'orchlint.config.yaml': config, 'a.promptpack.yaml': terminalAgentPack });
    const doc = await open(client, ws.file('a.promptpack.yaml'));
    expect(find(await client.diagnostics(doc, (d) => d.length > 0), CONTROL)?.severity).toBe(2);
    const findings = await client.diagnostics(uriOf(ws.file('orchlint.config.yaml')), (d) => d.length > 0);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      code: 'core/config',
      severity: 1,
      range: { start: positionOf(config, 'promptpack/control') },
    });
    expect(findings[0]!.message).toContain(`did you mean '${CONTROL}'`);
  });

  it('editing the config in the editor (unsaved) re-lints open documents, and clears its findings once it is valid', async () => {
    const { ws, client } = await session({
      'orchlint.config.yaml': 'rules: {}\n',
      'a.promptpack.yaml': terminalAgentPack,
      'b.promptpack.yaml': terminalAgentPack,
    });
    const a = await open(client, ws.file('a.promptpack.yaml'));
    const b = await open(client, ws.file('b.promptpack.yaml'));
    expect(find(await client.diagnostics(a, (d) => d.length > 0), CONTROL)?.severity).toBe(2);
    const configUri = await client.open(ws.file('orchlint.config.yaml'), 'rules: {}\n');

    await client.change(configUri, `rules:\n  ${CONTROL}: off\n`);
    expect(await next(client, a, (d) => !find(d, CONTROL))).toEqual([]);
    expect(await client.diagnostics(b, (d) => d.length === 0)).toEqual([]);
    expect(readFileSync(ws.file('orchlint.config.yaml'), 'utf8')).toBe('rules: {}\n');

    await client.change(configUri, `rules:\n  ${CONTROL}: loud\n`);
    const bad = await next(client, configUri, (d) => d.length > 0);
    expect(bad[0]).toMatchObject({
      code: 'core/config',
      range: { start: positionOf(`rules:\n  ${CONTROL}: loud\n`, 'loud') },
    });
    expect(find(await next(client, a, (d) => d.length > 0), CONTROL)?.severity).toBe(2);

    await client.change(configUri, `rules:\n  ${CONTROL}: error\n`);
    expect(await next(client, configUri)).toEqual([]);
    expect(find(await next(client, b, (d) => d.length > 0), CONTROL)?.severity).toBe(1);
  });

  it('a config changed on disk (workspace/didChangeWatchedFiles) re-lints open documents; the server asks to watch config files', async () => {
    const { ws, client } = await session(
      { 'a.promptpack.yaml': terminalAgentPack },
      {},
      { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    );
    const registration = await client.until(() =>
      client.registrations.find((r) => r.method === DidChangeWatchedFilesNotification.method),
    );
    const globs = (registration.registerOptions as { watchers: Array<{ globPattern: string }> }).watchers.map(
      (w) => w.globPattern,
    );
    expect(globs).toEqual(['**/orchlint.config.yaml', '**/orchlint.config.yml', '**/orchlint.config.json']);

    const a = await open(client, ws.file('a.promptpack.yaml'));
    expect(find(await client.diagnostics(a, (d) => d.length > 0), CONTROL)?.severity).toBe(2);
    writeFileSync(ws.file('orchlint.config.json'), JSON.stringify({ rules: { [CONTROL]: 'error' } }));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(ws.file('orchlint.config.json')), type: FileChangeType.Created }],
    });
    expect(find(await next(client, a, (d) => find(d, CONTROL)?.severity === 1), CONTROL)?.severity).toBe(1);
    rmSync(ws.file('orchlint.config.json'));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(ws.file('orchlint.config.json')), type: FileChangeType.Deleted }],
    });
    expect(find(await next(client, a, (d) => find(d, CONTROL)?.severity === 2), CONTROL)?.severity).toBe(2);
  });

  it('orchlint.configPath picks the config file; one that names no file is said once, and the defaults apply', async () => {
    const { ws, client } = await session(
      {
        'orchlint.config.yaml': `rules:\n  ${CONTROL}: off\n`,
        'configs/ci.yaml': `rules:\n  ${CONTROL}: info\nignore: [skipped/**]\n`,
        'a.promptpack.yaml': terminalAgentPack,
      },
      { configPath: 'configs/ci.yaml' },
    );
    const a = await open(client, ws.file('a.promptpack.yaml'));
    // The config's folder is configs/: the file lies outside it, so only the top level applies, as in the CLI.
    expect(find(await client.diagnostics(a, (d) => d.length > 0), CONTROL)?.severity).toBe(3);

    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { configPath: 'configs/missing.yaml' } },
    });
    expect(find(await next(client, a, (d) => find(d, CONTROL)?.severity === 2), CONTROL)?.severity).toBe(2);
    const warning = await client.until(() => client.messages.find((m) => m.message.includes('configs/missing.yaml')));
    expect(warning.type).toBe(2);

    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { configPath: '' } },
    });
    expect(await next(client, a, (d) => !find(d, CONTROL))).toEqual([]);
    expect(client.messages).toHaveLength(1);
  });

  it('never looks above the workspace folder, nor reads a configPath outside it', async () => {
    const ws = workspace({
      'orchlint.config.yaml': `rules:\n  ${CONTROL}: off\n`,
      'inner/a.promptpack.yaml': terminalAgentPack,
    });
    const client = LspClient.inProcess({ dialects, rules });
    cleanups.push(
      () => ws.dispose(),
      () => client.dispose(),
    );
    // The workspace folder is inner/: the config above it applies neither when found upward nor when named.
    await client.initialize(ws.file('inner'));
    const a = await open(client, ws.file('inner/a.promptpack.yaml'));
    expect(find(await client.diagnostics(a, (d) => d.length > 0), CONTROL)?.severity).toBe(2);
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { configPath: '../orchlint.config.yaml' } },
    });
    await client.until(() => client.messages.find((m) => m.message.includes('../orchlint.config.yaml')));
    expect(find(client.publications(a).at(-1)!.diagnostics, CONTROL)?.severity).toBe(2);
  });
});

describe("the config file's security persona in the language server", () => {
  it('shows the findings the persona selects, as the CLI does', async () => {
    const workflow = [
      'name: triage',
      'description: Triage an issue.',
      'nodes:',
      '  - id: ask',
      '    prompt: "Pick a branch for: $ARGUMENTS"',
      '  - id: use',
      '    depends_on: [ask]',
      '    bash: git checkout $ask.output',
      '',
    ].join('\n');
    const { ws, client } = await session({
      'regular/.archon/workflows/w.yaml': workflow,
      'pedantic/.archon/workflows/w.yaml': workflow,
      'pedantic/orchlint.config.yaml': 'persona: pedantic\n',
    });
    const regular = ws.file('regular/.archon/workflows/w.yaml');
    const pedantic = ws.file('pedantic/.archon/workflows/w.yaml');
    open(client, regular);
    open(client, pedantic);
    const shown = (d: Diagnostic[]) => codes(d).filter((c) => /injection|agency/.test(c));
    expect(shown(await client.diagnostics(uriOf(regular)))).toEqual([]);
    expect(shown(await client.diagnostics(uriOf(pedantic)))).toEqual([
      'archon/excessive-agency',
      'archon/option-injection',
    ]);
  });
});
