import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseYaml } from '../src/yaml-parse.js';
import { Source, Tree } from '../src/index.js';

// A re-parse that went wrong, to see the debug switch catch it: it answers with the old root.
vi.mock('../src/yaml-parse.js', async (original) => {
  const real = await original<typeof import('../src/yaml-parse.js')>();
  return { ...real, reparseYaml: (basis: { root: unknown }) => basis.root };
});

const earlier = () => {
  const previous = new Source('p.yaml', 'a: 1\nb: 2\n');
  new Tree(previous);
  return previous.parseBasis!;
};

describe('ORCHLINT_CHECK_REPARSE', () => {
  afterEach(() => {
    delete process.env.ORCHLINT_CHECK_REPARSE;
  });

  it('checks every re-parse against a whole parse, and says where they differ', () => {
    process.env.ORCHLINT_CHECK_REPARSE = '1';
    const source = new Source('p.yaml', 'a: 1\nb: 22\n', { reparseFrom: earlier() });
    expect(() => new Tree(source)).toThrow(
      'the incremental re-parse of p.yaml differs from a whole parse at root[1].value',
    );
  });

  it('is off by default: the re-parse is taken as it is', () => {
    const tree = new Tree(new Source('p.yaml', 'a: 1\nb: 22\n'), undefined, { reparseFrom: earlier() });
    expect(tree.value).toEqual({ a: 1, b: 2 });
    expect(parseYaml('a: 1\nb: 22\n').toJS()).toEqual({ a: 1, b: 22 });
  });
});
