import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  casesOf,
  checkable,
  lintCase,
  renderCaseOutput,
  rules,
  SIDECAR,
  sidecarOf,
} from '../../scripts/rule-contracts.mjs';
import { needsShellCheck } from '../support/needs.js';
import { expectedFindings, relative } from '../support/lint.js';

/** Every file of a case (a file, or a folder such as a packet) with the findings it expects. */
function expectationsOf(casePath: string) {
  const files = statSync(casePath).isDirectory() ? walk(casePath) : [casePath];
  const expected: Array<{ rule: string; line: number; file: string }> = [];
  for (const file of files) {
    if (SIDECAR.test(file)) continue;
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

interface Found {
  rule: string;
  severity: string;
  message: string;
  path: string;
  range: { start: { line: number } };
}

// One table over every fixture: fixtures/<dialect>/<rule>/{invalid,valid}-*. The `# expect: RULE`
// markers (or a JSON case's `.expect.json`) say which lines must report; `<case>.output.txt` holds the
// exact findings of the rule and of core/* (and, for a fixable rule, the fixed text), written by
// `pnpm docs:update`: other rules' findings stay out of it, so a new rule rewrites only its own.
describe('rule fixtures', () => {
  for (const rule of rules) {
    const cases = casesOf(rule);
    if (!cases.length) continue;
    describe(rule.id, needsShellCheck(checkable(rule)), () => {
      for (const casePath of cases) {
        const c = path.basename(casePath);
        it(c, () => {
          const found = lintCase(casePath, rule) as Found[];
          // A did-you-mean names its candidate, never an empty one.
          expect(found.filter((d) => d.message.includes('?;')).map((d) => d.message)).toEqual([]);
          const mine = found
            .filter((d) => d.rule === rule.id)
            .map((d) => ({ line: d.range.start.line + 1, file: d.path }));
          if (c.startsWith('valid-')) {
            expect(mine).toEqual([]);
            expect(found.filter((d) => d.severity === 'error' && d.rule.startsWith('core/'))).toEqual([]);
          } else {
            expect(c, 'a case is named invalid-* or valid-*').toMatch(/^invalid-/);
            const expected = expectationsOf(casePath).filter((e) => e.rule === rule.id);
            expect(expected.length, `${c} states no '# expect: ${rule.id}' line`).toBeGreaterThan(0);
            const key = (e: { line: number; file: string }) => `${e.file}:${e.line}`;
            expect([...new Set(mine.map(key))].sort()).toEqual([...new Set(expected.map(key))].sort());
          }
          const outputFile = sidecarOf(casePath, '.output.txt');
          expect(existsSync(outputFile), `${relative(outputFile)} is missing: run pnpm docs:update`).toBe(true);
          expect(
            renderCaseOutput(casePath, rule, found),
            `${relative(outputFile)} is out of date: run pnpm docs:update`,
          ).toBe(readFileSync(outputFile, 'utf8'));
        });
      }
    });
  }
});
