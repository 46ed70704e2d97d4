import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixUnit, lintTargets } from '@orchlint/cli';
import { defaultSettings } from '@orchlint/core';
import { rules } from '@orchlint/rules';
import { repoRoot } from '../support/paths.js';
import { lintMemory } from '../support/lint.js';

/** Each input the fuzz test (fuzz.test.ts) found failing an invariant, kept as a case that must hold. */
const found: Array<[string, string, string, string]> = [
  [
    'a yaml error on the virtual token after the end of the text',
    'promptpack',
    'p.promptpack.yaml',
    'id: { b: tria{\u001b[31mge }, c: d } # x\n',
  ],
];

describe('fuzz findings', () => {
  it.each(found)('%s', (_name, dialect, file, text) => {
    const diagnostics = lintMemory({ [file]: text }, dialect);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.filter((d) => d.rule === 'core/internal-error')).toEqual([]);
    for (const d of diagnostics) {
      expect(d.span.end).toBeLessThanOrEqual(text.length);
      expect(d.span.start).toBeLessThanOrEqual(d.span.end);
    }
  });
});

describe('fuzz findings about --fix', () => {
  it('a BOM that hides front matter which does not parse: removing it would expose the error, so no fix is offered and --fix leaves the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-fuzz-'));
    try {
      const fixture = path.join(repoRoot, 'fixtures/prompt-runner/front-matter-line-endings/invalid-bom');
      cpSync(fixture, dir, { recursive: true });
      const prompt = path.join(dir, 'prompts/01_write.prompt.md');
      const broken =
        '\uFEFF---\nid: "01"\ntargets: ["app"]\nverify:\n  files_exist: ["NOTES.md"]\n  comm\u0000ands:\n    - exec: "test"\n      args: ["-f", "NOTES.md"]\n      a__proto__: {a: 1}\nrgs: ["-f", "NOTES.md"]\n      timeout_ms: 60000\n---\n# Write notes\n\nCreate `NOTES.md`.\n';
      writeFileSync(prompt, broken);
      const target = { file: path.join(dir, 'prompt_runner_packet.md'), explicit: true, root: dir };
      const run = lintTargets([target], rules, defaultSettings);
      const finding = run.diagnostics.find((d) => d.rule === 'prompt-runner/front-matter-line-endings');
      expect(finding?.fix).toBeUndefined();
      expect(finding?.message).toContain('it does not parse cleanly once it is read');
      const fixed = fixUnit(
        target,
        { file: target.file, files: run.files, diagnostics: run.diagnostics },
        rules,
        defaultSettings,
      );
      expect(fixed.changes.size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
