import { describe, expect, it } from 'vitest';
import { Source, Tree } from '@orchlint/core';

describe('a mapping key that is a large collection', () => {
  it('is named by its source text in the plain value, without yaml stringifying it', () => {
    const depth = 250;
    const key = `${'['.repeat(depth)}a${']'.repeat(depth)}`;
    const tree = new Tree(new Source('p.promptpack.yaml', `id: p\n${key}: v\n`));
    expect(tree.usable).toBe(true);
    // yaml's toJS would name it by an indented rendering (and take seconds: test/bench/shapes.mjs measures it).
    expect(tree.value).toEqual({ id: 'p', [key]: 'v' });
  });

  it('keeps the name toJS gives a small collection key', () => {
    const tree = new Tree(new Source('p.promptpack.yaml', 'id: p\n[a, b]: v\n'));
    expect(Object.keys(tree.value as object)).toEqual(['id', '[ a, b ]']);
  });
});
