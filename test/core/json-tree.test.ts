import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isPair, isScalar, isSeq, Source, Tree } from '@orchlint/core';
import { MAX_NESTING, parseYaml } from '@orchlint/core/yaml-parse';
import { hasShared, sharedDir } from '../support/paths.js';
import { needsCorpus } from '../support/needs.js';

// The located tree of a .json file is built from jsonc-parser; every reader of it expects the tree
// yaml's parseDocument builds for the same text. These compare the two on every JSON fixture and
// corpus file, and on generated JSON laid out with arbitrary whitespace.

const root = join(import.meta.dirname, '../..');

/** Every own property of every node (class, value, range, source, type, format, spaceBefore, ...), items in order. */
function shape(node: unknown): unknown {
  if (isPair(node)) return { pair: [shape(node.key), shape(node.value)] };
  if (node === null || node === undefined) return node ?? null;
  const own: Record<string, unknown> = { class: (node as object).constructor.name };
  for (const [k, v] of Object.entries(node)) {
    if (k === 'items') own.items = (v as unknown[]).map(shape);
    // -0 and 0 differ for Object.is, as they do for a reader of the value.
    else own[k] = typeof v === 'number' && Object.is(v, -0) ? '-0' : v;
  }
  if (isMap(node) || isSeq(node)) own.schema = (node as { schema?: unknown }).schema !== undefined;
  return own;
}

function yamlReading(text: string) {
  const doc = parseYaml(text.replace(/\r(?!\n)/g, '\n'));
  return { errors: doc.errors.length, root: shape(doc.contents), value: doc.toJS() };
}

/** What the Tree of a .json file holds, and what the yaml path gives for the same text, when yaml reads it cleanly. */
function compare(text: string, path = 'x.pack.json') {
  const tree = new Tree(new Source(path, text));
  const yaml = yamlReading(text);
  return { tree, json: { root: shape(tree.root ?? null), value: tree.value }, yaml };
}

function expectSameTree(text: string, path?: string) {
  const { tree, json, yaml } = compare(text, path);
  expect(yaml.errors, 'yaml reads the text cleanly').toBe(0);
  expect(tree.diagnostics.filter((d) => d.rule !== 'core/duplicate-key')).toEqual([]);
  expect(json.root).toEqual(yaml.root);
  expect(json.value).toEqual(yaml.value);
  expect(Object.keys(json.value ?? {})).toEqual(Object.keys(yaml.value ?? {}));
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') out.push(...jsonFiles(full));
    else if (e.isFile() && e.name.endsWith('.json') && !e.name.endsWith('.expect.json')) out.push(full);
  }
  return out;
}

describe('the JSON tree is the tree yaml builds', () => {
  // The corpus sits beside the checkout (../shared); a clone without it compares the fixtures alone.
  const files = [...jsonFiles(join(root, 'fixtures')), ...(hasShared ? jsonFiles(join(sharedDir, 'corpus')) : [])];

  it('finds the JSON fixtures and corpus files', needsCorpus, () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.map((f) => [relative(root, f), f]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const { tree, json, yaml } = compare(text, file);
    const strictErrors = tree.diagnostics.filter((d) => d.rule === 'core/json-syntax');
    if (strictErrors.length || yaml.errors) return; // a broken fixture: no tree of yaml's to match
    expect(json.root).toEqual(yaml.root);
    expect(json.value).toEqual(yaml.value);
  });

  /** JSON text of a value, with arbitrary JSON whitespace (blank lines, CRLF, tabs) between tokens. */
  const spaced = fc
    .tuple(
      fc.jsonValue({ maxDepth: 4 }),
      fc.array(fc.constantFrom('', ' ', '\n', '\r\n', '\t', '\n\n', ' \n \n ', '\r', '\n\n\n'), { minLength: 64 }),
    )
    .map(([value, gaps]) => {
      let k = 0;
      const gap = () => gaps[k++ % gaps.length]!;
      const json = JSON.stringify(value, null, 1) ?? 'null';
      // Whitespace outside strings only: re-lay every run of it.
      return (
        gap() +
        json.replace(/("(?:[^"\\]|\\.)*")|[ \n]+|([,:[\]{}])/g, (_m, str, punct) =>
          str ? str : punct ? `${gap()}${punct}${gap()}` : gap(),
        ) +
        gap()
      );
    });

  it('on generated JSON with any layout', () => {
    let compared = 0;
    fc.assert(
      fc.property(spaced, (text) => {
        if (yamlReading(text).errors) return; // yaml's own limits are not this path's
        expectSameTree(text);
        compared++;
      }),
      { numRuns: 400, seed: 16 },
    );
    expect(compared).toBeGreaterThan(360);
  });

  it.each([
    [
      'escapes and surrogate pairs',
      '{"a": "\\u0000\\t\\"\\\\\\/\\b\\f\\n\\r", "e": "\\ud83d\\ude00 \\ud800", "\\u00e9": 1}\n',
    ],
    [
      'huge, negative-zero and exponent numbers',
      '[1e400, -1e400, 123456789012345678901234567890, -0, 0.10, 1E-7, 2e+3, -0.0]',
    ],
    [
      '__proto__ and other prototype names as keys',
      '{"__proto__": {"x": 1}, "constructor": 2, "toString": [], "hasOwnProperty": null}',
    ],
    ['duplicate keys, both kept in order', '{"a": 1, "b": 2, "a": 3}'],
    ['a byte order mark', '\ufeff{"a": [true, false, null]}\n'],
    ['a top-level scalar', '  "text"  \n\n'],
    ['an empty object and array', '{"o": {}, "a": [], "n": [{}, [], [[]]]}'],
    ['blank lines around keys, colons and values', '{\n\n"a"\n\n:\n\n1\n\n\n,\n\n"b":[\n\n2\n\n,\n\n3\n\n]\n\n}\n\n'],
  ])('%s', (_name, text) => expectSameTree(text));

  it('an empty or blank file: no root, a null value, no finding', () => {
    for (const text of ['', '  \n\t\r\n', '\ufeff']) {
      const tree = new Tree(new Source('x.pack.json', text));
      expect(tree.root).toBeUndefined();
      expect(tree.value).toBe(parseYaml(text).toJS());
      expect(tree.diagnostics).toEqual([]);
      expect(tree.usable && tree.clean).toBe(true);
    }
  });

  it('duplicate and __proto__ keys are reported and read as yaml reads them', () => {
    const tree = new Tree(new Source('x.pack.json', '{"__proto__": 1, "a": 2, "a": 3}'));
    expect(tree.diagnostics.map((d) => [d.rule, d.range.start.character])).toEqual([['core/duplicate-key', 25]]);
    expect(Object.getOwnPropertyDescriptor(tree.value, '__proto__')?.value).toBe(1);
    expect(Object.getPrototypeOf(tree.value)).toBe(Object.prototype);
  });

  it('nesting past the bound is one positioned finding, and the tree is not used', () => {
    const depth = MAX_NESTING + 1;
    const text = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const tree = new Tree(new Source('x.pack.json', text));
    expect(tree.diagnostics.map((d) => [d.rule, d.message, d.span.start])).toEqual([
      ['core/yaml-syntax', 'the document is nested too deeply to read (more than 256 levels); flatten it', 5 * 256],
    ]);
    expect(tree.usable).toBe(false);
    const fine = new Tree(new Source('x.pack.json', '['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING)));
    expect(fine.diagnostics).toEqual([]);
    expect(fine.usable && fine.clean).toBe(true);
  });

  it('a broken file still gets a tree, with its strict-JSON errors positioned', () => {
    const tree = new Tree(new Source('x.pack.json', '{"a": [1, 2,], "b": {"c": 1,}}'));
    expect(tree.diagnostics.map((d) => [d.rule, d.span.start])).toEqual([
      ['core/json-syntax', 11],
      ['core/json-syntax', 27],
    ]);
    expect(tree.clean).toBe(false);
    expect(isScalar(tree.get(tree.get(tree.root, 'b'), 'c'))).toBe(true);
  });
});
