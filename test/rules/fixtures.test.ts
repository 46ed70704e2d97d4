import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@orchlint/core';
import { rules } from '@orchlint/rules';
import { expectedFindings, lintPaths, relative } from '../support/lint.js';
import { repoRoot } from '../support/paths.js';

const fixturesDir = path.join(repoRoot, 'fixtures');

/** Every file of a case (a file, or a folder such as a packet) with the findings it expects. */
function expectationsOf(casePath: string) {
  const files = statSync(casePath).isDirectory() ? walk(casePath) : [casePath];
  const expected: Array<{ rule: string; line: number; file: string }> = [];
  for (const file of files) {
    if (/\.(expect|settings)\.json$/.test(file)) continue;
    const sidecar = file.replace(/\.[^.]+$/, '.expect.json');
    if (existsSync(sidecar)) {
      for (const e of JSON.parse(readFileSync(sidecar, 'utf8')) as Array<{ rule: string; line: number }>) {
        expected.push({ ...e, file: relative(file) });
      }
    } else {
      expected.push(...expectedFindings(readFileSync(file, 'utf8'), relative(file)));
    }
  }
  return expected;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('rule fixtures', () => {
  for (const rule of rules) {
    const [dialect, name] = rule.id.split('/') as [string, string];
    const dir = path.join(fixturesDir, dialect, name);
    describe(rule.id, () => {
      const cases = existsSync(dir) ? readdirSync(dir).filter((f) => !/\.(expect|settings)\.json$/.test(f)) : [];
      it('has at least one invalid and one valid case', () => {
        expect(cases.some((c) => c.startsWith('invalid-'))).toBe(true);
        expect(cases.some((c) => c.startsWith('valid-'))).toBe(true);
      });
      for (const c of cases) {
        const casePath = path.join(dir, c);
        it(c, () => {
          // A case may pin version targets (say, a runtime) in a sibling `<case>.settings.json`: { "targets": {…} }.
          const settingsFile = casePath.replace(/(\.[^./]+)?$/, '.settings.json');
          const settings = existsSync(settingsFile) ? { ...defaultSettings, ...JSON.parse(readFileSync(settingsFile, 'utf8')) } : defaultSettings;
          const found = lintPaths([relative(casePath)], dialect, settings);
          const mine = found.filter((d) => d.rule === rule.id).map((d) => ({ rule: d.rule, line: d.range.start.line + 1, file: d.path }));
          if (c.startsWith('valid-')) {
            expect(mine).toEqual([]);
            expect(found.filter((d) => d.severity === 'error' && d.rule.startsWith('core/'))).toEqual([]);
          } else {
            const expected = expectationsOf(casePath).filter((e) => e.rule === rule.id);
            expect(expected.length, `${c} states no '# expect: ${rule.id}' line`).toBeGreaterThan(0);
            const key = (e: { line: number; file: string }) => `${e.file}:${e.line}`;
            expect([...new Set(mine.map(key))].sort()).toEqual([...new Set(expected.map(key))].sort());
          }
        });
      }
    });
  }
});
