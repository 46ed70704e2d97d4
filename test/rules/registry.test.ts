import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  casesOf,
  docPathOf,
  examplesUnder,
  lintCase,
  lintExample,
  repoRoot,
  rules,
} from '../../scripts/rule-contracts.mjs';

const rulesDir = path.join(repoRoot, 'rules');
const dialectFolders = readdirSync(rulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !['dist', 'node_modules'].includes(e.name))
  .map((e) => e.name);
const ruleFiles = dialectFolders.flatMap((dialect) =>
  readdirSync(path.join(rulesDir, dialect))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => ({ dialect, name: f.slice(0, -3) })),
);

interface Found {
  rule: string;
  fix?: unknown;
}

describe('rule registry', () => {
  it('finds the rule files', () => {
    expect(ruleFiles.length).toBeGreaterThan(100);
  });
  for (const { dialect, name } of ruleFiles) {
    const id = `${dialect}/${name}`;
    describe(id, () => {
      it('is registered under the id its file names', async () => {
        const built = path.join(rulesDir, 'dist', dialect, `${name}.js`);
        const mod = (await import(pathToFileURL(built).href)) as { default: { id: string } };
        expect(mod.default.id).toBe(id);
        // A dialect's index may wrap a rule's check (Archon's keeps workflow rules off stub fixtures); the rest is the file's own.
        const registered = rules.find((r: { id: string }) => r.id === id);
        expect(registered, `${id} is not in rules/${dialect}/index.ts`).toBeDefined();
        const { check: _registered, ...meta } = registered;
        const { check: _own, ...own } = mod.default as { check: unknown };
        expect(meta).toEqual(own);
      });
      it('has its doc', () => {
        expect(existsSync(path.join(rulesDir, dialect, `${name}.md`))).toBe(true);
      });
      it('has at least one fixture', () => {
        const rule = rules.find((r: { id: string }) => r.id === id);
        const count = rule ? casesOf(rule).length : 0;
        expect(count, `${id} has no fixture in fixtures/${dialect}/${name}/`).toBeGreaterThan(0);
      });
    });
  }

  // `fixable` is what the listings, SARIF and the doc header say; it must match what the rule does
  // on its fixtures and doc examples.
  for (const rule of rules) {
    it(`${rule.id}: 'fixable' matches whether it reports a fix`, () => {
      const found: Found[] = casesOf(rule).flatMap((c: string) => lintCase(c, rule) as Found[]);
      const doc = readFileSync(docPathOf(rule), 'utf8');
      for (const section of doc.split(/^## /m).filter((s) => /^(Bad|Good)\b/.test(s))) {
        const blocks = examplesUnder(section, rule.id);
        if (blocks.length) found.push(...(lintExample(blocks, rule).diagnostics as Found[]));
      }
      const fixes = found.some((d) => d.rule === rule.id && d.fix);
      expect(
        fixes,
        rule.fixable ? 'fixable, but no case shows a fix' : 'reports a fix, but is not marked fixable',
      ).toBe(Boolean(rule.fixable));
    });
  }
});
