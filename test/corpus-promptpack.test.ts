import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintPaths, relative } from './support/lint.js';
import { hasShared, sharedDir } from './support/paths.js';

const corpus = path.join(sharedDir, 'corpus/promptpack');

interface Verdict {
  file: string;
  expect: 'no-error' | 'clean' | 'warning' | 'error';
  why: string;
}

if (!hasShared) console.log(`corpus test skipped: ${corpus} does not exist`);

describe.skipIf(!hasShared)('PromptPack corpus verdicts (EXPECTED.json)', () => {
  const verdicts: Verdict[] = hasShared ? JSON.parse(readFileSync(path.join(corpus, 'EXPECTED.json'), 'utf8')).files : [];
  for (const v of verdicts) {
    it(`${v.file}: ${v.expect}`, () => {
      const found = lintPaths([relative(path.join(corpus, v.file))], 'promptpack');
      const errors = found.filter((d) => d.severity === 'error');
      const warnings = found.filter((d) => d.severity === 'warning');
      const show = (ds: typeof found) => ds.map((d) => `${d.range.start.line + 1}: ${d.rule}: ${d.message}`);
      if (v.expect === 'error') expect(errors.length, v.why).toBeGreaterThan(0);
      else expect(show(errors), v.why).toEqual([]);
      if (v.expect === 'clean') expect(show(warnings), v.why).toEqual([]);
      if (v.expect === 'warning') expect(warnings.length, v.why).toBeGreaterThan(0);
    });
  }
});
