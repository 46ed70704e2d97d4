import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { presence, unsealed } from '@orchlint/node-cache';
import { RunRecorder } from '../../packages/cli/dist/run-record.js';
import { loadedBy, orchlint, settle, tempFiles } from '../support/orchlint-bin.js';
import { cliBin } from '../support/paths.js';
import { BUILD_DIGEST_FILE, bundleDigest } from '../../scripts/bundle-digest.mjs';

const workflow = (name: string, extra = '') =>
  `name: ${name}\ndescription: Ship it.\nnodes:\n  - id: ship\n    bash: ./ship.sh\n${extra}`;

/** A project of three workflows, two of them sharing a name (errors), one with a warning. */
function project(): string {
  return tempFiles({
    '.archon/workflows/a.yaml': workflow('deploy'),
    '.archon/workflows/b.yaml': workflow('deploy'),
    '.archon/workflows/c.yaml': workflow(
      'ship',
      '  - id: next\n    depends_on: [ship]\n    prompt: "$ship.output"\n    model: gpt-9\n',
    ),
  });
}

/** The run records the cache file's first line holds. */
const runsIn = (file: string): unknown[] =>
  (unsealed(readFileSync(file, 'utf8').split('\n')[0]!) as { runs: unknown[] }).runs;

// Each case runs the CLI ten to twenty times, a second apart where stamps must settle: on a loaded
// two-core machine one case takes longer than the default 30 s.
describe('--cache on a run with nothing changed', { timeout: 120_000 }, () => {
  it('prints the stored report and exits as the run did, loading neither core nor a dialect nor a rule', () => {
    const dir = project();
    settle();
    const args = ['--cache', '--format', 'json', '--max-warnings', '0', '.'];
    const plain = orchlint(['--format', 'json', '--max-warnings', '0', '.'], { cwd: dir });
    // The first run creates .orchlintcache in the folder it walks, which changes the folder: the
    // second run records a report the third can print.
    const first = orchlint(args, { cwd: dir });
    settle();
    orchlint(args, { cwd: dir });
    expect(runsIn(path.join(dir, '.orchlintcache'))).toHaveLength(1);
    const again = orchlint(args, { cwd: dir });
    for (const r of [first, again]) {
      expect(r.stdout).toBe(plain.stdout);
      expect(r.stderr).toBe(plain.stderr);
      expect(r.code).toBe(plain.code);
    }
    // The unbundled build is another build: it keeps its own record before it replays it.
    loadedBy(args, dir);
    const loaded = loadedBy(args, dir);
    expect(loaded).toContain('packages/cli/dist/run-record.js');
    expect(loaded.filter((m) => /^(rules|packages\/(core|archon|promptpack|prompt-runner))\//.test(m))).toEqual([]);
    expect(loaded.filter((m) => /^(yaml|ajv|graphology|mvdan-sh)$/.test(m))).toEqual([]);
  });

  it('lints again when a file changes, a file or a config appears, or the invocation differs', () => {
    const dir = project();
    settle();
    const lint = (...args: string[]) => orchlint(['--cache', '--format', 'compact', ...args, '.'], { cwd: dir });
    const fresh = (...args: string[]) => orchlint(['--format', 'compact', ...args, '.'], { cwd: dir }).stdout;
    lint();
    // A changed file: its name no longer clashes.
    writeFileSync(path.join(dir, '.archon/workflows/b.yaml'), workflow('deploy-b'));
    expect(lint().stdout).toBe(fresh());
    expect(lint().stdout).not.toMatch(/duplicate-workflow-name/);
    // A new file in a folder the run walked.
    writeFileSync(path.join(dir, '.archon/workflows/d.yaml'), workflow('deploy'));
    expect(lint().stdout).toMatch(/duplicate-workflow-name/);
    // A config file where the run looked for one.
    writeFileSync(path.join(dir, 'orchlint.config.yaml'), 'rules:\n  archon/duplicate-workflow-name: off\n');
    expect(lint().stdout).toBe(fresh());
    expect(lint().stdout).not.toMatch(/duplicate-workflow-name/);
    // Another format is another record; both are kept.
    settle();
    lint();
    lint('--strict');
    expect(runsIn(path.join(dir, '.orchlintcache')).length).toBeGreaterThanOrEqual(2);
    expect(lint('--strict').stdout).toBe(fresh('--strict'));
    expect(lint().stdout).toBe(fresh());
  });

  it('lints again when a file a baseline entry names, outside the linted folder, is deleted', () => {
    const twice = `name: NAME\ndescription: d\nnodes:\n  - id: a\n    prompt: hi\n  - id: a\n    prompt: ho\n`;
    const dir = tempFiles({
      '.archon/workflows/a.yaml': twice.replace('NAME', 'one'),
      'other/.archon/workflows/x.yaml': twice.replace('NAME', 'two'),
    });
    orchlint(['--baseline', 'base.json', '--update-baseline', '.'], { cwd: dir });
    settle();
    const args = ['--cache', '--baseline', 'base.json', '--format', 'compact', '.archon'];
    orchlint(args, { cwd: dir });
    settle();
    orchlint(args, { cwd: dir });
    expect(runsIn(path.join(dir, '.orchlintcache'))).toHaveLength(1);
    rmSync(path.join(dir, 'other'), { recursive: true });
    const fresh = orchlint(args.slice(1), { cwd: dir });
    expect(fresh.stdout).toMatch(/other\/\.archon\/workflows\/x\.yaml is stale: the file no longer exists/);
    expect(orchlint(args, { cwd: dir }).stdout).toBe(fresh.stdout);
  });

  it('lints a cache file changed by anything but orchlint as no cache: no altered report, no stack trace', () => {
    const dir = project();
    settle();
    const args = ['--cache', '--format', 'compact', '.'];
    const plain = orchlint(args.slice(1), { cwd: dir });
    orchlint(args, { cwd: dir });
    settle();
    orchlint(args, { cwd: dir });
    const file = path.join(dir, '.orchlintcache');
    const stored = readFileSync(file, 'utf8');
    expect(runsIn(file)).toHaveLength(1);
    // Still JSON: a stored report changed, a run record's outputs that are no list, an entry's outcome that is no outcome.
    const edits: Array<(text: string) => string> = [
      (t) => t.replaceAll('rename one of them', 'all is well'),
      (t) => t.replace('"outputs":[]', '"outputs":{}'),
      (t) => t.replace(/"outcome":\{/g, '"outcome":{"diagnostics":7,'),
      (t) => t.slice(0, t.length / 2),
    ];
    for (const edit of edits) {
      writeFileSync(file, edit(stored));
      expect(orchlint(args, { cwd: dir })).toEqual(plain);
    }
  });

  it('lints again with another build of the same version', () => {
    const dir = project();
    settle();
    const args = ['--cache', '--format', 'compact', '.'];
    orchlint(args, { cwd: dir });
    settle();
    orchlint(args, { cwd: dir });
    expect(runsIn(path.join(dir, '.orchlintcache'))).toHaveLength(1);
    // A build whose rule words a finding otherwise, as a rebuild after an edit would.
    const rebuilt = path.join(tempFiles({}), 'bundle');
    cpSync(path.dirname(cliBin), rebuilt, { recursive: true });
    for (const name of readdirSync(rebuilt).filter((n) => n.endsWith('.js'))) {
      const file = path.join(rebuilt, name);
      const text = readFileSync(file, 'utf8');
      if (text.includes('rename one of them'))
        writeFileSync(file, text.replaceAll('rename one of them', 'rename either'));
    }
    // Its digest, as bundling writes it: the build id of a bundle (see scripts/bundle-digest.mjs).
    writeFileSync(path.join(rebuilt, BUILD_DIGEST_FILE), `${bundleDigest(rebuilt)}\n`);
    const run = (bin: string) =>
      spawnSync(process.execPath, [bin, ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const other = run(path.join(rebuilt, 'bin.js'));
    expect(other.stdout).toMatch(/rename either/);
    expect(other.stdout).not.toMatch(/rename one of them/);
    expect(run(cliBin).stdout).toMatch(/rename one of them/);
  });

  it('replays a run whose cache file and --output report, named .json, sit in the folder it walks', () => {
    const dir = project();
    settle();
    const args = [
      '--cache',
      '--cache-location',
      'cache.json',
      '--format',
      'compact',
      '--output',
      'json=report.json',
      '.',
    ];
    const plain = orchlint(args.slice(3), { cwd: dir });
    const report = readFileSync(path.join(dir, 'report.json'), 'utf8');
    orchlint(args, { cwd: dir });
    settle();
    orchlint(args, { cwd: dir });
    settle();
    const cache = path.join(dir, 'cache.json');
    const before = statSync(cache).mtimeMs;
    // A replay writes nothing: a run that lints rewrites the cache file.
    expect(orchlint(args, { cwd: dir })).toEqual(plain);
    expect(statSync(cache).mtimeMs).toBe(before);
    expect(readFileSync(path.join(dir, 'report.json'), 'utf8')).toBe(report);
  });

  it('writes the --output reports again', () => {
    const dir = project();
    settle();
    const args = ['--cache', '--output', 'sarif=out/report.sarif', '--format', 'compact', '.'];
    const first = orchlint(args, { cwd: dir });
    const report = readFileSync(path.join(dir, 'out/report.sarif'), 'utf8');
    rmSync(path.join(dir, 'out'), { recursive: true });
    const again = orchlint(args, { cwd: dir });
    expect(again.stdout).toBe(first.stdout);
    expect(readFileSync(path.join(dir, 'out/report.sarif'), 'utf8')).toBe(report);
  });

  it('trusts no stamp of a path changed within the last second: a run that read one keeps no record', () => {
    const dir = tempFiles({ 'a.yaml': 'x: 1\n' });
    const file = path.join(dir, 'a.yaml');
    expect(presence(file)).toBeUndefined();
    expect(presence(path.join(dir, 'absent.yaml'))).toBeNull();
    expect(presence(file, Date.now() + 2000)).toMatch(/^\d+:\d+:\d+:\d+$/);
    const recorder = new RunRecorder();
    recorder.note(`f:${file}`, presence(file));
    expect(recorder.record('key', 0)).toBeUndefined();
  });

  it('keeps no record of a run that saw two stamps of one path (it changed while the run read it)', () => {
    const recorder = new RunRecorder();
    recorder.note('f:/p/a.yaml', '1:2:3:4');
    recorder.note('f:/p/a.yaml', '1:2:3:4');
    expect(recorder.record('key', 0)).toBeDefined();
    recorder.note('f:/p/a.yaml', '1:2:5:6');
    expect(recorder.record('key', 0)).toBeUndefined();
  });
});
