import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchlint, tempFiles } from '../support/orchlint-bin.js';
import { repoRoot } from '../support/paths.js';
import { makeTempDir, removeDir, runCli, writeTree } from '../support/cli.js';
import { lintMemory } from '../support/lint.js';
import { cleanPackJson } from '../support/packs.js';

/**
 * A .json file is read as strict JSON (RFC 8259), as the runtimes that load packs read it: what
 * YAML would let through is a positioned core/json-syntax error worded for JSON.
 */
const lintPack = (text: string) => lintMemory({ 'pack.json': text }, 'promptpack');
const syntax = (text: string) =>
  lintPack(text)
    .filter((d) => d.rule === 'core/json-syntax')
    .map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1, message: d.message }));
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('strict JSON', () => {
  it('passes the clean pack', () => {
    expect(lintPack(cleanPackJson).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it.each([
    [
      'a trailing comma in an object',
      (t: string) => t.replace('"syntax": "{{variable}}"', '"syntax": "{{variable}}",'),
      '"syntax"',
      "trailing comma after the last property of 'template_engine'; remove it",
    ],
    [
      'a trailing comma in an array',
      (t: string) => t.replace('"lookup_order"\n      ]', '"lookup_order",\n      ]'),
      '"lookup_order",\n      ]',
      "trailing comma after the last item of 'tools'; remove it",
    ],
    [
      'a comment',
      (t: string) => t.replace('  "id": "order-help",', '  // the id\n  "id": "order-help",'),
      '// the id',
      'JSON has no comments; remove this one',
    ],
    [
      'single quotes',
      (t: string) => t.replace('"name": "Order help"', '\'name\': "Order help"'),
      "'name'",
      `JSON strings use double quotes; write "name" instead of 'name'`,
    ],
    [
      'an unquoted key',
      (t: string) => t.replace('"name": "Order help"', 'name: "Order help"'),
      'name: "Order',
      'property names in JSON are double-quoted strings; write "name"',
    ],
    [
      'NaN',
      (t: string) => t.replace('"version": 1', '"version": NaN'),
      '"version": NaN',
      'NaN is not a JSON value; use a number, or null',
    ],
  ])('%s is a core/json-syntax error on its line', (_name, edit, needle, message) => {
    const text = edit(cleanPackJson);
    expect(text).not.toBe(cleanPackJson);
    const found = syntax(text);
    expect(found.map((f) => f.message)).toContain(message);
    expect(found.find((f) => f.message === message)!.line).toBe(lineOf(text, needle));
    expect(lintPack(text).some((d) => d.rule === 'core/yaml-syntax')).toBe(false);
  });

  it('names each of several mistakes once, not their echoes', () => {
    const text = '{\n  "a": [1, 2,],\n  // note\n  b: 1,\n}\n';
    const found = lintMemory({ 'x.pack.json': text }, 'promptpack').filter((d) => d.rule === 'core/json-syntax');
    expect(found.map((d) => d.range.start.line + 1)).toEqual([2, 3, 4, 4]);
  });

  it('points an unclosed bracket at where it opens', () => {
    const found = syntax('{\n  "a": [1,\n  2\n}\n');
    expect(found).toContainEqual({ line: 2, column: 8, message: "this '[' is never closed; add the matching ']'" });
  });

  it('reads the JSON config file strictly too: a trailing comma is a config error, exit 2', async () => {
    const dir = makeTempDir();
    try {
      writeTree(dir, { 'orchlint.config.json': '{\n  "rules": {},\n}\n', 'a.pack.json': cleanPackJson });
      const result = await runCli(['a.pack.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('orchlint.config.json:2:14');
      expect(result.stderr).toContain('trailing comma after the last property of the top-level object');
    } finally {
      removeDir(dir);
    }
  });
});

describe('a JSON syntax error is a syntax error wherever orchlint reports one', () => {
  // research.pack.json has a workflow, so there is a graph to draw and an agent cycle to report.
  const demo = readFileSync(path.join(repoRoot, 'fixtures/demo/research.pack.json'), 'utf8');
  const broken = demo.replace('"PlanReady": "research" }', '"PlanReady": "research", }');

  it('graph warns on stderr that the graph shows only what parsed', () => {
    expect(broken).not.toBe(demo);
    const dir = tempFiles({ 'r.pack.json': broken });
    const r = orchlint(['graph', 'r.pack.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^orchlint: warning: r\.pack\.json has a syntax error at line 17 \(trailing comma/);
  });

  it('stylish prints it first and marks the later findings as possible consequences', () => {
    const dir = tempFiles({ 'r.pack.json': broken });
    const lines = orchlint(['r.pack.json'], { cwd: dir })
      .stdout.split('\n')
      .filter((l) => /^r\.pack\.json:\d+:\d+ /.test(l) || l.includes('consequences'));
    expect(lines[0]).toMatch(/^r\.pack\.json:17:\d+ .*\[core\/json-syntax\]$/);
    expect(lines[1]).toBe('  (the findings below may be consequences of the syntax error above: fix it first)');
    expect(lines[2]).toMatch(/^r\.pack\.json:18:7 .*\[promptpack\/agent-cycle-without-exit\]$/);
  });
});
