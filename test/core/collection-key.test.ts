import { describe, expect, it } from 'vitest';
import { Source, Tree } from '@orchlint/core';

describe('a mapping key that is a large collection', () => {
  it('is named by its source text in the plain value, without yaml stringifying it', () => {
    const depth = 600;
    const key = `${'['.repeat(depth)}a${']'.repeat(depth)}`;
    const started = performance.now();
    const tree = new Tree(new Source('p.promptpack.yaml', `id: p\n${key}: v\n`));
    const ms = performance.now() - started;
    expect(tree.usable).toBe(true);
    expect(tree.value).toEqual({ id: 'p', [key]: 'v' });
    // yaml's toJS took seconds here (stringifying the key indents every level below it).
    expect(ms).toBeLessThan(1500);
  });

  it('keeps the name toJS gives a small collection key', () => {
    const tree = new Tree(new Source('p.promptpack.yaml', 'id: p\n[a, b]: v\n'));
    expect(Object.keys(tree.value as object)).toEqual(['id', '[ a, b ]']);
  });
});
