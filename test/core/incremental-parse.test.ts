// The incremental re-parse (core's reparseYaml) against a full parse of the same text, on every
// YAML and JSON file of the corpus and the fixtures (but the JSON Schemas of over 40 KB), under
// thousands of seeded random edits, and under every small edit at every offset of short documents
// made of what YAML reads by context: where it answers, its nodes must be what a full parse gives,
// offsets included.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Source, Tree } from '@orchlint/core';
import { parseYaml, reparseYaml } from '@orchlint/core/yaml-parse';
import { hasShared, repoRoot, sharedDir } from '../support/paths.js';
import { dataFiles, edit, random, shape, TRICKY, TYPED } from '../support/yaml-texts.js';

// Every fixture and corpus file, edited many times: several seconds alone, several times that on a
// loaded two-core machine; the default 30 s would make it fail by load, not by a wrong parse.
describe('incremental re-parse', { timeout: 240_000 }, () => {
  const dirs = [path.join(repoRoot, 'fixtures'), ...(hasShared ? [path.join(sharedDir, 'corpus')] : [])];
  const files = dirs.flatMap(dataFiles);
  // Edits on edits of each file; test/fuzz/reparse.test.ts generates documents and edits besides.
  const ROUNDS = 8;

  it('gives what a full parse gives under random edits of every YAML file, each tree built from the one before: nodes, values, findings and positions', () => {
    let reused = 0;
    let tried = 0;
    files.forEach((file, index) => {
      const next = random(index + 1);
      let previous = new Source('f.yaml', readFileSync(file, 'utf8'));
      new Tree(previous);
      for (let round = 0; round < ROUNDS; round++) {
        const source = new Source('f.yaml', edit(previous.text, next));
        const full = new Tree(new Source('f.yaml', source.text));
        const basis = previous.parseBasis;
        if (basis) {
          tried++;
          const root = reparseYaml(basis, source.text);
          if (root) {
            reused++;
            expect(parseYaml(source.text).errors, `${file} round ${round}: reused a parse of text with errors`).toEqual(
              [],
            );
            expect(shape(root), `${file} round ${round}`).toEqual(shape(full.root));
          }
        }
        // As in an editor: this version's tree starts from the last one's parse where it can.
        source.reparseFrom = basis;
        const incremental = new Tree(source);
        expect(shape(incremental.root), `${file} round ${round}`).toEqual(shape(full.root));
        expect(incremental.value).toEqual(full.value);
        expect(incremental.diagnostics).toEqual(full.diagnostics);
        expect([incremental.clean, incremental.usable]).toEqual([full.clean, full.usable]);
        previous = source;
      }
    });
    // Many random edits break the file (and a broken file offers no basis); of the rest, most go the short way.
    expect(tried).toBeGreaterThan(files.length * 2);
    expect(reused / tried).toBeGreaterThan(0.4);
  });
});

describe('incremental re-parse, every small edit at every offset', { timeout: 240_000 }, () => {
  it('gives what a full parse gives, and leaves its basis as it was', () => {
    let reused = 0;
    for (const text of TRICKY) {
      const basis = new Tree(new Source('f.yaml', text)).basis!;
      expect(basis, text).toBeDefined();
      const before = JSON.stringify(shape(basis.root));
      for (let at = 0; at <= text.length; at++) {
        const edits = [
          ...TYPED.map((typed) => text.slice(0, at) + typed + text.slice(at)),
          text.slice(0, at) + text.slice(at + 1),
          text.slice(0, at) + text.slice(at + 3),
        ];
        for (const changed of edits) {
          const root = reparseYaml(basis, changed);
          if (!root) continue;
          reused++;
          const full = parseYaml(changed);
          expect(full.errors, JSON.stringify(changed)).toEqual([]);
          expect(shape(root), JSON.stringify(changed)).toEqual(shape(full.contents));
        }
      }
      expect(JSON.stringify(shape(basis.root)), text).toBe(before);
    }
    expect(reused).toBeGreaterThan(2000);
  });

  it('typing a line in one character at a time, then deleting it, each tree built from the one before', () => {
    let steps = 0;
    for (const text of TRICKY) {
      const lines = text.split('\n');
      for (let l = 0; l < lines.length; l++) {
        const before = lines.slice(0, l).join('\n') + (l ? '\n' : '');
        const line = `${lines[l]}\n`;
        const after = lines.slice(l + 1).join('\n');
        let previous = new Source('f.yaml', before + after);
        new Tree(previous);
        const lengths = [...Array(line.length).keys()].map((k) => k + 1);
        for (const k of [...lengths, ...lengths.reverse().slice(1), 0]) {
          const source = new Source('f.yaml', before + line.slice(0, k) + after);
          source.reparseFrom = previous.parseBasis;
          const tree = new Tree(source);
          const full = new Tree(new Source('f.yaml', source.text));
          expect(shape(tree.root), JSON.stringify(source.text)).toEqual(shape(full.root));
          expect(tree.value).toEqual(full.value);
          expect(tree.diagnostics).toEqual(full.diagnostics);
          previous = source;
          steps++;
        }
      }
    }
    expect(steps).toBeGreaterThan(800);
  });
});
