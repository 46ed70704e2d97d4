import { describe, expect, it } from 'vitest';
import { entryRemovalSpan, keyOf, Source, Tree } from '../src/index.js';

/** The span entryRemovalSpan gives for the entry at a path of keys (and sequence indexes). */
function spanOf(text: string, path: string[]) {
  const tree = new Tree(new Source('f', text));
  let node = tree.root;
  let entry: ReturnType<Tree['entry']>;
  for (const step of path) {
    if (/^\d+$/.test(step)) node = tree.items(node)[Number(step)];
    else {
      entry = tree.entry(node, step);
      node = entry?.value;
    }
  }
  return entryRemovalSpan(tree, { value: undefined, key: keyOf(entry!), node: entry!.value! });
}

/** Removes the entry at a key path with entryRemovalSpan and returns the new text. */
function remove(text: string, path: string[]): string {
  const span = spanOf(text, path);
  expect(span, 'a span to remove').toBeDefined();
  return text.slice(0, span!.start) + text.slice(span!.end);
}

/** The result must still parse cleanly, as strict JSON too when the input was JSON. */
function expectValid(text: string, json: boolean): void {
  expect(new Tree(new Source('f', text)).diagnostics).toEqual([]);
  if (json) expect(() => JSON.parse(text)).not.toThrow();
}

describe('entryRemovalSpan', () => {
  it.each([
    ['a middle entry', 'a: 1\nb: 2\nc: 3\n', ['b'], 'a: 1\nc: 3\n'],
    ['the last entry without a final newline', 'a: 1\nb: 2', ['b'], 'a: 1\n'],
    ['an entry with a trailing comment', 'a: 1\nb: 2  # why\nc: 3\n', ['b'], 'a: 1\nc: 3\n'],
    [
      'a nested entry',
      'state:\n  terminal: true\n  control: agent\nnext: 1\n',
      ['state', 'control'],
      'state:\n  terminal: true\nnext: 1\n',
    ],
    ['an entry whose value spans lines', 'a: 1\nb:\n  x: 1\n  y: 2\nc: 3\n', ['b'], 'a: 1\nc: 3\n'],
    ['CRLF lines', 'a: 1\r\nb: 2\r\nc: 3\r\n', ['b'], 'a: 1\r\nc: 3\r\n'],
  ])('block style, %s: the whole line goes', (_name, text, path, expected) => {
    const out = remove(text, path);
    expect(out).toBe(expected);
    expectValid(out, false);
  });

  it.each([
    ['the middle member', '{"a": 1, "b": 2, "c": 3}', ['b'], '{"a": 1, "c": 3}'],
    ['the first member', '{"a": 1, "b": 2, "c": 3}', ['a'], '{"b": 2, "c": 3}'],
    ['the last member', '{"a": 1, "b": 2, "c": 3}', ['c'], '{"a": 1, "b": 2}'],
    ['the only member', '{"only": 1}', ['only'], '{}'],
    [
      'a YAML flow mapping',
      'state: { terminal: true, control: agent }\n',
      ['state', 'control'],
      'state: { terminal: true }\n',
    ],
  ])('flow style on one line, %s: with one adjoining comma', (_name, text, path, expected) => {
    const out = remove(text, path);
    expect(out).toBe(expected);
    expectValid(out, text.startsWith('{'));
  });

  const pretty = '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}\n';
  it.each([
    ['the first member', ['a'], '{\n  "b": 2,\n  "c": 3\n}\n'],
    ['a middle member', ['b'], '{\n  "a": 1,\n  "c": 3\n}\n'],
    ['the last member, taking the comma before it', ['c'], '{\n  "a": 1,\n  "b": 2\n}\n'],
  ])('pretty JSON, %s: its line goes and the JSON stays valid', (_name, path, expected) => {
    const out = remove(pretty, path);
    expect(out).toBe(expected);
    expectValid(out, true);
  });

  it('pretty JSON, nested last member (control after terminal)', () => {
    const text = '{\n  "states": {\n    "done": {\n      "terminal": true,\n      "control": "agent"\n    }\n  }\n}\n';
    const out = remove(text, ['states', 'done', 'control']);
    expect(out).toBe('{\n  "states": {\n    "done": {\n      "terminal": true\n    }\n  }\n}\n');
    expectValid(out, true);
  });
});

describe('entryRemovalSpan declines what a deletion cannot remove cleanly', () => {
  it.each([
    ['an anchor before the key', 'a: 1\n&k b: 2\nc: 3\n', ['b']],
    ['a tag before the key', 'a: 1\n!!str b: 2\nc: 3\n', ['b']],
    ['an explicit key', 'a: 1\n? b\n: 2\nc: 3\n', ['b']],
    ['the first key of a sequence item', 'items:\n  - b: 2\n    c: 3\n', ['items', '0', 'b']],
    ['an anchor in the value that an alias elsewhere names', 'a: 1\nb: &v {x: 1}\nc: *v\n', ['b']],
    ['a flow entry behind a comment', 's: { a: 1, # why\n  b: 2 }\n', ['s', 'b']],
  ])('%s', (_name, text, path) => {
    expect(new Tree(new Source('f', text)).diagnostics).toEqual([]);
    expect(spanOf(text, path)).toBeUndefined();
  });

  it('removes an entry whose value is an alias where the alias is written, not where its anchor is', () => {
    const text = 'a: &v 1\nb: *v\nc: 3\n';
    expect(remove(text, ['b'])).toBe('a: &v 1\nc: 3\n');
    expect(spanOf('a: &v 1\nb: 2\n', ['a'])).toBeDefined();
  });
});
