import { describe, expect, it } from 'vitest';
import { fieldMap, fieldsOf, memoized, Source, spanOf, spanOfNode, Tree } from '../src/index.js';

const treeOf = (text: string) => new Tree(new Source('doc.yaml', text));

describe('model vocabulary', () => {
  it('holds each key of a mapping as a located string with its value, type and size', () => {
    const text = 'base: &b {a: 1}\nname: demo\nlist: [1, 2.5]\ncopy: *b\nnone:\n';
    const tree = treeOf(text);
    const fields = fieldsOf(tree, tree.root);
    expect(fields.map((f) => f.key.value)).toEqual(['base', 'name', 'list', 'copy', 'none']);
    expect(fields.map((f) => f.type)).toEqual(['object', 'string', 'array', 'object', 'null']);
    expect(fields.map((f) => f.value)).toEqual([undefined, 'demo', undefined, undefined, null]);
    expect(fields.map((f) => f.size)).toEqual([1, undefined, 2, 1, undefined]);
    // The key is where the name is written; an alias's value is its anchor's node.
    expect(spanOfNode(fields[1]!.key.node).start).toBe(text.indexOf('name'));
    expect(fields[3]!.node).toBe(fields[0]!.node);
    expect(fieldsOf(tree, fields[2]!.node)).toEqual([]);
  });

  it('looks a key up as Tree.entry does: the first of duplicates wins', () => {
    const tree = treeOf('a: 1\nb: 2\na: 3\n');
    const byKey = fieldMap(fieldsOf(tree, tree.root));
    expect([...byKey.keys()]).toEqual(['a', 'b']);
    expect(byKey.get('a')!.value).toBe(1);
  });

  it('points a finding at a located value by its node', () => {
    const tree = treeOf('key: value\n');
    const [field] = fieldsOf(tree, tree.root);
    expect(spanOf(field!.key)).toEqual(spanOfNode(field!.key.node));
    expect(spanOf({ value: field!.value, node: field!.node!, key: field!.key })).toEqual({ start: 5, end: 10 });
  });

  it('computes a derived fact once per object, undefined included', () => {
    let calls = 0;
    const fact = memoized((o: { n: number }) => {
      calls++;
      return o.n > 0 ? o.n : undefined;
    });
    const a = { n: 1 };
    const b = { n: 0 };
    expect([fact(a), fact(a), fact(b), fact(b)]).toEqual([1, 1, undefined, undefined]);
    expect(calls).toBe(2);
  });
});
