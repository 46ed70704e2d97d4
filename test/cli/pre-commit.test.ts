import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../support/needs.js';
import { brokenWorkflow, contentDetectedPack, tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { repoRoot } from '../support/paths.js';

const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;
const withPreCommit = {
  ...needs('pre-commit hook', !hasPreCommit && 'pre-commit is not on PATH (apt-get install pre-commit)'),
  timeout: 600_000,
};

const rootManifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

describe('the repository as a pre-commit hook source', () => {
  it('has a root package.json that npm can install: no workspace: dependencies, a bin, the bundle packed', () => {
    const deps = { ...rootManifest.dependencies, ...rootManifest.devDependencies };
    expect(Object.entries(deps).filter(([, v]) => String(v).startsWith('workspace:'))).toEqual([]);
    expect(rootManifest.bin).toEqual({
      orchlint: 'bundle/bin.js',
      'orchlint-language-server': 'bundle/language-server.js',
    });
    expect(rootManifest.files).toContain('bundle/');
    expect(rootManifest.scripts.postinstall).toBe('node scripts/bundle-cli.mjs');
  });

  it('lists every runtime dependency of the bundled packages at the same version, so npm installs them for the bundle', () => {
    const bundled = [
      'packages/core',
      'packages/cli',
      'packages/language-server',
      'packages/node-cache',
      'packages/promptpack',
      'rules',
      ...['archon', 'prompt-runner'].map((d) => `packages/${d}`),
    ];
    for (const dir of bundled) {
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      for (const [name, version] of Object.entries<string>(manifest.dependencies ?? {})) {
        if (version.startsWith('workspace:')) continue;
        expect(
          rootManifest.devDependencies[name],
          `${dir} needs ${name}@${version}: add it to the root package.json devDependencies`,
        ).toBe(version);
      }
    }
  });

  it(
    "set up as the README's pre-commit section says, with an empty HOME: installs through `npm install` of a clone, fails a commit of a bad pack, passes a good one",
    withPreCommit,
    () => {
      const work = tempFiles({}, 'orchlint-pre-commit-');
      // A new user's machine: nothing in HOME (no npm cache or config, no pre-commit cache, no git identity).
      const home = path.join(work, 'home');
      mkdirSync(home);
      // Nor anything that points a tool elsewhere: the package manager's settings, caches by XDG or pre-commit's own.
      const freshEnv = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !/^(npm_|XDG_|PRE_COMMIT)/i.test(k)),
      );
      const run = (cmd: string, args: string[], options: SpawnSyncOptions = {}) => {
        const r = spawnSync(cmd, args, {
          encoding: 'utf8',
          ...options,
          env: { ...freshEnv, HOME: home, NO_COLOR: '1', ...options.env },
        });
        return { code: r.status, out: `${r.stdout}${r.stderr}` };
      };
      const git = (cwd: string, ...args: string[]) =>
        run(
          'git',
          [
            '-c',
            'user.name=orchlint test',
            '-c',
            'user.email=test@orchlint.invalid',
            '-c',
            'commit.gpgsign=false',
            ...args,
          ],
          { cwd },
        );

      const hooks = path.join(work, 'hooks');
      expect(git(work, 'clone', '--quiet', repoRoot, hooks).code).toBe(0);
      const rev = git(hooks, 'rev-parse', 'HEAD').out.trim();

      const user = path.join(work, 'user');
      expect(git(work, 'init', '--quiet', user).code).toBe(0);
      // The README's config and commands as written, the repository's URL aside (the clone stands for it).
      const section = readme.split(/^### /m).find((s) => s.startsWith('pre-commit\n'))!;
      const config = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
      const commands = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim();
      expect(config).toContain('repo: https://github.com/orchlint/orchlint\n');
      writeFileSync(
        path.join(user, '.pre-commit-config.yaml'),
        config.replace('https://github.com/orchlint/orchlint', hooks),
      );
      writeFileSync(path.join(user, 'bad.promptpack.yaml'), terminalAgentPack);
      writeFileSync(path.join(user, 'good.promptpack.yaml'), terminalAgentPack.replace('      control: agent\n', ''));
      writeFileSync(path.join(user, 'notes.yaml'), 'not: a pack\n');
      const setup = run('bash', ['-c', commands], { cwd: user });
      expect(setup.out).not.toMatch(/error/i);
      expect(setup.code).toBe(0);
      // `rev:` names a commit the hooks' repository has.
      expect(readFileSync(path.join(user, '.pre-commit-config.yaml'), 'utf8')).toMatch(
        new RegExp(`^ {4}rev: ${rev}\\b`, 'm'),
      );

      git(user, 'add', '.pre-commit-config.yaml', 'bad.promptpack.yaml', 'notes.yaml');
      const bad = git(user, 'commit', '-m', 'bad');
      expect(bad.out).toMatch(/orchlint\.+Failed/);
      expect(bad.out).toMatch(
        /bad\.promptpack\.yaml:19:7 +warning +state 'done' is terminal.*\[promptpack\/control-agent-on-terminal\]/,
      );
      expect(bad.out).not.toMatch(/notes\.yaml/);
      expect(bad.code).toBe(1);

      git(user, 'rm', '--cached', '--quiet', 'bad.promptpack.yaml');
      git(user, 'add', 'good.promptpack.yaml');
      const good = git(user, 'commit', '-m', 'good');
      expect(good.out).toMatch(/orchlint\.+Passed/);
      expect(good.code).toBe(0);

      // Files recognised by content reach the hook too (its `files:` takes every JSON, YAML and
      // Markdown file), and --ignore-unknown skips the rest without a word, as a folder walk does.
      mkdirSync(path.join(user, 'packs'));
      mkdirSync(path.join(user, 'flows'));
      writeFileSync(path.join(user, 'packs/support.json'), contentDetectedPack);
      writeFileSync(path.join(user, 'flows/deploy.yaml'), brokenWorkflow);
      writeFileSync(path.join(user, 'data.json'), '{ "rows": [1, 2, 3] }\n');
      writeFileSync(path.join(user, 'package.json'), '{ "name": "user-app", "version": "1.0.0" }\n');
      git(user, 'add', 'packs', 'flows', 'data.json', 'package.json');
      const detected = git(user, 'commit', '-m', 'content-detected');
      expect(detected.out).toMatch(/orchlint\.+Failed/);
      expect(detected.out).toMatch(
        /packs\/support\.json:11:56 +warning +state 'done' is terminal.*\[promptpack\/control-agent-on-terminal\]/,
      );
      expect(detected.out).toMatch(
        /flows\/deploy\.yaml:7:18 +error +node 'ship' depends on 'biuld'.*\[archon\/unknown-dependency\]/,
      );
      expect(detected.out).toMatch(/2 problems \(1 error, 1 warning, 0 info\) in 2 files checked/);
      expect(detected.out).not.toMatch(/(data|package)\.json:\d|unknown-format/);
      expect(detected.code).toBe(1);

      git(user, 'rm', '--cached', '--quiet', 'packs/support.json', 'flows/deploy.yaml');
      const unknownOnly = git(user, 'commit', '-m', 'data only');
      expect(unknownOnly.out).toMatch(/orchlint\.+Passed/);
      expect(unknownOnly.out).not.toMatch(/(data|package)\.json:\d|unknown-format/);
      expect(unknownOnly.code).toBe(0);

      // The packet hook: `packet lint --strict` of the folder given in args, on any change to the packet.
      writeFileSync(
        path.join(user, '.pre-commit-config.yaml'),
        `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n      - id: orchlint-packet-lint\n        args: [packet]\n`,
      );
      mkdirSync(path.join(user, 'packet/prompts'), { recursive: true });
      writeFileSync(path.join(user, 'packet/prompt_runner_packet.md'), packetManifest);
      writeFileSync(
        path.join(user, 'packet/prompts/01_collect.prompt.md'),
        collectPrompt.replace(structuredCommand, '    - "timeout 300 mix test"\n'),
      );
      git(user, 'add', '.pre-commit-config.yaml', 'packet');
      const legacy = git(user, 'commit', '-m', 'packet with a legacy command');
      expect(legacy.out).toMatch(/orchlint packet lint\.+Failed/);
      expect(legacy.out).toMatch(/ERROR +01_collect\.prompt\.md +legacy_shell_command/);
      expect(legacy.code).toBe(1);

      writeFileSync(path.join(user, 'packet/prompts/01_collect.prompt.md'), collectPrompt);
      git(user, 'add', 'packet');
      const clean = git(user, 'commit', '-m', 'packet with a structured command');
      expect(clean.out).toMatch(/orchlint packet lint\.+Passed/);
      expect(clean.code).toBe(0);
    },
  );
});

const packetManifest = `---
name: "changelog"
provider: "codex"
repos:
  app:
    path: "./repos/app"
    default: true
phases:
  "1": "Collect"
---
# Changelog
`;

const structuredCommand = `    - exec: "mix"
      args: ["test"]
      timeout_ms: 300000
`;

const collectPrompt = `---
id: "01"
phase: 1
name: "Collect merged changes"
targets: ["app"]
commit: "docs: draft the changelog entry"
verify:
  files_exist: ["CHANGELOG.md"]
  commands:
${structuredCommand}---
# Collect merged changes

Add a dated entry at the top of CHANGELOG.md.
`;
