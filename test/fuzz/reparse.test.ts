// The editor's incremental re-parse (core's reparseYaml, which the language server starts from the
// last lint's parse) against a whole parse, on generated YAML documents (yaml-structure.ts) under
// generated edits, each version's tree built from the one before, as while someone types: where
// the re-parse answers, its nodes (offsets included) are what a whole parse gives, and a tree built
// with it has the same value, findings and state as one parsed whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Source, Tree } from '@orchlint/core';
import { parseYaml, reparseYaml } from '@orchlint/core/yaml-parse';
import { shape } from '../support/yaml-texts.js';
import { budget } from './inputs.js';
import { applyEdit, textEdit, yamlText } from './yaml-structure.js';

describe('the incremental re-parse on generated YAML', () => {
  it('answers as a whole parse does, or declines', () => {
    const runs = budget(300);
    let answered = 0;
    let asked = 0;
    fc.assert(
      fc.property(yamlText, fc.array(textEdit, { minLength: 1, maxLength: 5 }), (text, edits) => {
        let previous = new Source('f.yaml', text);
        new Tree(previous);
        for (const e of edits) {
          const source = new Source('f.yaml', applyEdit(previous.text, e));
          const basis = previous.parseBasis;
          if (basis) {
            asked++;
            const root = reparseYaml(basis, source.text);
            if (root) {
              answered++;
              const whole = parseYaml(source.text);
              expect(whole.errors, 'a re-parse answered for a text that does not parse').toEqual([]);
              expect(shape(root)).toEqual(shape(whole.contents));
            }
          }
          source.reparseFrom = basis;
          const tree = new Tree(source);
          const full = new Tree(new Source('f.yaml', source.text));
          expect(shape(tree.root)).toEqual(shape(full.root));
          expect(tree.value).toEqual(full.value);
          expect(tree.diagnostics).toEqual(full.diagnostics);
          expect([tree.clean, tree.usable]).toEqual([full.clean, full.usable]);
          previous = source;
        }
      }),
      runs,
    );
    // Most generated documents offer a basis, and of the edits on them many go the short way.
    expect(asked).toBeGreaterThan(runs.numRuns / 3);
    expect(answered).toBeGreaterThan(asked / 10);
  }, 600_000);

  it('the generator writes what it says: each construct, and texts that parse', () => {
    const texts = fc.sample(yamlText, { numRuns: 400, seed: 1 });
    const all = texts.join('\n');
    for (const construct of [
      /: \|[-+]?$/m,
      /: >[-+]?$/m,
      /&a\d/,
      /\*a\d/,
      /^ *- /m,
      /\{[^}]*: /,
      /\[/,
      /^---$/m,
      /^ *# note$/m,
      /# t$/m,
      /'.*''s'/,
      /\\u00e9/,
    ])
      expect(all, String(construct)).toMatch(construct);
    expect(texts.some((t) => t.includes('\r\n'))).toBe(true);
    expect(texts.some((t) => t.startsWith('\uFEFF'))).toBe(true);
    // Column 0 to 10, so at, below and above every indentation the documents use.
    for (let column = 0; column <= 10; column++)
      expect(all.includes(`\n${' '.repeat(column)}# note`), `a comment at column ${column}`).toBe(true);
    const clean = texts.filter((t) => new Tree(new Source('f.yaml', t)).clean).length;
    expect(clean / texts.length).toBeGreaterThan(0.3);
  });
});
