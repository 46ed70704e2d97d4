import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectDialect, lintFiles, walkOrder, type LintSettings } from '@orchlint/core';
import { discover, lintTargets } from '@orchlint/cli';
import { dialectById, dialects, rules } from '@orchlint/rules';
import { describe, expect, it } from 'vitest';
import { lintCase } from '../../scripts/rule-contracts.mjs';
import { firstFixtureCases } from '../support/fixture-cases.js';
import { repoRoot } from '../support/paths.js';

// The in-memory entry point (what the playground runs in the browser) against the CLI on disk:
// the same files give the same findings, to the character.

const settled = (settings: LintSettings) => () => ({ ignored: false, settings });

function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else files.set(path.relative(repoRoot, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

describe('lintFiles (files in memory) and the CLI (files on disk)', () => {
  it('lint the demo folder alike: the same files, as the same dialects, with the same findings', () => {
    const onDisk = lintTargets(discover(['fixtures/demo']), rules, { rules: {}, targets: {} });
    const inMemory = lintFiles(filesUnder(path.join(repoRoot, 'fixtures/demo')), {
      dialects,
      rules,
      settingsFor: settled({ rules: {}, targets: {} }),
    });
    expect(inMemory.files).toEqual(onDisk.files);
    expect(inMemory.diagnostics).toEqual(onDisk.diagnostics);
    expect(onDisk.diagnostics.length).toBeGreaterThan(5);
    // Each unit keeps its model, for the graph.
    expect(inMemory.units.map((u) => u.dialect?.id)).toEqual(['archon', 'prompt-runner', 'promptpack', 'promptpack']);
  });

  it("lint the first case of every rule's fixtures alike, with the rule's dialect forced as the fixture test does", () => {
    const cases = firstFixtureCases();
    expect(cases.length).toBeGreaterThan(150);
    for (const c of cases) {
      const inMemory = lintFiles(new Map(Object.entries(c.files)), {
        dialects,
        rules,
        settingsFor: settled(c.settings),
        forced: dialectById(c.dialect),
        ...(c.named ? { named: c.named } : {}),
      });
      expect(inMemory.diagnostics, c.case).toEqual(lintCase(path.join(repoRoot, c.case), { dialect: c.dialect }));
    }
  });

  it('walk files in the order a folder walk finds them, skipping what a walk skips', () => {
    expect(
      walkOrder(['b.yaml', 'a.json', 'a/z.md', 'a/b/c.yml', '.git/x.yaml', 'node_modules/p/x.json', 'x.txt', 'A.YAML']),
    ).toEqual(['A.YAML', 'a/b/c.yml', 'a/z.md', 'a.json', 'b.yaml']);
  });

  it('detect a file the way every host does: a unit first, then by its place in a project, then as a member', () => {
    expect(detectDialect(dialects, 'p/prompts/01.prompt.md', '---\ntitle: x\n---\n')).toMatchObject({
      dialect: { id: 'prompt-runner' },
      member: true,
    });
    expect(detectDialect(dialects, 'x.pack.json', '{}')?.dialect.id).toBe('promptpack');
    expect(detectDialect(dialects, 'notes.txt', 'hello')).toBeUndefined();
  });
});
