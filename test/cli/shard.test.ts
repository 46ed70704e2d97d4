import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { hasShared, repoRoot, sharedDir } from '../support/paths.js';

const run = (args: string[]) => orchlintInProcess(args);

// Each N costs a whole lint of the target and N walks of it: two shards, an odd count and more
// shards than some folders hold units for the fixtures (the edge cases), three for the corpus. One
// shard, the whole run, is checked on the demo files below.
const targets: Array<[string, number[]]> = [
  [path.relative(repoRoot, path.join(repoRoot, 'fixtures')), [2, 3, 7]],
  ...(hasShared ? [[path.relative(repoRoot, path.join(sharedDir, 'corpus')), [3]] as [string, number[]]] : []),
];

describe('--shard i/N and merge-reports', () => {
  for (const [target, counts] of targets) {
    it(`split ${target} into N = ${counts.join(', ')} shards whose merged JSON and SARIF reports are the unsharded run's, with its exit code`, {
      timeout: 600_000,
    }, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-shard-'));
      const whole = await run([
        '--concurrency',
        'off',
        '--format',
        'json',
        '--output',
        `sarif=${dir}/whole.sarif`,
        target,
      ]);
      expect(whole.code).toBe(1);
      const wholeFiles: string[] = JSON.parse(whole.stdout).files.map((f: { path: string }) => f.path);
      expect(wholeFiles.length).toBeGreaterThan(50);
      for (const n of counts) {
        const json: string[] = [];
        const sarif: string[] = [];
        const seen: string[] = [];
        for (let i = 1; i <= n; i++) {
          const shard = await run([
            '--concurrency',
            'off',
            '--shard',
            `${i}/${n}`,
            '--format',
            'json',
            '--output',
            `sarif=${dir}/${i}.sarif`,
            target,
          ]);
          expect(shard.stderr).toBe('');
          writeFileSync((json[i - 1] = `${dir}/${i}.json`), shard.stdout);
          sarif.push(`${dir}/${i}.sarif`);
          seen.push(...JSON.parse(shard.stdout).files.map((f: { path: string }) => f.path));
        }
        // Every file is linted by exactly one shard.
        expect([...seen].sort()).toEqual([...wholeFiles].sort());
        const mergedJson = await run(['merge-reports', ...json.reverse()]);
        expect(mergedJson.code).toBe(whole.code);
        expect(mergedJson.stdout).toBe(whole.stdout);
        const mergedSarif = await run(['merge-reports', ...sarif]);
        expect(mergedSarif.code).toBe(whole.code);
        expect(mergedSarif.stdout).toBe(readFileSync(`${dir}/whole.sarif`, 'utf8'));
      }
    });
  }

  it("merges in the run order where it is not path order: a packet's prompts as it orders them, `a-b` before `a/b` in findings", async () => {
    const packet = 'fixtures/prompt-runner/prompt-id-filename-mismatch/valid-normalized-forms';
    const from = (f: string) => readFileSync(path.join(repoRoot, packet, f), 'utf8');
    const dir = tempFiles({
      'a-b.promptpack.yaml': terminalAgentPack,
      'a/b.promptpack.yaml': terminalAgentPack,
      'a/c.promptpack.yaml': terminalAgentPack,
      'p/prompt_runner_packet.md': from('prompt_runner_packet.md'),
      'p/prompts/01_write.prompt.md': from('prompts/01_write.prompt.md'),
      'p/prompts/002_more.prompt.md': from('prompts/002_more.prompt.md'),
      'p/prompts.promptpack.yaml': terminalAgentPack,
      'q.promptpack.yaml': terminalAgentPack,
    });
    const whole = (await run(['--format', 'json', dir])).stdout;
    const files = JSON.parse(whole).files.map((f: { path: string }) => path.relative(dir, f.path));
    expect(files.indexOf('p/prompts/01_write.prompt.md')).toBeLessThan(files.indexOf('p/prompts/002_more.prompt.md'));
    const out = mkdtempSync(path.join(tmpdir(), 'orchlint-merge-'));
    for (let n = 2; n <= 5; n++) {
      const shards = [];
      for (let i = 1; i <= n; i++) {
        writeFileSync(`${out}/${i}.json`, (await run(['--shard', `${i}/${n}`, '--format', 'json', dir])).stdout);
        shards.push(`${out}/${i}.json`);
      }
      expect((await run(['merge-reports', ...shards])).stdout).toBe(whole);
    }
  });

  it('merge-reports exits as the unsharded run would under --strict and --max-warnings, and writes --output', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-merge-'));
    // The demo files have warnings and no error, so each flag changes the exit code.
    const target = 'fixtures/demo';
    const shards = [];
    for (let i = 1; i <= 3; i++) {
      const r = await run(['--shard', `${i}/3`, '--format', 'json', '--output', `json=${dir}/${i}.json`, target]);
      expect(r.stderr).toBe('');
      shards.push(`${dir}/${i}.json`);
    }
    const codes = [];
    for (const flags of [[], ['--strict'], ['--max-warnings', '0'], ['--max-warnings', '100000']]) {
      const whole = await run([...flags, '--format', 'json', target]);
      const merged = await run(['merge-reports', ...flags, '--output', `${dir}/merged.json`, ...shards]);
      expect(merged.stdout).toBe('');
      expect(merged.code).toBe(whole.code);
      expect(readFileSync(`${dir}/merged.json`, 'utf8')).toBe(whole.stdout);
      codes.push(merged.code);
    }
    expect(codes).toEqual([0, 1, 1, 0]);
  });

  it('a shard whose share of a named folder is empty writes its empty report and exits 0, not "nothing to lint"', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-shard-'));
    // fixtures/demo holds fewer units than shards: some shard gets none of them.
    const codes = [];
    for (let i = 1; i <= 8; i++) {
      const r = await run([
        '--shard',
        `${i}/8`,
        '--format',
        'json',
        '--output',
        `json=${dir}/${i}.json`,
        'fixtures/demo',
      ]);
      expect(r.stderr).toBe('');
      codes.push(r.code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const shards = Array.from({ length: 8 }, (_, i) => `${dir}/${i + 1}.json`);
    const merged = await run(['merge-reports', ...shards]);
    const whole = (await run(['--format', 'json', 'fixtures/demo'])).stdout;
    expect(merged.stdout).toBe(whole);
    // One shard is the whole run, and merging its one report gives it back.
    await run(['--shard', '1/1', '--output', `json=${dir}/one.json`, 'fixtures/demo']);
    expect(readFileSync(`${dir}/one.json`, 'utf8')).toBe(whole);
    expect((await run(['merge-reports', `${dir}/one.json`])).stdout).toBe(whole);
  });

  it('leaves out the findings on config entries that do nothing across a folder: only an unsharded run judges them', async () => {
    const cwd = tempFiles({
      'orchlint.config.yaml':
        'ignore:\n  - paths: ["nothing/**"]\n    rules: ["promptpack/control-agent-on-terminal"]\n',
      'packs/a.promptpack.yaml': terminalAgentPack,
      'packs/b.promptpack.yaml': terminalAgentPack,
      'packs/c.promptpack.yaml': terminalAgentPack,
    });
    const out = mkdtempSync(path.join(tmpdir(), 'orchlint-shard-'));
    const whole = JSON.parse((await orchlintInProcess(['--format', 'json', '.'], { cwd })).stdout);
    const unused = whole.diagnostics.filter((d: { rule: string }) => d.rule === 'core/unused-suppression');
    expect(unused).toHaveLength(1);
    const shards = [1, 2].map((i) => `${out}/${i}.json`);
    for (const [i, file] of shards.entries())
      await orchlintInProcess(['--shard', `${i + 1}/2`, '--output', `json=${file}`, '.'], { cwd });
    const merged = JSON.parse((await orchlintInProcess(['merge-reports', ...shards], { cwd })).stdout);
    expect(merged).toEqual({
      ...whole,
      diagnostics: whole.diagnostics.filter((d: { rule: string }) => d.rule !== 'core/unused-suppression'),
      summary: { ...whole.summary, warnings: whole.summary.warnings - 1 },
    });
  });

  it('refuses a bad --shard, mixed or unreadable reports, and --shard with --stdin or --update-baseline, with one line and exit 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-merge-'));
    writeFileSync(`${dir}/a.json`, (await run(['--format', 'json', 'fixtures/promptpack'])).stdout);
    writeFileSync(`${dir}/a.sarif`, (await run(['--format', 'sarif', 'fixtures/promptpack'])).stdout);
    writeFileSync(`${dir}/other.json`, '{"hello": 1}');
    const cases: Array<[string[], RegExp]> = [
      [['--shard', '0/3', 'fixtures'], /--shard.*expected i\/N with 1 ≤ i ≤ N/],
      [['--shard', '4/3', 'fixtures'], /expected i\/N/],
      [['--shard', 'half', 'fixtures'], /expected i\/N/],
      [['--shard', '1/2', '--stdin'], /--shard .* does not go with --stdin/],
      [
        ['--shard', '1/2', '--baseline', `${dir}/b.json`, '--update-baseline', 'fixtures'],
        /does not go with --update-baseline/,
      ],
      [['merge-reports', `${dir}/a.json`, `${dir}/a.sarif`], /all JSON or all SARIF/],
      [['merge-reports', `${dir}/other.json`], /is not an orchlint JSON or SARIF report/],
      [['merge-reports', `${dir}/missing.json`], /cannot read the report/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
