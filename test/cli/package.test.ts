import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitializeRequest } from 'vscode-languageserver-protocol/node';
import { LspClient, uriOf } from '../support/lsp-client.js';
import { makeTempDir, removeDir } from '../support/cli.js';
import { cliBin, repoRoot } from '../support/paths.js';

/** What `orchlint --version` of the workspace build prints. */
const version = spawnSync(process.execPath, [cliBin, '--version'], { encoding: 'utf8' }).stdout.trim();
const rootManifestText = readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
const rootManifest = JSON.parse(rootManifestText);
const manifests = spawnSync('git', ['ls-files', '*package.json'], { cwd: repoRoot, encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean);

describe('the version', () => {
  it('is one version in every package.json and in `orchlint --version`', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifests.length).toBeGreaterThan(8);
    for (const file of manifests)
      expect(JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')).version, file).toBe(version);
    expect(rootManifest.version).toBe(version);
  });

  it('names the MIT licence in the root package, the extension and the README, and has a CHANGELOG entry', () => {
    expect(readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(rootManifest.license).toBe('MIT');
    expect(
      JSON.parse(readFileSync(path.join(repoRoot, 'packages/vscode-extension/package.json'), 'utf8')).license,
    ).toBe('MIT');
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toMatch(/MIT licen[cs]e.*\(LICENSE\)/);
    expect(readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## ${version.replace(/\./g, '\\.')}\\b`, 'm'),
    );
  });
});

/**
 * `npm pack` of the root, installed globally into a temporary npm prefix as a user would, then run
 * from a folder outside the checkout that has no node_modules. The tarball has no dependencies, so
 * all of this works offline.
 */
describe('the packed tarball', () => {
  let tmp: string;
  let tarball: string;
  let bin: string;
  let env: NodeJS.ProcessEnv;
  let installWarnings: string;
  const run = (cmd: string, args: string[], options: SpawnSyncOptions = {}) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8', env, timeout: 120_000, ...options });
    return { code: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
  };

  beforeAll(() => {
    expect(existsSync(path.join(repoRoot, 'bundle/language-server.js')), 'bundle/ is missing: run `pnpm build`').toBe(
      true,
    );
    tmp = realpathSync(makeTempDir('orchlint-pack-'));
    const prefix = path.join(tmp, 'prefix');
    bin = path.join(prefix, 'bin');
    // npm's own cache in the temporary folder, and no package manager state of the checkout.
    env = {
      ...process.env,
      NO_COLOR: '1',
      npm_config_cache: path.join(tmp, 'npm-cache'),
      npm_config_update_notifier: 'false',
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    };
    for (const k of Object.keys(env))
      if (/^npm_(lifecycle|package|execpath|node_execpath|config_user_agent)/.test(k)) delete env[k];
    const packed = run('npm', ['pack', '--pack-destination', tmp], { cwd: repoRoot });
    expect(packed.code, packed.stderr).toBe(0);
    tarball = path.join(tmp, packed.stdout.trim().split('\n').at(-1)!);
    const installed = run(
      'npm',
      ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball],
      { cwd: tmp },
    );
    expect(installed.code, installed.stderr).toBe(0);
    installWarnings = installed.stderr;
  }, 240_000);

  afterAll(() => removeDir(tmp));

  it('is orchlint-VERSION.tgz with the bundled CLI and language server, the rule docs, a licence, and no dependencies', () => {
    expect(path.basename(tarball)).toBe(`orchlint-${version}.tgz`);
    const files = run('tar', ['tzf', tarball]).stdout.split('\n').filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        'package/bundle/bin.js',
        'package/bundle/worker.js',
        'package/bundle/language-server.js',
        'package/LICENSE',
        'package/README.md',
        'package/CHANGELOG.md',
      ]),
    );
    expect(
      files.filter(
        (f) =>
          !/^package\/(bundle\/|rules\/[a-z-]+\/[a-z0-9-]+\.md$|package\.json$|LICENSE$|README\.md$|CHANGELOG\.md$)/.test(
            f,
          ),
      ),
    ).toEqual([]);
    const manifest = JSON.parse(run('tar', ['xzOf', tarball, 'package/package.json']).stdout);
    expect(manifest.dependencies ?? {}).toEqual({});
    // No install script (the clone's postinstall bundles; installed, there is nothing to do), so npm has nothing to warn about.
    expect(manifest.scripts).toBeUndefined();
    expect(installWarnings).not.toMatch(/install-scripts|allowScripts/);
    // And packing left the clone's own package.json as it was.
    expect(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).toBe(rootManifestText);
    expect(existsSync(path.join(repoRoot, '.package.json.before-pack'))).toBe(false);
    expect(manifest.bin).toEqual({
      orchlint: 'bundle/bin.js',
      'orchlint-language-server': 'bundle/language-server.js',
    });
  });

  it('puts orchlint on the PATH: --version, and a lint of the demo files from outside the checkout', () => {
    const outside = path.join(tmp, 'project');
    mkdirSync(outside);
    cpSync(path.join(repoRoot, 'fixtures/demo'), path.join(outside, 'demo'), { recursive: true });
    expect(existsSync(path.join(outside, 'node_modules'))).toBe(false);

    const v = run('orchlint', ['--version'], { cwd: outside });
    expect(v.stdout.trim()).toBe(version);
    expect(v.code).toBe(0);

    const lint = run('orchlint', ['demo', '--format', 'json'], { cwd: outside });
    expect(lint.code, lint.stderr).toBe(0);
    const report = JSON.parse(lint.stdout);
    expect(report.tool).toMatchObject({ name: 'orchlint', version });
    expect(report.summary.warnings).toBeGreaterThan(0);
    // The same findings as the workspace build reports for the checkout's copy.
    const workspace = run(process.execPath, [cliBin, 'demo', '--format', 'json'], {
      cwd: path.join(repoRoot, 'fixtures'),
    });
    const key = (d: { rule: string; path: string; range: unknown }) => JSON.stringify([d.rule, d.path, d.range]);
    expect(report.diagnostics.map(key)).toEqual(JSON.parse(workspace.stdout).diagnostics.map(key));
  });

  it('puts orchlint-language-server on the PATH: it answers initialize and lints an opened pack', async () => {
    const outside = path.join(tmp, 'editor');
    mkdirSync(outside);
    const client = LspClient.spawn(path.join(bin, 'orchlint-language-server'));
    try {
      const init = await client.connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: uriOf(outside),
        workspaceFolders: [{ uri: uriOf(outside), name: 'editor' }],
        capabilities: {},
      });
      expect(init.serverInfo).toEqual({ name: 'orchlint-language-server', version });
      expect(init.capabilities.hoverProvider).toBeTruthy();
      await client.connection.sendNotification('initialized', {});
      const uri = await client.open(
        path.join(outside, 'x.promptpack.yaml'),
        readFileSync(path.join(repoRoot, 'fixtures/demo/support.promptpack.yaml'), 'utf8'),
      );
      const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
      expect(diagnostics.every((d) => d.source === 'orchlint')).toBe(true);
    } finally {
      await client.dispose();
    }
  });

  it("keeps its caches from the tarball: the CLI's --cache replays, the language server restores its workspace scan", async () => {
    const outside = path.join(tmp, 'cached');
    cpSync(path.join(repoRoot, 'fixtures/demo'), outside, { recursive: true });
    // Stamps are trusted once a file's times are a second old.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const first = run('orchlint', ['--cache', '--format', 'json', '.'], { cwd: outside });
    const again = run('orchlint', ['--cache', '--format', 'json', '.'], { cwd: outside });
    expect(again.stdout).toBe(first.stdout);
    expect(JSON.parse(again.stdout).summary.warnings).toBeGreaterThan(0);
    expect(existsSync(path.join(outside, '.orchlintcache'))).toBe(true);
    rmSync(path.join(outside, '.orchlintcache'));
    const storage = path.join(tmp, 'editor-storage');
    const written: number[] = [];
    for (let session = 0; session < 2; session++) {
      const client = LspClient.spawn(path.join(bin, 'orchlint-language-server'));
      try {
        await client.initialize(outside, {}, { window: { workDoneProgress: true } }, storage);
        await client.until(() => client.progress.find((p) => p.kind === 'end'));
      } finally {
        await client.dispose();
      }
      const files = readdirSync(storage);
      expect(files).toHaveLength(1);
      written.push(statSync(path.join(storage, files[0]!)).mtimeMs);
    }
    // Every unit restored, nothing linted anew: the file is not written again.
    expect(written[1]).toBe(written[0]);
    expect(readdirSync(outside).sort()).toEqual(readdirSync(path.join(repoRoot, 'fixtures/demo')).sort());
  });

  it('runs through npx --package TARBALL', () => {
    const r = run('npx', ['--yes', '--offline', '--package', tarball, 'orchlint', '--version'], { cwd: tmp });
    expect(r.stdout.trim(), r.stderr).toBe(version);
    rmSync(path.join(tmp, 'npm-cache'), { recursive: true, force: true });
  });
});
