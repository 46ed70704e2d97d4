import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { orchlint, tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';
import { repoRoot } from '../support/paths.js';

const schema = JSON.parse(readFileSync(path.join(repoRoot, 'test/support/gitlab-codequality.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

describe('--format codeclimate (GitLab Code Quality)', () => {
  const dir = tempFiles({
    'packs/support.promptpack.yaml': terminalAgentPack,
    'packs/copy.promptpack.yaml': terminalAgentPack,
    'packs/broken.promptpack.yaml': terminalAgentPack.replace('entry: triage', 'entry: nowhere'),
  });
  const run = orchlint(['--format', 'codeclimate', 'packs'], { cwd: dir });
  const issues = JSON.parse(run.stdout) as any[];
  const json = JSON.parse(orchlint(['--format', 'json', 'packs'], { cwd: dir }).stdout);

  it('is a JSON array with the fields GitLab documents as required', () => {
    expect(validate(issues), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(issues).toHaveLength(json.diagnostics.length);
    // The schema holds GitLab to its word: drop a required field or use another severity and it fails.
    expect(validate(issues.map(({ check_name: _, ...rest }) => rest))).toBe(false);
    expect(validate(issues.map((i) => ({ ...i, severity: 'warning' })))).toBe(false);
    expect(run.code).toBe(1);
  });

  it('says each finding as the JSON report does: rule, message, relative path, 1-based lines, mapped severity', () => {
    const severity: Record<string, string> = { error: 'major', warning: 'minor', info: 'info' };
    expect(
      issues.map((i) => [i.check_name, i.description, i.location.path, i.location.lines.begin, i.severity]),
    ).toEqual(json.diagnostics.map((d: any) => [d.rule, d.message, d.path, d.range.start.line, severity[d.severity]]));
    expect(issues.some((i) => i.severity === 'major')).toBe(true);
    expect(issues.find((i) => i.check_name === 'promptpack/control-agent-on-terminal')).toMatchObject({
      severity: 'minor',
      location: { path: 'packs/broken.promptpack.yaml', lines: { begin: 19 } },
    });
  });

  it('gives every finding its own fingerprint, the same in two files of the same text only by path, and stable when lines move', () => {
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const moved = tempFiles({ 'packs/support.promptpack.yaml': `# a new first line\n${terminalAgentPack}` });
    const again = JSON.parse(orchlint(['--format', 'codeclimate', 'packs'], { cwd: moved }).stdout) as any[];
    const before = issues.find(
      (i) =>
        i.location.path === 'packs/support.promptpack.yaml' && i.check_name === 'promptpack/control-agent-on-terminal',
    );
    const after = again.find((i) => i.check_name === 'promptpack/control-agent-on-terminal');
    expect(after.location.lines.begin).toBe(before.location.lines.begin + 1);
    expect(after.fingerprint).toBe(before.fingerprint);
  });

  it('is an empty array for a clean run, and can go to a file beside another report', () => {
    const clean = tempFiles({ 'good.promptpack.yaml': terminalAgentPack.replace('      control: agent\n', '') });
    const r = orchlint(['--format', 'compact', '--output', 'codeclimate=gl-code-quality-report.json', '.'], {
      cwd: clean,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(clean, 'gl-code-quality-report.json'), 'utf8'))).toEqual([]);
  });
});
