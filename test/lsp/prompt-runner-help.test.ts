import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, rules } from '@orchlint/rules';
import { LspClient, positionOf, workspace } from '../support/lsp-client.js';

// Field help in Prompt Runner files: each file of a packet gets the schema of its own kind (manifest,
// prompt, workspace manifest), and only inside its YAML.

const manifest = `---
name: "release"
provider: "codex"
cli_confirmation: "warn"
execution: { completion: verifier_owned }
repos:
  app: { path: ./app, default: true }
  docs: { path: ./docs }
---
# Release packet

The cli_confirmation key is described in the front matter, not here.
`;

const prompt = `---
id: "01"
name: "Write notes"
targets: ["app"]
verify:
  files_exist: ["NOTES.md"]
  commands:
    - { exec: test, args: ["-s", "NOTES.md"], timeout_ms: 60000 }
---
# Write notes

Check the targets: list and the verify: block before you start.
`;

const second = `---
id: "02"
targets: ["docs"]
verify:
  files_exist: ["SUMMARY.md"]
  contains: [{ path: SUMMARY.md, text: Summary }]
---
# Summarize
`;

const workspaceManifest = `schema: prompt_runner.workspace/v1
id: release
requires:
  prompt_runner: ">= 0.13.0"
repositories:
  app: { remote: "git@example.com:o/app.git" }
failure_policy: continue_independent
`;

describe('field help in Prompt Runner packets (in-process server, real dialects)', () => {
  const ws = workspace({
    'pk/prompt_runner_packet.md': manifest,
    'pk/prompts/01_write.prompt.md': prompt,
    'pk/prompts/02_summarize.prompt.md': second,
    'pk13/prompt_runner_packet.md': manifest,
    'pk13/prompts/01_write.prompt.md': prompt,
    'pk13/workspace.yml': workspaceManifest,
  });
  const client = LspClient.inProcess({ dialects, rules, debounceMs: 0, scanWorkspace: false });
  const uris: Record<string, string> = {};
  const texts: Record<string, string> = {
    manifest,
    prompt,
    manifest13: manifest,
    workspace: workspaceManifest,
  };

  beforeAll(async () => {
    await client.initialize(ws.root);
    // The manifest first: the prompt is then read by the packet's unit, not linted as a unit of its own.
    uris.manifest = await client.open(ws.file('pk/prompt_runner_packet.md'), manifest, 'markdown');
    await client.diagnostics(uris.manifest);
    uris.prompt = await client.open(ws.file('pk/prompts/01_write.prompt.md'), prompt, 'markdown');
    await client.diagnostics(uris.prompt);
    uris.manifest13 = await client.open(ws.file('pk13/prompt_runner_packet.md'), manifest, 'markdown');
    await client.diagnostics(uris.manifest13);
    uris.workspace = await client.open(ws.file('pk13/workspace.yml'), workspaceManifest);
    await client.diagnostics(uris.workspace);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  const hoverText = async (file: string, needle: string, delta = 1, occurrence = 0) =>
    (
      (await client.hover(uris[file]!, positionOf(texts[file]!, needle, delta, occurrence)))?.contents as
        | { value: string }
        | undefined
    )?.value ?? '';
  const labels = async (file: string, text: string, needle: string, delta: number) => {
    await client.change(uris[file]!, text);
    const items = await client.completion(uris[file]!, positionOf(text, needle, delta));
    await client.change(uris[file]!, texts[file]!);
    return items.map((i) => i.label);
  };

  it('hover on a prompt front-matter key shows its description', async () => {
    const targets = await hoverText('prompt', 'targets:');
    expect(targets).toContain('`targets`');
    expect(targets).toContain('Packet repos the prompt works in');
    const clause = await hoverText('prompt', 'files_exist');
    expect(clause).toContain('`verify.files_exist`');
    expect(clause).toContain('Each path must exist.');
    const timeout = await hoverText('prompt', 'timeout_ms');
    expect(timeout).toContain('`verify.commands.0.timeout_ms`');
    expect(timeout).toContain('verify_command_without_timeout');
  });

  it('hover on a manifest key shows its description, for the release the packet is linted as', async () => {
    const confirmation = await hoverText('manifest', 'cli_confirmation');
    expect(confirmation).toContain('silently read as warn');
    expect(confirmation).toContain('Allowed: `"off"`, `"warn"`, `"require"`');
    // pk has no workspace: 0.12.1, which ignores execution; pk13's workspace requires 0.13.0.
    expect(await hoverText('manifest', 'execution')).toContain('Prompt Runner 0.12 ignores this key');
    const execution13 = await hoverText('manifest13', 'execution');
    expect(execution13).toContain('Who decides that a prompt is complete');
    expect(execution13).not.toContain('ignores this key');
  });

  it('hover on a workspace manifest key shows its description', async () => {
    expect(await hoverText('workspace', 'failure_policy')).toContain('continue_independent keeps running prompts');
  });

  it('hover in the Markdown body of a prompt or manifest shows no field help', async () => {
    expect(await client.hover(uris.prompt!, positionOf(prompt, 'targets: list', 1))).toBeNull();
    expect(await client.hover(uris.prompt!, positionOf(prompt, 'verify: block', 1))).toBeNull();
    expect(await client.hover(uris.manifest!, positionOf(manifest, 'cli_confirmation key', 1))).toBeNull();
  });

  it("completion in a prompt's front matter offers the prompt keys it does not have yet", async () => {
    const edited = prompt.replace('name: "Write notes"\n', 'name: "Write notes"\n\n');
    const keys = await labels('prompt', edited, 'name: "Write notes"\n\n', 'name: "Write notes"\n'.length);
    expect(keys).toEqual(
      expect.arrayContaining(['depends_on', 'commit', 'phase', 'simulate', 'recovery', 'provider', 'references']),
    );
    expect(keys).not.toContain('targets'); // there already
    expect(keys).not.toContain('verify');
    for (const manifestOnly of ['repos', 'agent_control', 'execution', 'log_mode', 'prompt_dir'])
      expect(keys).not.toContain(manifestOnly);
  });

  it('completion offers the allowed values where the schema has an enum', async () => {
    const provider = prompt.replace('name: "Write notes"\n', 'name: "Write notes"\nprovider: \n');
    expect((await labels('prompt', provider, 'provider: ', 'provider: '.length)).sort()).toEqual([
      'amp',
      'antigravity',
      'claude',
      'codex',
      'cursor',
      'simulated',
    ]);
    const confirmation = manifest.replace('cli_confirmation: "warn"', 'cli_confirmation: ');
    expect((await labels('manifest', confirmation, 'cli_confirmation: ', 'cli_confirmation: '.length)).sort()).toEqual([
      'off',
      'require',
      'warn',
    ]);
  });

  it("completion in a prompt's targets offers the packet's repos", async () => {
    const edited = prompt.replace('targets: ["app"]', 'targets:\n  - ');
    expect((await labels('prompt', edited, 'targets:\n  - ', 'targets:\n  - '.length)).sort()).toEqual(['app', 'docs']);
  });
});
