// A big YAML file parsed in pieces (core's parseYamlInPieces) against a whole parse of the same
// text: on every YAML file of the fixtures and the corpus, edited at random, and on short documents
// of the constructs YAML reads by context under every small edit, each cut into pieces of many
// sizes. Where it answers, nodes, offsets, comments and the document's own range are what a whole
// parse gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import { Source, Tree } from '@orchlint/core';
import { firstDifference, parseYaml } from '@orchlint/core/yaml-parse';
import { PIECE_THRESHOLD, parseYamlInPieces } from '@orchlint/core/yaml-pieces';
import { hasShared, repoRoot, sharedDir } from '../support/paths.js';
import { dataFiles, edit, random, shape, TRICKY, TYPED } from '../support/yaml-texts.js';

const SIZES = [1, 5, 40, 300];

/** Blank lines and comments where pieces meet, after each kind of node that may take them in. */
const SEAMS = [
  // What a review's fuzzing found: tabs in blank and comment lines, a flow key after an item (an
  // error only in context), a byte order mark, an explicit key with no value, last comments.
  'a: 1\n\t\nb: 2\n',
  'a: 1\n  \t\nb: 2\n',
  'a: 1\n\t# c\nb: 2\n',
  'x y:\n\t\nnull:\n',
  'x:\n  a: 1\n  [b]: 2\n',
  '- a: 1\n  [b]: 2\n',
  'x:\n  a: 1\n  {b: 1}: 2\n',
  '\uFEFFa:\n b: 1\n',
  '- - ? b\n  - c\n',
  'x:\n  y:\n    ? b\n  c: 1\n',
  'a:\n  b: 1\n  c: 2\n  # c\n',
  '- - a\n  - b\n  # c\n',
  '  - -\n    - w\n  #',
  'a:\n  b:\n    c: 1\n    d: 2\n  # z\n',
  'a: x\n\n# c\nb: y\n\n\n  # d\nc:\n  - 1\n\n  # e\n  - 2\n# f\n\n  - 3\n',
  'a: |+\n  x\n\nb: >-\n  y\n\n\nc:\n\nd: ""\n\ne:\n  -\n\n  - f\n  # g\n\n',
  'k:\n  a: 1\n    # deeper\n  b: 2\n# zero\n  c: 3\n\n# last\n',
  '- a: 1\n\n  b: "q"\n\n- - x\n\n  - y\n# end\n',
];

/**
 * A document's value as JSON, or its text printed again, or else the error that gives: a random edit
 * can put an alias before its anchor, which the parse accepts and both conversions refuse.
 */
function jsOf(doc: Document.Parsed, as: 'json' | 'text' = 'json'): string {
  try {
    return as === 'json' ? JSON.stringify(doc.toJS()) : String(doc);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

/** Whether the pieces agree with a whole parse; counts how many answers came in more than one piece. */
function check(text: string, sizes: readonly number[], counts: { answered: number; cut: number }): void {
  let whole: Document.Parsed | undefined;
  for (const size of sizes) {
    const pieces = parseYamlInPieces(text, size);
    if (!pieces) continue;
    whole ??= parseYaml(text);
    const label = `${JSON.stringify(text.slice(0, 200))} in pieces of ${size}`;
    counts.answered++;
    if (pieces.pieces > 1) {
      counts.cut++;
      expect(whole.errors, label).toEqual([]);
    }
    expect(shape(pieces.doc.contents), label).toEqual(shape(whole.contents));
    expect(jsOf(pieces.doc), label).toBe(jsOf(whole));
    // The text it prints again holds every comment and blank line where it was.
    if (!whole.errors.length) expect(jsOf(pieces.doc, 'text'), label).toBe(jsOf(whole, 'text'));
    expect([pieces.doc.range, pieces.doc.comment, pieces.doc.commentBefore], label).toEqual([
      whole.range,
      whole.comment,
      whole.commentBefore,
    ]);
  }
}

describe('a YAML text parsed in pieces', { timeout: 240_000 }, () => {
  const dirs = [path.join(repoRoot, 'fixtures'), ...(hasShared ? [path.join(sharedDir, 'corpus')] : [])];
  const files = dirs.flatMap(dataFiles).filter((f) => /\.ya?ml$/.test(f));

  it('gives what a whole parse gives, on every YAML file and random edits of each', () => {
    const counts = { answered: 0, cut: 0 };
    files.forEach((file, index) => {
      const next = random(index + 7);
      let text = readFileSync(file, 'utf8');
      for (let round = 0; round < 6; round++) {
        check(text, SIZES, counts);
        text = edit(text, next);
      }
    });
    // Many are cut, at the smaller sizes at least (a random edit often breaks the file, and a
    // broken file is parsed whole).
    expect(counts.cut).toBeGreaterThan(files.length * 2);
  });

  it('gives what a whole parse gives under every small edit at every offset of tricky documents', () => {
    const counts = { answered: 0, cut: 0 };
    for (const text of [...TRICKY, ...SEAMS]) {
      for (let at = 0; at <= text.length; at++) {
        for (const typed of TYPED) check(text.slice(0, at) + typed + text.slice(at), [1, 9], counts);
        check(text.slice(0, at) + text.slice(at + 1), [1, 9], counts);
      }
    }
    for (const text of SEAMS) for (let size = 1; size < 14; size++) check(text, [size], counts);
    expect(counts.cut).toBeGreaterThan(250);
  });

  it('is what a Tree of a text past the threshold is built from: the same values, findings and positions', () => {
    // A workflow as big as the threshold and a bit, in the shapes a pack has.
    const states: string[] = [];
    for (let s = 0, length = 0; length < PIECE_THRESHOLD; s++, length += states.at(-1)!.length)
      states.push(
        `    s${s}:\n      prompt_task: p${s % 7}\n      description: |\n        Step ${s}.\n\n        # not a comment\n` +
          `      on_event:\n        Next: s${s + 1} # a comment\n      tags:\n      - a\n      - { b: ${s} }\n`,
      );
    const text = `# a pack\nid: big\nworkflow:\n  entry: s0\n  states:\n${states.join('')}  version: 2\nprompts: {}\n# the end\n`;
    const pieces = parseYamlInPieces(text);
    expect(pieces?.pieces).toBeGreaterThan(PIECE_THRESHOLD / 50_000);
    // Few pieces are cut inside a block scalar and parsed again.
    expect(pieces!.parses / pieces!.pieces).toBeLessThan(1.2);
    const tree = new Tree(new Source('big.promptpack.yaml', text));
    const whole = parseYaml(text);
    expect(firstDifference(tree.root, whole.contents)).toBeUndefined();
    // Compared as text: a deep comparison of this much data is slow.
    expect(JSON.stringify(tree.value)).toBe(JSON.stringify(whole.toJS()));
    expect(tree.clean).toBe(true);
  });

  it('cuts a pack of long block scalars between its prompts, seldom inside one', () => {
    const template =
      '      Read the {{topic}} request, check each fact against the sources, and answer plainly.\n'.repeat(60);
    const prompts = Array.from(
      { length: 400 },
      (_, i) => `  p${i}:\n    id: p${i}\n    system_template: |\n${template}`,
    );
    const text = `id: big\nprompts:\n${prompts.join('')}`;
    const pieces = parseYamlInPieces(text, 16_000);
    expect(pieces!.pieces).toBeGreaterThan(text.length / 32_000);
    expect(pieces!.parses / pieces!.pieces).toBeLessThan(1.2);
    expect(firstDifference(pieces!.doc.contents, parseYaml(text).contents)).toBeUndefined();
  });
});
