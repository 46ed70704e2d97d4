import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileHost, LintCache, recordingHost } from '@orchlint/cli';
import {
  BUILD_DIGEST_FILE,
  buildIdOf,
  EntryStore,
  noteReads,
  sealed,
  stampOf,
  unsealed,
  type ReadLog,
} from '@orchlint/node-cache';
import { BUILD_DIGEST_FILE as SCRIPT_DIGEST_FILE, bundleDigest } from '../../scripts/bundle-digest.mjs';
import { repoRoot } from '../support/paths.js';
import { orchlint, settle, tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';

describe('--cache', () => {
  it('keeps results in .orchlintcache in the working directory and reuses them while nothing changes', () => {
    const dir = tempFiles({
      'a.promptpack.yaml': terminalAgentPack,
      'b.promptpack.yaml': terminalAgentPack.replace('control: agent', 'control: user'),
    });
    const first = orchlint(['--cache', '--format', 'compact', '.'], { cwd: dir });
    const cacheFile = path.join(dir, '.orchlintcache');
    expect(existsSync(cacheFile)).toBe(true);
    // The run records on the first line (run-record.ts), the entries on the second.
    expect(
      Object.keys((unsealed(readFileSync(cacheFile, 'utf8').split('\n')[1]!) as { entries: object }).entries).sort(),
    ).toEqual(['a.promptpack.yaml', 'b.promptpack.yaml']);
    // Mark the cached message: a second run that prints the mark read the cache instead of linting.
    const [runs, entries] = readFileSync(cacheFile, 'utf8').split('\n') as [string, string];
    const marked = entries
      .slice(entries.indexOf(' ') + 1)
      .replace("state 'done' is terminal", "CACHED state 'done' is terminal");
    writeFileSync(cacheFile, `${runs}\n${sealed(marked)}`);
    const second = orchlint(['--cache', '--format', 'compact', '.'], { cwd: dir });
    expect(second.stdout).toBe(first.stdout.replace("state 'done' is terminal", "CACHED state 'done' is terminal"));
    expect(orchlint(['--format', 'compact', '.'], { cwd: dir }).stdout).toBe(first.stdout);
  });

  it('says so, with exit code 2, when the cache cannot be written, and leaves no temporary file behind', () => {
    const dir = tempFiles({ 'a.promptpack.yaml': terminalAgentPack });
    mkdirSync(path.join(dir, 'a-folder'));
    const r = orchlint(['--cache', '--cache-location', 'a-folder', '.'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^orchlint: cannot write the cache file a-folder: /);
    expect(readdirSync(dir).sort()).toEqual(['a-folder', 'a.promptpack.yaml']);
  });

  it('re-lints a file whose text, settings or orchlint version changed', () => {
    const dir = tempFiles({ 'a.promptpack.yaml': terminalAgentPack });
    const cacheFile = path.join(dir, 'lint.cache');
    const run = (...args: string[]) =>
      orchlint(['--cache', '--cache-location', 'lint.cache', '--format', 'compact', ...args, '.'], { cwd: dir }).stdout;
    const mark = () =>
      writeFileSync(cacheFile, readFileSync(cacheFile, 'utf8').replaceAll("state 'done'", "CACHED state 'done'"));
    const clean = run();
    mark();
    writeFileSync(path.join(dir, 'a.promptpack.yaml'), terminalAgentPack + '# edited\n');
    expect(run()).toBe(clean);
    mark();
    writeFileSync(path.join(dir, 'orchlint.config.yaml'), 'rules:\n  promptpack/control-agent-on-terminal: error\n');
    expect(run()).toMatch(/^a.promptpack.yaml:19:7: error state 'done'/);
    mark();
    writeFileSync(cacheFile, readFileSync(cacheFile, 'utf8').replaceAll(/"version":"[^"]+"/g, '"version":"0.0.0-old"'));
    expect(run()).toMatch(/^a.promptpack.yaml:19:7: error state 'done'/);
  });

  it('keys a multi-file unit by every file and folder listing it read, present or absent', () => {
    const dir = tempFiles({ 'unit/main.md': 'main', 'unit/other.md': 'one' });
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const target = { file: 'unit/main.md', explicit: true, root: 'unit' };
      const { host, log } = recordingHost(fileHost('unit'));
      host.readFile('unit/other.md');
      host.readFile('unit/later.md');
      host.readDir('unit');
      const outcome = { file: 'unit/main.md', files: [{ path: 'unit/main.md', dialect: 'fake' }], diagnostics: [] };
      const stored = new LintCache('cache.json');
      stored.store(target, 'settings', 'main', outcome, log);
      stored.save();
      // Each run has its own cache object (which reads each file once): a change shows in the next run.
      const run = () => new LintCache('cache.json');
      expect(run().lookup(target, 'settings', 'main')).toEqual(outcome);
      expect(run().lookup(target, 'other settings', 'main')).toBeUndefined();
      expect(run().lookup(target, 'settings', 'main edited')).toBeUndefined();
      writeFileSync('unit/other.md', 'two');
      expect(run().lookup(target, 'settings', 'main')).toBeUndefined();
      writeFileSync('unit/other.md', 'one');
      expect(run().lookup(target, 'settings', 'main')).toEqual(outcome);
      writeFileSync('unit/later.md', 'now here');
      expect(run().lookup(target, 'settings', 'main')).toBeUndefined();
    } finally {
      process.chdir(cwd);
    }
  });

  it('reads an entry of another shape, or one naming a prototype key, as no entry', () => {
    const dir = tempFiles({ 'a.promptpack.yaml': terminalAgentPack, 'b.promptpack.yaml': terminalAgentPack });
    const cacheFile = path.join(dir, '.orchlintcache');
    const run = () => orchlint(['--cache', '--format', 'compact', '.'], { cwd: dir });
    const clean = run();
    const stored = unsealed(readFileSync(cacheFile, 'utf8').split('\n')[1]!) as { entries: Record<string, any> };
    const cases: Array<(entry: any) => void> = [
      (entry) => (entry.reads = null),
      (entry) => (entry.reads.shared = 5),
      (entry) => (entry.reads.files = 'a.promptpack.yaml'),
      (entry) => (entry.reads.shared = ['constructor']),
      (entry) => (entry.reads.shared = ['__proto__']),
    ];
    for (const damage of cases) {
      const copy = structuredClone(stored);
      for (const entry of Object.values(copy.entries)) {
        damage(entry);
        entry.outcome.diagnostics[0].message = `CACHED ${entry.outcome.diagnostics[0].message}`;
      }
      // No run record (the first line): each unit's entry is looked up.
      writeFileSync(cacheFile, `\n${sealed(JSON.stringify(copy))}`);
      const r = run();
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(clean.stdout);
      expect(r.code).toBe(clean.code);
    }
  });

  it('checks an unchanged file by its stamp alone, and reads and hashes it again once the stamp changes', () => {
    const dir = tempFiles({ 'unit/main.md': 'main', 'unit/other.md': 'one' });
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      // Stamps of files changed (or touched) within the last second are not trusted: a second write could keep them.
      const past = new Date(Date.now() - 60_000);
      for (const f of ['unit/main.md', 'unit/other.md', 'unit']) utimesSync(f, past, past);
      settle();
      const target = { file: 'unit/main.md', explicit: true, root: 'unit' };
      const outcome = { file: 'unit/main.md', files: [{ path: 'unit/main.md', dialect: 'fake' }], diagnostics: [] };
      const writer = new LintCache('cache.json');
      const stamp = writer.stamp('f:unit/main.md', 'unit/main.md');
      const { host, log } = recordingHost(fileHost('unit'));
      host.readFile('unit/other.md');
      host.readDir('unit');
      expect(Object.keys(log.stamps ?? {}).sort()).toEqual(['d:unit', 'f:unit/other.md']);
      writer.store(target, 'settings', 'main', outcome, log, stamp);
      writer.save();
      let reads = 0;
      const reader = () => {
        reads++;
        return readFileSync('unit/main.md', 'utf8');
      };
      expect(new LintCache('cache.json').lookup(target, 'settings', reader)).toEqual(outcome);
      expect(reads).toBe(0);
      // Same size, same modification time, but the change time moved: read, hashed, and still the same text.
      writeFileSync('unit/main.md', 'main');
      utimesSync('unit/main.md', past, past);
      settle();
      expect(new LintCache('cache.json').lookup(target, 'settings', reader)).toEqual(outcome);
      expect(reads).toBe(1);
      writeFileSync('unit/main.md', 'MAIN');
      expect(new LintCache('cache.json').lookup(target, 'settings', reader)).toBeUndefined();
      writeFileSync('unit/main.md', 'main');
      writeFileSync('unit/other.md', 'two');
      expect(new LintCache('cache.json').lookup(target, 'settings', reader)).toBeUndefined();
    } finally {
      process.chdir(cwd);
    }
  });

  it('re-lints a workflow when another workflow it consulted changes its name', () => {
    const workflow = (name: string) =>
      `name: ${name}\ndescription: Ship it.\nnodes:\n  - id: ship\n    bash: ./ship.sh\n`;
    const dir = tempFiles({
      '.archon/workflows/deploy.yaml': workflow('deploy'),
      '.archon/workflows/copy.yaml': workflow('deploy'),
    });
    const run = () => orchlint(['--cache', '--format', 'compact', '.'], { cwd: dir }).stdout;
    expect(run().match(/archon\/duplicate-workflow-name/g)).toHaveLength(2);
    writeFileSync(path.join(dir, '.archon/workflows/copy.yaml'), workflow('deploy-copy'));
    expect(run()).not.toMatch(/duplicate-workflow-name/);
  });

  it('keeps apart the results of a file named on the command line and of the same file found in a folder', () => {
    const dir = tempFiles({
      'notes.yaml': 'just: yaml\n',
      'pk/prompt_runner_packet.md': '---\nname: demo\n---\n# demo\n',
      'pk/prompts/01_first.prompt.md': '---\nid: "01"\n---\n# First\n',
    });
    const lint = (...args: string[]) => orchlint(['--format', 'json', ...args], { cwd: dir }).stdout;
    const walked = lint('.');
    expect(JSON.parse(walked).diagnostics.map((d: { rule: string }) => d.rule)).not.toContain('core/unknown-format');
    // Named, an unknown file is a finding and a prompt its own unit; walked, neither.
    lint('--cache', 'notes.yaml');
    lint('--cache', 'pk/prompts/01_first.prompt.md');
    expect(lint('--cache', '.')).toBe(walked);
    expect(lint('--cache', '.')).toBe(walked);
    expect(lint('--cache', 'notes.yaml')).toBe(lint('notes.yaml'));
  });

  it('keeps apart the results of a unit read from a wider folder and from a narrower one', () => {
    // Walking '.', the packet reads the workspace manifest above it; walking 'packet', it may not.
    const fixture = 'fixtures/prompt-runner/workspace-packet-repos/invalid-missing-docs';
    const names = ['workspace.yml', 'packet/prompt_runner_packet.md', 'packet/prompts/01_write.prompt.md'];
    const dir = tempFiles(Object.fromEntries(names.map((n) => [n, readFileSync(path.join(fixture, n), 'utf8')])));
    // Stamps younger than a second are not trusted: age every file and folder so the cache reads by stamp.
    const past = new Date(Date.now() - 60_000);
    for (const f of [...names, 'packet/prompts', 'packet', '.']) utimesSync(path.join(dir, f), past, past);
    settle();
    const cache = path.join(tempFiles({}), 'cache.json');
    const lint = (...args: string[]) => orchlint(['--format', 'compact', ...args], { cwd: dir }).stdout;
    const narrow = lint('packet');
    expect(lint('.')).toMatch(/workspace-packet-repos/);
    expect(narrow).not.toMatch(/workspace-packet-repos/);
    lint('--cache', '--cache-location', cache, '.');
    expect(lint('--cache', '--cache-location', cache, 'packet')).toBe(narrow);
  });

  it('notes the reads of a log the units share once a run, however many units used it', () => {
    // A folder's project index reads every workflow; noting it again for each unit was 1,000 × 1,000 notes.
    const shared: ReadLog = { files: { 'p/a.yaml': 'ha', 'p/b.yaml': 'hb' }, dirs: { p: 'hd' }, stamps: {} };
    const unit = (own: string): ReadLog => ({ files: { [own]: `h-${own}` }, dirs: {}, stamps: {}, shared: [shared] });
    const counted = () => {
      const calls = new Map<string, number>();
      const notes = { note: (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1), sharedNoted: new WeakSet() };
      return { calls, notes };
    };
    // Read as absent but there (a link out of the root): its stamp, as a later run's stat finds it.
    const refused = new Map<string, unknown>();
    noteReads(
      { files: { link: null, gone: null }, dirs: {}, stamps: { 'f:link': '1:2:3:4' } },
      { note: (key, stamp) => refused.set(key, stamp), sharedNoted: new WeakSet() },
    );
    expect(Object.fromEntries(refused)).toEqual({ 'f:link': '1:2:3:4', 'f:gone': null });
    const run = counted();
    for (const own of ['p/a.yaml', 'p/b.yaml', 'x.yaml']) noteReads(unit(own), run.notes);
    expect(Object.fromEntries(run.calls)).toEqual({ 'f:p/a.yaml': 2, 'f:p/b.yaml': 2, 'd:p': 1, 'f:x.yaml': 1 });
    // A stored entry's inputs, noted for a run that reuses it, likewise (its main file, its own log, the shared one).
    const store = new EntryStore<string>();
    for (const own of ['p/a.yaml', 'p/b.yaml', 'x.yaml']) store.store(own, 's', own, 'outcome', unit(own));
    const reuse = counted();
    for (const own of ['p/a.yaml', 'p/b.yaml', 'x.yaml']) store.inputsOf(own, reuse.notes);
    expect(Object.fromEntries(reuse.calls)).toEqual({ 'f:p/a.yaml': 3, 'f:p/b.yaml': 3, 'd:p': 1, 'f:x.yaml': 2 });
  });

  it("logs a read served from the run's memory with the stamp taken before the file was first read", () => {
    const dir = tempFiles({ 'a.yaml': 'v: 1\n' });
    const file = path.join(dir, 'a.yaml');
    settle();
    const memo = new Map();
    const first = recordingHost(fileHost(dir, memo));
    expect(first.host.readFile(file)).toBe('v: 1\n');
    // Written while the run goes on: the next unit is served the text the run read, so its log must
    // keep the stamp of that text, or a later run would take the new file for the one this run linted.
    writeFileSync(file, 'v: 2\n');
    settle();
    const second = recordingHost(fileHost(dir, memo));
    expect(second.host.readFile(file)).toBe('v: 1\n');
    expect(second.log.files[file]).toBe(first.log.files[file]);
    expect(second.log.stamps![`f:${file}`]).toBe(first.log.stamps![`f:${file}`]);
    expect(second.log.stamps![`f:${file}`]).not.toBe(stampOf(file));
  });

  it('keys a bundle by the digest of its content, so the same bundle built again keeps its cache', () => {
    const bundle = path.join(repoRoot, 'bundle');
    expect(readFileSync(path.join(bundle, BUILD_DIGEST_FILE), 'utf8')).toBe(`${bundleDigest(bundle)}\n`);
    expect(SCRIPT_DIGEST_FILE).toBe(BUILD_DIGEST_FILE);
    const digest = 'ab'.repeat(32);
    const dir = tempFiles({ 'bin.js': '', [BUILD_DIGEST_FILE]: `${digest}\n` });
    const moduleUrl = pathToFileURL(path.join(dir, 'bin.js')).href;
    expect(buildIdOf('1.2.3', moduleUrl)).toBe(`1.2.3:${digest}`);
    // Not a bundle's (no digest, or not one): the stamps of the module file and of the tsc build
    // info beside it, which tsc -b rewrites when a package the module depends on is emitted again.
    writeFileSync(path.join(dir, BUILD_DIGEST_FILE), 'not a digest');
    expect(buildIdOf('1.2.3', moduleUrl)).toMatch(/^1\.2\.3:\d+:\d+:-$/);
    writeFileSync(path.join(dir, 'tsconfig.tsbuildinfo'), '{}');
    const built = buildIdOf('1.2.3', moduleUrl);
    expect(built).toMatch(/^1\.2\.3:\d+:\d+:\d+:\d+$/);
    rmSync(path.join(dir, 'tsconfig.tsbuildinfo'));
    writeFileSync(path.join(dir, 'tsconfig.tsbuildinfo'), '{}');
    expect(buildIdOf('1.2.3', moduleUrl)).not.toBe(built);
  });

  it('finds an Archon project from inside .archon/workflows as a run without --cache does, twice', () => {
    const dir = tempFiles({
      '.archon/workflows/team/nightly.yaml':
        'name: team-nightly\ndescription: Nightly.\nnodes:\n  - id: review\n    include: reviw-block\n',
      '.archon/workflows/sdlc/fixtures/clean.stubs.yaml': 'implement: done\n',
      '.archon/workflows/sdlc/deliver.yaml':
        'name: deliver\ndescription: Deliver.\nnodes:\n  - id: implement\n    bash: make\n',
    });
    const cwd = path.join(dir, '.archon/workflows');
    const plain = orchlint(['--format', 'compact', '.'], { cwd });
    expect(plain.stdout).toMatch(/no workflow with that name in \.archon\/workflows/);
    const first = orchlint(['--cache', '--format', 'compact', '.'], { cwd });
    const second = orchlint(['--cache', '--format', 'compact', '.'], { cwd });
    expect(first.stdout).toBe(plain.stdout);
    expect(second.stdout).toBe(plain.stdout);
  });
});

describe('--cache and ShellCheck', () => {
  /** A `shellcheck` that finds SC2164 on the first line of every script it is given. */
  const fakeShellcheck = `#!/bin/sh
if [ "$1" = "--version" ]; then printf 'ShellCheck - fake\\nversion: 0.9.0\\n'; exit 0; fi
sep=''
[ -n "$FAKE_SHELLCHECK_LOG" ] && echo "$#" >> "$FAKE_SHELLCHECK_LOG"
printf '{"comments":['
for a in "$@"; do case "$a" in *.sh)
  printf '%s{"file":"%s","line":1,"endLine":1,"column":1,"endColumn":3,"level":"warning","code":2164,"message":"fake finding"}' "$sep" "$a"
  sep=',';;
esac; done
printf ']}'
exit 1
`;

  it('keeps the ShellCheck findings of a run without --cache, and drops them once ShellCheck is gone', () => {
    const dir = tempFiles({
      '.archon/workflows/build.yaml': 'name: build\ndescription: Build.\nnodes:\n  - id: make\n    bash: cd out\n',
      'bin/shellcheck': fakeShellcheck,
    });
    chmodSync(path.join(dir, 'bin/shellcheck'), 0o755);
    const withShellcheck = { PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}` };
    const lint = (env: NodeJS.ProcessEnv, ...args: string[]) =>
      orchlint(['--format', 'compact', ...args, '.archon'], { cwd: dir, env }).stdout;
    const plain = lint(withShellcheck);
    expect(plain).toMatch(/SC2164 \(warning\) in 'bash' of node 'make': fake finding/);
    expect(lint(withShellcheck, '--cache')).toBe(plain);
    expect(lint(withShellcheck, '--cache')).toBe(plain);
    // Another ShellCheck (here: none on PATH) is another result.
    const none = { PATH: path.join(dir, 'no-programs') };
    expect(lint(none, '--cache')).toBe(lint(none));
    expect(lint(none, '--cache')).not.toMatch(/SC2164/);
  });

  it('looks for ShellCheck past a PATH entry that is a file, as a shell does', () => {
    const dir = tempFiles({
      '.archon/workflows/build.yaml': 'name: build\ndescription: Build.\nnodes:\n  - id: make\n    bash: cd out\n',
      'bin/shellcheck': fakeShellcheck,
      'not-a-folder': '',
    });
    chmodSync(path.join(dir, 'bin/shellcheck'), 0o755);
    const env = { PATH: [path.join(dir, 'not-a-folder'), path.join(dir, 'bin')].join(path.delimiter) };
    const plain = orchlint(['--format', 'compact', '.archon'], { cwd: dir, env });
    expect(plain.stdout).toMatch(/fake finding/);
    const cached = orchlint(['--cache', '--format', 'compact', '.archon'], { cwd: dir, env });
    expect(cached).toEqual(plain);
  });

  it('checks a body that several workflows share once per run', () => {
    const body = 'name: w\ndescription: W.\nnodes:\n  - id: make\n    bash: cd out\n';
    const dir = tempFiles({
      '.archon/workflows/a.yaml': body.replace('name: w', 'name: a'),
      '.archon/workflows/b.yaml': body.replace('name: w', 'name: b'),
      '.archon/workflows/c.yaml': body.replace('name: w', 'name: c').replace('cd out', 'cd elsewhere'),
      'bin/shellcheck': fakeShellcheck,
    });
    chmodSync(path.join(dir, 'bin/shellcheck'), 0o755);
    const log = path.join(dir, 'calls.log');
    const env = { PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}`, FAKE_SHELLCHECK_LOG: log };
    const r = orchlint(['--format', 'compact', '.archon'], { cwd: dir, env });
    expect(r.stdout.match(/\[archon\/shellcheck\]/g)).toHaveLength(3);
    // Two distinct bodies, each given to ShellCheck once (with its six fixed arguments and the excluded codes).
    const checkedBodies = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((n) => Number(n) - 8);
    expect(checkedBodies.reduce((a, b) => a + b, 0)).toBe(2);
  });
});

describe('worker threads', () => {
  it('give the same report as one thread', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++)
      files[`packs/p${String(i).padStart(2, '0')}.promptpack.yaml`] =
        i % 3 ? terminalAgentPack : terminalAgentPack.replace('control: agent', 'control: user');
    const dir = tempFiles(files);
    const one = orchlint(['--concurrency', 'off', '--format', 'json', 'packs'], { cwd: dir });
    const two = orchlint(['--concurrency', '2', '--format', 'json', 'packs'], { cwd: dir });
    expect(JSON.parse(one.stdout).summary).toEqual({ files: 60, errors: 0, warnings: 40, infos: 0 });
    expect(two.stdout).toBe(one.stdout);
    expect(orchlint(['--concurrency', 'many', 'packs'], { cwd: dir }).code).toBe(2);
  });
});

describe('--stdin', () => {
  it('lints standard input as the file --stdin-filename names, with that file’s config', () => {
    const dir = tempFiles({
      'orchlint.config.yaml':
        'overrides:\n  - files: packs/**\n    rules: { promptpack/control-agent-on-terminal: error }\n',
    });
    const r = orchlint(['--stdin', '--stdin-filename', 'packs/in.promptpack.yaml', '--format', 'compact'], {
      cwd: dir,
      input: terminalAgentPack,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^packs\/in.promptpack.yaml:19:7: error state 'done' is terminal/);
  });

  it('says what to do when the input is of no known format', () => {
    const r = orchlint(['--stdin', '--format', 'compact'], { input: 'just: yaml\n' });
    expect(r.stdout).toMatch(
      /^<stdin>:1:1: warning not a format orchlint knows \(.*promptpack.*\); name it with --stdin-filename \(e.g. x.pack.json\) or pass --dialect \[core\/unknown-format\]\n$/,
    );
    expect(orchlint(['--stdin', 'x.yaml']).code).toBe(2);
  });
});
