import { describe, expect, it, vi } from 'vitest';
import { isMap, scalarValue, Source, spanOfNode, stringValue, Tree, type TreeNode } from '../src/index.js';

const treeOf = (text: string, path = 'doc.yaml') => new Tree(new Source(path, text));
const textOf = (tree: Tree, node: TreeNode | undefined) => {
  const span = spanOfNode(node!);
  return tree.source.text.slice(span.start, span.end);
};

describe('Tree', () => {
  it('keeps every node at its offsets in the file', () => {
    const text = 'id: demo\nprompts:\n  triage:\n    tools: [lookup, refund]\n';
    const tree = treeOf(text);
    const tools = tree.get(tree.get(tree.get(tree.root, 'prompts'), 'triage'), 'tools');
    expect(textOf(tree, tools)).toBe('[lookup, refund]');
    expect(tree.items(tools).map((n) => spanOfNode(n).start)).toEqual([text.indexOf('lookup'), text.indexOf('refund')]);
    expect(tree.value).toEqual({ id: 'demo', prompts: { triage: { tools: ['lookup', 'refund'] } } });
    expect(tree.clean && tree.usable).toBe(true);
    expect(tree.diagnostics).toEqual([]);
  });

  it('reads JSON with the same API, keys located with their quotes', () => {
    const text = '{\n  "workflow": { "entry": "start", "states": { "start": {} } }\n}\n';
    const tree = treeOf(text, 'p.pack.json');
    const entry = tree.entry(tree.get(tree.root, 'workflow'), 'entry')!;
    expect(textOf(tree, entry.keyNode)).toBe('"entry"');
    expect(stringValue(entry.value)).toBe('start');
    expect(tree.entries(tree.get(tree.get(tree.root, 'workflow'), 'states')).map((e) => e.key)).toEqual(['start']);
  });

  it('a front-matter region keeps absolute offsets and ignores the rest of the file', () => {
    const text = '---\nid: intro\nname: Intro\n---\n# Body\nid: not front matter\n';
    const region = { start: 4, end: text.indexOf('---', 4) };
    const tree = new Tree(new Source('prompts/01.prompt.md', text), region);
    expect(tree.value).toEqual({ id: 'intro', name: 'Intro' });
    expect(spanOfNode(tree.entry(tree.root, 'name')!.keyNode).start).toBe(text.indexOf('name'));
    expect(tree.diagnostics).toEqual([]);

    const broken = '---\nid: intro\nname: [oops\n---\nbody\n';
    const bad = new Tree(new Source('p.md', broken), { start: 4, end: broken.indexOf('---', 4) });
    expect(bad.diagnostics.map((d) => [d.rule, d.range.start.line])).toEqual([['core/yaml-syntax', 2]]);
  });

  it('resolves aliases to their anchors wherever the API goes through them', () => {
    const text = 'defaults: &d\n  model: fast\n  retries: 2\nprompts:\n  a: *d\nnames: &n [x, y]\nuses: *n\n';
    const tree = treeOf(text);
    const a = tree.get(tree.get(tree.root, 'prompts'), 'a');
    expect(isMap(a)).toBe(true);
    expect(tree.entries(a).map((e) => e.key)).toEqual(['model', 'retries']);
    const model = tree.get(a, 'model');
    expect(scalarValue(model)).toBe('fast');
    // The node is the anchored one, so findings land where the value is written.
    expect(spanOfNode(model!).start).toBe(text.indexOf('fast'));
    expect(tree.items(tree.get(tree.root, 'uses')).map(scalarValue)).toEqual(['x', 'y']);
    expect(tree.nodeAt(['prompts', 'a', 'retries']).node).toBe(tree.get(tree.get(tree.root, 'defaults'), 'retries'));
    expect(tree.value).toMatchObject({ prompts: { a: { model: 'fast', retries: 2 } }, uses: ['x', 'y'] });
  });

  it('nodeAt follows data paths through mappings and sequences, with the last key node', () => {
    const text = 'workflow:\n  states:\n    triage:\n      on_event: { Done: end }\nsteps:\n  - id: one\n  - id: two\n';
    const tree = treeOf(text);
    const found = tree.nodeAt(['workflow', 'states', 'triage', 'on_event', 'Done']);
    expect(scalarValue(found.node)).toBe('end');
    expect(textOf(tree, found.keyNode)).toBe('Done');
    expect(scalarValue(tree.nodeAt(['steps', 1, 'id']).node)).toBe('two');
    expect(scalarValue(tree.nodeAt(['steps', '0', 'id']).node)).toBe('one');
    expect(tree.nodeAt(['steps', 1]).keyNode).toBeUndefined();
    expect(tree.nodeAt(['workflow', 'missing', 'deeper'])).toEqual({ node: undefined });
    expect(tree.nodeAt([]).node).toBe(tree.root);
  });

  it('a key with an empty value holds a null scalar, and the key node is found', () => {
    const tree = treeOf('workflow:\nid: x\n');
    const found = tree.nodeAt(['workflow']);
    expect(scalarValue(found.node)).toBeNull();
    expect(textOf(tree, found.keyNode)).toBe('workflow');
    expect(tree.value).toEqual({ workflow: null, id: 'x' });
  });

  it('entries, items and get answer empty for the wrong kind of node', () => {
    const tree = treeOf('list: [a]\nmap: { k: v }\n');
    expect(tree.entries(tree.get(tree.root, 'list'))).toEqual([]);
    expect(tree.items(tree.get(tree.root, 'map'))).toEqual([]);
    expect(tree.get(undefined, 'k')).toBeUndefined();
    expect(tree.entry(tree.root, 'absent')).toBeUndefined();
  });

  it('spanOfNode of a pair runs from the key to the end of the value', () => {
    const text = 'a: 1\nlong: [x, y]\n';
    const tree = treeOf(text);
    const { pair } = tree.entry(tree.root, 'long')!;
    const span = spanOfNode(pair);
    expect(text.slice(span.start, span.end)).toBe('long: [x, y]');
  });

  it('a syntax error leaves a usable but unclean tree, so rules run and the schema check does not', () => {
    const tree = treeOf('id: x\nname: [unclosed\nother: 1\n');
    expect(tree.usable).toBe(true);
    expect(tree.clean).toBe(false);
    expect(tree.diagnostics).toHaveLength(1);
    expect(tree.diagnostics[0]).toMatchObject({
      rule: 'core/yaml-syntax',
      range: { start: { line: 1, character: 6 } },
    });
    expect(tree.diagnostics[0]!.related?.[0]?.range.start.line).toBe(2);
  });

  it('reports a duplicate key at the second key, the first as related, and keeps the tree clean', () => {
    const text = 'states:\n  a: 1\n  b: 2\n  a: 3\n';
    const tree = treeOf(text);
    expect(tree.diagnostics).toHaveLength(1);
    const [d] = tree.diagnostics;
    expect(d).toMatchObject({
      rule: 'core/duplicate-key',
      severity: 'error',
      span: { start: text.lastIndexOf('a:'), end: text.lastIndexOf('a:') + 1 },
    });
    expect(d!.message).toContain("duplicate key 'a'");
    expect(d!.related?.[0]?.span.start).toBe(text.indexOf('a:'));
    expect(tree.clean).toBe(true);
  });

  it('keys are duplicates when yaml reads them as equal: 1 and "1" are different keys, "a" and a the same', () => {
    expect(treeOf('1: x\n"1": y\n').diagnostics).toEqual([]);
    expect(treeOf('{"a": 1, a: 2}').diagnostics.map((d) => d.rule)).toEqual(['core/duplicate-key']);
    expect(treeOf('outer:\n  x: 1\ninner:\n  x: 2\n').diagnostics).toEqual([]);
  });

  it('finds duplicate keys in one pass: a mapping of 60,000 keys', { timeout: 20_000 }, () => {
    const n = 60_000;
    const text = Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n') + '\nk7: again\n';
    const tree = treeOf(text);
    expect(tree.diagnostics.map((d) => [d.rule, d.range.start.line])).toEqual([['core/duplicate-key', n]]);
  });

  it('stops an alias bomb with one finding and no value', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const tree = treeOf(lines.join('\n'));
    expect(tree.usable).toBe(false);
    expect(tree.value).toBeUndefined();
    expect(tree.diagnostics).toHaveLength(1);
    expect(tree.diagnostics[0]!.message).toMatch(/alias/);
  });

  it('reports an alias that names no anchor before it at the alias, not as an alias bomb', () => {
    const tree = treeOf('a: 1\nb: *v\nc: &v 2\n');
    expect(tree.usable).toBe(false);
    expect(tree.diagnostics.map((d) => [d.rule, d.span.start, d.message])).toEqual([
      [
        'core/yaml-syntax',
        8,
        'the alias *v names no anchor &v before it, so the document cannot be read; define the anchor before the alias, or write the value out',
      ],
    ]);
  });

  it('reports a document nested too deeply once, and does not use it', () => {
    const tree = treeOf('['.repeat(50_000) + ']'.repeat(50_000));
    expect(tree.usable).toBe(false);
    expect(tree.diagnostics.map((d) => [d.message, d.span.start])).toEqual([
      ['the document is nested too deeply to read (more than 256 levels); flatten it', 256],
    ]);
  });

  it('reads a lone CR as a line break, as YAML 1.2 does', () => {
    const tree = treeOf('id: x\rname: y\r');
    expect(tree.diagnostics).toEqual([]);
    expect(tree.value).toEqual({ id: 'x', name: 'y' });
  });
});

describe('Tree and the process', () => {
  it('never prints the yaml package warnings (a collection used as a key) on stderr', () => {
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const tree = new Tree(new Source('k.yaml', '? [a, b]\n: 1\nid: x\n'));
      expect(tree.value).toBeDefined();
      expect(emit).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      emit.mockRestore();
      warn.mockRestore();
    }
  });
});
