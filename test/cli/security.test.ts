import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { makeTempDir, removeDir, writeTree } from '../support/cli.js';

/**
 * The security audits as a user meets them: which findings each persona shows, the config keys that
 * choose it, SARIF's security-severity, and the `rules` listing's category.
 */
const WORKFLOW = [
  'name: triage',
  'description: Triage an issue.',
  'nodes:',
  '  - id: ask',
  '    prompt: "Pick a branch for: $ARGUMENTS"',
  '  - id: use',
  '    depends_on: [ask]',
  '    bash: |',
  '      echo "$ask.output"',
  '      git checkout $ask.output',
  '',
].join('\n');

let dir: string;
beforeAll(() => {
  dir = makeTempDir();
  writeTree(dir, {
    'a/.archon/workflows/triage.yaml': WORKFLOW,
    'b/.archon/workflows/triage.yaml': WORKFLOW,
    'b/orchlint.config.yaml': 'persona: pedantic\n',
  });
});
afterAll(() => removeDir(dir));

const rulesOf = (stdout: string): string[] =>
  (JSON.parse(stdout) as { diagnostics: Array<{ rule: string }> }).diagnostics
    .map((d) => d.rule)
    .filter((r) => /injection|agency/.test(r))
    .sort();

describe('security personas', () => {
  it('regular (the default) shows high-confidence findings only; pedantic and --min-confidence add medium', async () => {
    const regular = await orchlintInProcess(['--format', 'json', 'a'], { cwd: dir });
    expect(rulesOf(regular.stdout)).toEqual(['archon/shell-injection']);
    const pedantic = await orchlintInProcess(['--format', 'json', '--persona', 'pedantic', 'a'], { cwd: dir });
    expect(rulesOf(pedantic.stdout)).toEqual([
      'archon/excessive-agency',
      'archon/option-injection',
      'archon/shell-injection',
    ]);
    const medium = await orchlintInProcess(
      ['--format', 'json', '--persona', 'regular', '--min-confidence', 'medium', 'a'],
      {
        cwd: dir,
      },
    );
    expect(rulesOf(medium.stdout)).toEqual(rulesOf(pedantic.stdout));
  });

  it("takes the config file's persona, which a flag overrides, and --print-config says which level applies", async () => {
    const fromConfig = await orchlintInProcess(['--format', 'json', 'b'], { cwd: dir });
    expect(rulesOf(fromConfig.stdout)).toContain('archon/option-injection');
    const overridden = await orchlintInProcess(['--format', 'json', '--persona', 'regular', 'b'], { cwd: dir });
    expect(rulesOf(overridden.stdout)).toEqual(['archon/shell-injection']);
    const printed = await orchlintInProcess(['--print-config', 'b/.archon/workflows/triage.yaml'], { cwd: dir });
    expect(JSON.parse(printed.stdout).minConfidence).toBe('medium');
    // Whether the ShellCheck rules can run: the program and its version, or null when it is not installed.
    const shellcheck = JSON.parse(printed.stdout).shellcheck;
    expect(shellcheck === null || /^\d/.test(shellcheck.version)).toBe(true);
  });

  it('refuses an unknown persona with one line and exit 2', async () => {
    const bad = await orchlintInProcess(['--persona', 'paranoid', 'a'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('gives SARIF rules of the security category a security-severity and a precision', async () => {
    const sarif = await orchlintInProcess(['--format', 'sarif', '--sarif-all-rules', 'a'], { cwd: dir });
    const rules = JSON.parse(sarif.stdout).runs[0].tool.driver.rules as Array<{
      id: string;
      properties: Record<string, unknown>;
    }>;
    const audit = rules.find((r) => r.id === 'archon/shell-injection')!;
    expect(audit.properties).toMatchObject({ 'security-severity': '8.1', precision: 'high' });
    expect(audit.properties.tags).toContain('security');
    expect(rules.find((r) => r.id === 'archon/option-injection')!.properties['security-severity']).toBe('5.3');
    expect(rules.find((r) => r.id === 'archon/schema')!.properties['security-severity']).toBeUndefined();
  });

  it('lists the security category and confidence in `orchlint rules`', async () => {
    const json = JSON.parse((await orchlintInProcess(['rules', '--format', 'json'])).stdout) as Array<
      Record<string, string>
    >;
    expect(json.find((r) => r.id === 'archon/shell-injection')).toMatchObject({
      category: 'security',
      confidence: 'high',
    });
    expect(json.find((r) => r.id === 'archon/schema')).toMatchObject({ category: 'correctness' });
    const text = (await orchlintInProcess(['rules'])).stdout;
    const lines = text.split('\n');
    expect(lines[lines.findIndex((l) => l.startsWith('archon/option-injection ')) + 1]).toMatch(
      / · security audit, medium confidence · basis: /,
    );
  });
});
