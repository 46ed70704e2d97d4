import { afterAll, beforeAll, expect, it } from 'vitest';
import { lineOf, makeTempDir, removeDir, runCli, writeTree } from '../support/cli.js';
import { cleanPack, cleanPackJson } from '../support/packs.js';

/**
 * The acceptance check: `orchlint lint --format json` on a pack whose `on_event` names a
 * state that does not exist reports a promptpack/… error on the line of that target, in YAML and JSON.
 */
const yamlPack = cleanPack.replace('        Asked: answer\n', '        Asked: answer\n        Escalated: supervisor\n');
const jsonPack = cleanPackJson.replace('"Asked": "answer"', '"Asked": "answer",\n          "Escalated": "supervisor"');

let dir: string;
beforeAll(() => {
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

it('reports an unknown on_event target as a promptpack/ error on the line of that target', async () => {
  writeTree(dir, { 'support.promptpack.yaml': yamlPack, 'support.pack.json': jsonPack });
  const r = await runCli(['lint', '--format', 'json', 'support.promptpack.yaml', 'support.pack.json'], { cwd: dir });
  const report = JSON.parse(r.stdout) as {
    diagnostics: Array<{ path: string; rule: string; severity: string; range: { start: { line: number } } }>;
  };
  for (const [file, text] of [
    ['support.promptpack.yaml', yamlPack],
    ['support.pack.json', jsonPack],
  ] as const) {
    const line = lineOf(text, 'supervisor');
    const onTarget = report.diagnostics.filter(
      (d) =>
        d.path === file && d.rule.startsWith('promptpack/') && d.severity === 'error' && d.range.start.line === line,
    );
    expect(onTarget, `${file}: no promptpack/ error on line ${line}`).not.toEqual([]);
  }
  expect(r.code).toBe(1);
});
