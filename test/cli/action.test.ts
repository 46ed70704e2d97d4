import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sealed } from '@orchlint/node-cache';
import { tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { repoRoot } from '../support/paths.js';
import { sarifValidator } from '../support/sarif.js';

interface Step {
  id?: string;
  shell?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

const action = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
};

/** What a runner puts in the contexts the action's steps read (beside `inputs`). */
interface Runner {
  actionPath: string;
  runnerTemp: string;
  github?: Record<string, string>;
  /** The job's matrix values; none outside a matrix. */
  matrix?: Record<string, string>;
}

/** `${{ inputs.x }}`, `${{ github.x }}`, `${{ runner.temp }}` and `${{ toJSON(matrix) }}` as the runner expands them. */
function expand(text: string, inputs: Record<string, string>, runner: Runner): string {
  return text
    .replace(/\$\{\{\s*toJSON\(matrix\)\s*\}\}/g, () => JSON.stringify(runner.matrix ?? null, null, 2))
    .replace(/\$\{\{\s*(inputs|github|runner)\.([\w-]+)\s*\}\}/g, (_, context: string, name: string) => {
      if (context === 'inputs') return inputs[name] ?? action.inputs[name]?.default ?? '';
      if (context === 'runner' && name === 'temp') return runner.runnerTemp;
      if (context === 'github' && name === 'action_path') return runner.actionPath;
      return (context === 'github' ? runner.github?.[name] : undefined) ?? '';
    });
}

/**
 * Runs one of the action's `run` steps (the lint step by default) as a runner would: the step's `env`
 * with the inputs expanded (so the inputs arrive as INPUT_* variables), GITHUB_* variables naming
 * temporary paths, `bash -e` in the workspace. `actionPath`: the action's checkout (this one).
 */
function runAction(
  workspace: string,
  inputs: Record<string, string> = {},
  { step: id = 'lint', ...given }: Partial<Runner> & { step?: string } = {},
) {
  const step = action.runs.steps.find((s) => s.id === id)!;
  const outputFile = path.join(workspace, '..', `${path.basename(workspace)}-output`);
  const runner: Runner = {
    actionPath: repoRoot,
    runnerTemp: path.join(workspace, '..', `${path.basename(workspace)}-runner-temp`),
    ...given,
  };
  writeFileSync(outputFile, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: runner.actionPath,
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_RUN_ID: runner.github?.run_id ?? '1',
    GITHUB_RUN_ATTEMPT: runner.github?.run_attempt ?? '1',
    RUNNER_OS: 'Linux',
    RUNNER_TEMP: runner.runnerTemp,
  };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, inputs, runner);
  const r = spawnSync('bash', ['-e', '-c', expand(step.run!, inputs, runner)], {
    cwd: workspace,
    env,
    encoding: 'utf8',
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, outputs, runnerTemp: runner.runnerTemp };
}

describe('the GitHub Action (action.yml)', () => {
  it('is a composite action whose first step bundles the CLI in the action checkout when bundle/ is absent', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['cache', 'format', 'paths', 'sarif-file', 'strict']);
    const bundle = action.runs.steps[0]!;
    expect(bundle['working-directory']).toBe('${{ github.action_path }}');
    expect(bundle.run).toMatch(/test -f bundle\/bin\.js \|\| npm install/);
    expect(action.runs.steps.find((step) => step.id === 'lint')!.env).toHaveProperty('INPUT_SARIF-FILE');
  });

  const workspace = tempFiles({
    'packs/support.promptpack.yaml': terminalAgentPack,
    'packs/broken.promptpack.yaml': terminalAgentPack.replace('entry: triage', 'entry: nowhere'),
    'other/clean.promptpack.yaml': terminalAgentPack.replace('      control: agent\n', ''),
  });

  it('annotates each finding (github format) and writes the SARIF file; an error fails the step', () => {
    const r = runAction(workspace, { paths: 'packs', 'sarif-file': 'reports/orchlint.sarif' });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=packs\/broken\.promptpack\.yaml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=promptpack\/[\w-]+::/m,
    );
    expect(r.stdout).toMatch(
      /^::warning file=packs\/support\.promptpack\.yaml,line=19,col=7,endLine=19,endColumn=14,title=promptpack\/control-agent-on-terminal::state 'done' is terminal/m,
    );
    expect(r.stdout).not.toMatch(/other\//);
    expect(r.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'reports/orchlint.sarif' });

    const sarif = JSON.parse(readFileSync(path.join(workspace, 'reports/orchlint.sarif'), 'utf8'));
    const annotations = r.stdout.split('\n').filter((l) => /^::(error|warning|notice) /.test(l));
    expect(sarif.runs[0].results).toHaveLength(annotations.length);
    expect(sarif.runs[0].results.map((x: any) => x.locations[0].physicalLocation.artifactLocation.uri)).toContain(
      'packs/support.promptpack.yaml',
    );
    const validate = sarifValidator();
    if (validate) expect(validate(sarif), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('takes several paths, and strict makes warnings fail the step', () => {
    const relaxed = runAction(workspace, { paths: 'other\npacks/support.promptpack.yaml' });
    expect(relaxed.code).toBe(0);
    expect(relaxed.stdout).toMatch(/^::warning file=packs\/support\.promptpack\.yaml,/m);
    expect(relaxed.outputs).toEqual({ 'exit-code': '0' });
    expect(existsSync(path.join(workspace, 'orchlint.sarif'))).toBe(false);
    const strict = runAction(workspace, { paths: 'other packs/support.promptpack.yaml', strict: 'true' });
    expect(strict.code).toBe(1);
  });

  it('passes the format through, and lints the workspace by default', () => {
    const r = runAction(workspace, { format: 'compact', paths: '' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^packs\/support\.promptpack\.yaml:19:7: warning /m);
  });

  it('keeps its cache, with cache: true, in the folder it restores from and saves to actions/cache', () => {
    const steps = action.runs.steps;
    const [name, restore, lint, save] = [
      steps.findIndex((s) => s.id === 'cache-key'),
      steps.findIndex((s) => s.uses?.startsWith('actions/cache/restore@')),
      steps.findIndex((s) => s.id === 'lint'),
      steps.findIndex((s) => s.uses?.startsWith('actions/cache/save@')),
    ];
    expect([0 < name, name < restore, restore < lint, lint < save]).toEqual([true, true, true, true]);
    // One folder and one key for both, each step only with cache: true; the save also after a failed lint.
    expect(steps[restore]!.with!.path).toBe(steps[lint]!.env!.ORCHLINT_CACHE_DIR);
    expect(steps[save]!.with!.path).toBe(steps[restore]!.with!.path);
    expect(steps[restore]!.with!.key).toBe('${{ steps.cache-key.outputs.key }}');
    expect(steps[save]!.with!.key).toBe(steps[restore]!.with!.key);
    expect(steps[restore]!.with!['restore-keys']).toBe('${{ steps.cache-key.outputs.prefix }}');
    for (const step of [name, restore]) expect(steps[step]!.if).toBe("inputs.cache == 'true'");
    expect(steps[save]!.if).toMatch(/^always\(\) && inputs\.cache == 'true' && /);
  });

  it("names the cache by the job, its matrix leg's values and the paths, whatever the workflow's name", () => {
    const checkout = tempFiles({ 'a.txt': '' });
    const keyOf = (inputs: Record<string, string>, github: Record<string, string>, matrix?: Record<string, string>) => {
      const r = runAction(
        checkout,
        { cache: 'true', ...inputs },
        { step: 'cache-key', github, ...(matrix ? { matrix } : {}) },
      );
      expect(r.code, r.stderr).toBe(0);
      return r.outputs as { prefix: string; key: string };
    };
    const run = { workflow: 'CI, lint', job: 'lint', run_id: '42', run_attempt: '2' };
    const first = keyOf({}, run);
    // actions/cache refuses a comma in a key; a run's key is new, its prefix is the job's.
    expect(first.prefix).toMatch(/^orchlint-Linux-[0-9a-f]{16}-$/);
    expect(first.key).toBe(`${first.prefix}42-2`);
    expect(keyOf({}, { ...run, run_id: '43' }).prefix).toBe(first.prefix);
    const others = [
      keyOf({}, { ...run, job: 'check' }),
      keyOf({}, run, { os: 'ubuntu-latest' }),
      keyOf({}, run, { os: 'macos-latest' }),
      keyOf({ paths: 'packs' }, run),
      keyOf({}, { ...run, workflow: 'CI' }),
    ];
    expect(new Set([first, ...others].map((k) => k.prefix)).size).toBe(others.length + 1);
  });

  it('with cache: true, lints a new checkout of unchanged files from the cache of an earlier job', () => {
    const checkout = tempFiles({
      'packs/support.promptpack.yaml': terminalAgentPack,
      'packs/clean.promptpack.yaml': terminalAgentPack.replace('      control: agent\n', ''),
    });
    const first = runAction(checkout, { cache: 'true', format: 'compact' });
    expect(first.code, first.stderr).toBe(0);
    const cacheFile = path.join(first.runnerTemp, 'orchlint-cache', 'orchlint.cache');
    expect(existsSync(cacheFile)).toBe(true);
    expect(existsSync(path.join(checkout, '.orchlintcache'))).toBe(false);
    // Mark the stored message; a checkout gives every file a new time, so only the entries (by content) can hold.
    const [runs, entries] = readFileSync(cacheFile, 'utf8').split('\n') as [string, string];
    const marked = entries
      .slice(entries.indexOf(' ') + 1)
      .replace("state 'done' is terminal", "CACHED state 'done' is terminal");
    writeFileSync(cacheFile, `${runs}\n${sealed(marked)}`);
    const later = new Date(Date.now() + 5000);
    for (const f of ['packs/support.promptpack.yaml', 'packs/clean.promptpack.yaml'])
      utimesSync(path.join(checkout, f), later, later);
    // The next job bundles the action again (its npm install): every file of the bundle is new, its content the same.
    const rebundled = tempFiles({});
    cpSync(path.join(repoRoot, 'bundle'), path.join(rebundled, 'bundle'), { recursive: true });
    cpSync(path.join(repoRoot, 'scripts'), path.join(rebundled, 'scripts'), { recursive: true });
    const second = runAction(checkout, { cache: 'true', format: 'compact' }, { actionPath: rebundled });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout.replace("state 'done' is terminal", "CACHED state 'done' is terminal"));
    // A changed file is linted again.
    writeFileSync(path.join(checkout, 'packs/support.promptpack.yaml'), `${terminalAgentPack}\n`);
    expect(runAction(checkout, { cache: 'true', format: 'compact' }).stdout).toBe(first.stdout);
  });

  it('stops with one ::error line and exit 2 on a bad input', () => {
    const badStrict = runAction(workspace, { strict: 'yes' });
    expect(badStrict.code).toBe(2);
    expect(badStrict.stdout).toBe("::error title=orchlint::input 'strict' must be true or false, not 'yes'\n");
    const badFormat = runAction(workspace, { format: 'xml' });
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/unknown format 'xml'/);
    expect(badFormat.stdout).toMatch(/^::error title=orchlint::orchlint stopped with exit code 2/m);
    expect(badFormat.outputs).toEqual({ 'exit-code': '2' });
  });
});
