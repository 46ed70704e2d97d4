import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes } from '@orchlint/core';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { orchlint, tempFiles, terminalAgentPack } from '../support/orchlint-bin.js';

const fixedYaml = terminalAgentPack.replace('      control: agent\n', '');

const jsonPack = `{
  "id": "support", "name": "Support", "version": "1.0.0",
  "template_engine": { "version": "v1", "syntax": "{{variable}}" },
  "prompts": { "done": { "id": "done", "name": "Done", "version": "1.0.0", "system_template": "Wrap up." } },
  "workflow": { "version": 2, "entry": "done", "states": {
      "done": { "prompt_task": "done", "control": "agent", "terminal": true },
      "last": { "prompt_task": "done", "terminal": true, "control": "agent" }
  } },
  "agents": { "entry": "done", "members": { "done": { "state": "last" } } }
}
`;
const fixedJson = jsonPack
  .replace(
    '"done": { "prompt_task": "done", "control": "agent", "terminal": true }',
    '"done": { "prompt_task": "done", "terminal": true }',
  )
  .replace(
    '"last": { "prompt_task": "done", "terminal": true, "control": "agent" }',
    '"last": { "prompt_task": "done", "terminal": true }',
  );

describe('--fix', () => {
  it('edits a YAML pack in place, keeping comments, quoting and layout', async () => {
    const dir = tempFiles({ 'packs/support.promptpack.yaml': terminalAgentPack });
    const r = await orchlintInProcess(['--fix', 'packs'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✔ no problems \(1 file checked\)/);
    expect(readFileSync(path.join(dir, 'packs/support.promptpack.yaml'), 'utf8')).toBe(fixedYaml);
  });

  it('edits a JSON (flow style) pack in place, keeping it valid JSON', async () => {
    const dir = tempFiles({ 'support.pack.json': jsonPack });
    const r = await orchlintInProcess(['--fix', '--format', 'compact', '.'], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    const text = readFileSync(path.join(dir, 'support.pack.json'), 'utf8');
    expect(text).toBe(fixedJson);
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it('never writes a file that does not parse', async () => {
    const broken = terminalAgentPack + 'broken: [unclosed\n';
    const dir = tempFiles({ 'b.promptpack.yaml': broken });
    const r = await orchlintInProcess(['--fix', '--format', 'compact', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/b.promptpack.yaml:19:7: warning state 'done' is terminal/);
    expect(r.stderr).toBe(
      'orchlint: b.promptpack.yaml was not fixed: it does not parse (or would not after the fix)\n',
    );
    expect(readFileSync(path.join(dir, 'b.promptpack.yaml'), 'utf8')).toBe(broken);
  });

  it('never rewrites a file that is not valid UTF-8 (its bad bytes would become U+FFFD)', async () => {
    const [before, after] = terminalAgentPack.split('Support\n');
    const bytes = Buffer.concat([Buffer.from(before!), Buffer.from([0x53, 0xff, 0x0a]), Buffer.from(after!)]);
    const dir = tempFiles({});
    writeFileSync(path.join(dir, 'b.promptpack.yaml'), bytes);
    const r = await orchlintInProcess(['--fix', '--format', 'compact', '.'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/b.promptpack.yaml:\d+:\d+: error these bytes are not valid UTF-8/);
    expect(r.stdout).toMatch(/warning state 'done' is terminal/);
    expect(r.stderr).toBe(
      'orchlint: b.promptpack.yaml was not fixed: it is not valid UTF-8, and writing it would replace those bytes\n',
    );
    expect(readFileSync(path.join(dir, 'b.promptpack.yaml'))).toEqual(bytes);
  });

  it('never rewrites a member file of a unit that is not valid UTF-8 either', async () => {
    const packet = new URL('../../fixtures/demo/packet/', import.meta.url);
    const files: Record<string, string> = {};
    for (const rel of [
      'prompt_runner_packet.md',
      'prompts/01_collect_changes.prompt.md',
      'prompts/02_publish_notes.prompt.md',
    ]) {
      files[`pk/${rel}`] = readFileSync(new URL(rel, packet), 'utf8');
    }
    const dir = tempFiles(files);
    const member = path.join(dir, 'pk/prompts/01_collect_changes.prompt.md');
    const bytes = Buffer.concat([
      readFileSync(member),
      Buffer.from('\nA stray byte: '),
      Buffer.from([0xff]),
      Buffer.from('\n'),
    ]);
    writeFileSync(member, bytes);
    const r = await orchlintInProcess(['--fix', '--format', 'compact', 'pk'], { cwd: dir });
    expect(r.stdout).toMatch(/01_collect_changes.prompt.md:\d+:\d+: warning .*\[prompt-runner\/legacy-shell-command\]/);
    expect(r.stderr).toBe(
      'orchlint: pk/prompts/01_collect_changes.prompt.md was not fixed: it is not valid UTF-8, and writing it would replace those bytes\n',
    );
    expect(readFileSync(member)).toEqual(bytes);
  });
});

describe('--fix-dry-run', () => {
  it('prints a unified diff that applies, and writes nothing', async () => {
    const dir = tempFiles({ 'packs/support.promptpack.yaml': terminalAgentPack, 'support.pack.json': jsonPack });
    const r = await orchlintInProcess(['--fix-dry-run', '--format', 'compact', '.'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '--- a/packs/support.promptpack.yaml\n+++ b/packs/support.promptpack.yaml\n@@ -16,5 +16,4 @@\n',
    );
    expect(r.stdout).toContain('\n       terminal: true\n-      control: agent\n       # trailing comment stays\n');
    expect(r.stdout).toContain('--- a/support.pack.json\n+++ b/support.pack.json\n');
    expect(readFileSync(path.join(dir, 'packs/support.promptpack.yaml'), 'utf8')).toBe(terminalAgentPack);
    const apply = spawnSync('git', ['apply', '-p1', '-'], { cwd: dir, input: r.stdout, encoding: 'utf8' });
    expect(apply.stderr).toBe('');
    expect(readFileSync(path.join(dir, 'packs/support.promptpack.yaml'), 'utf8')).toBe(fixedYaml);
    expect(readFileSync(path.join(dir, 'support.pack.json'), 'utf8')).toBe(fixedJson);
  });

  it('works on standard input; --fix itself refuses it', () => {
    const r = orchlint(['--stdin', '--stdin-filename', 'in.promptpack.yaml', '--fix-dry-run', '--format', 'compact'], {
      input: terminalAgentPack,
    });
    expect(r.stdout).toContain('--- a/in.promptpack.yaml\n+++ b/in.promptpack.yaml\n');
    const refused = orchlint(['--stdin', '--fix'], { input: terminalAgentPack });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--fix cannot write standard input; use --fix-dry-run/);
  });
});

describe('applyFixes', () => {
  const fix = (start: number, end: number, newText: string) => ({
    title: 't',
    edits: [{ span: { start, end }, newText }],
  });
  it('applies non-overlapping fixes and defers the ones that collide', () => {
    const out = applyFixes('abcdef', [fix(4, 5, 'E'), fix(0, 2, 'AB'), fix(1, 3, 'x'), fix(4, 4, '!')]);
    expect(out.text).toBe('ABcdEf');
    expect(out.applied).toHaveLength(2);
    expect(out.deferred).toHaveLength(2);
  });
});
