import { builtinModules } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, workspace } from '../support/lsp-client.js';
import { repoRoot } from '../support/paths.js';

const vsix = path.join(repoRoot, 'packages/vscode-extension/orchlint.vsix');

/** Every file of a zip, by name, with its bytes. */
function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('the VS Code extension package (pnpm build makes it)', () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    files = await readZip(vsix);
  });

  it('holds the manifest, the extension and the bundled server, and nothing else', () => {
    expect([...files.keys()].filter((f) => f.startsWith('extension/')).sort()).toEqual([
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
    expect(files.has('extension.vsixmanifest')).toBe(true);
  });

  it('activates on the three formats and contributes the settings', () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.engines.vscode).toBe('^1.91.0');
    for (const pattern of [
      '**/*.pack.json',
      '**/*.promptpack.yaml',
      '**/.archon/workflows/**/*.yaml',
      '**/prompt_runner_packet.md',
      '**/*.prompt.md',
    ]) {
      expect(manifest.activationEvents).toContain(`workspaceContains:${pattern}`);
    }
    expect(Object.keys(manifest.contributes.configuration.properties).sort()).toEqual([
      'orchlint.configPath',
      'orchlint.enable',
      'orchlint.targets',
      'orchlint.trace.server',
    ]);
  });

  // The server's own independence is shown below by running it alone (its text also holds ajv's
  // code-generation strings, which name modules without loading them).
  it('the extension needs no module beside it but vscode and Node built-ins', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const code = files.get('extension/dist/extension.js')!.toString('utf8');
    const required = [...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(required).toContain('vscode');
    expect(required.filter((r) => !builtins.has(r) && r !== 'vscode')).toEqual([]);
  });

  describe('its server, run alone from a folder with nothing else in it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-vsix-'));
    const ws = workspace({});
    let client: LspClient;
    beforeAll(async () => {
      writeFileSync(path.join(dir, 'server.js'), files.get('extension/dist/server.js')!);
      client = LspClient.spawn(path.join(dir, 'server.js'));
      await client.initialize(ws.root);
    });
    afterAll(async () => {
      await client.dispose();
      ws.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('lints a pack over stdio', async () => {
      const pack =
        'id: x\nname: X\nversion: 1.0.0\ntemplate_engine: { version: v1, syntax: "{{v}}" }\nprompts: {}\nworkflow: { version: 1, entry: start, states: { start: { prompt_task: p, terminal: true, control: agent } } }\n';
      const uri = await client.open(ws.file('x.promptpack.yaml'), pack);
      const found = await client.diagnostics(uri, (d) => d.length > 0);
      expect(found.map((d) => d.code)).toContain('promptpack/control-agent-on-terminal');
    });
  });
});
