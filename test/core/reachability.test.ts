// core's reachability() against a plain search, on generated graphs, and on a chain too long for a
// search per question.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDigraph, reachability, reachableFrom } from '@orchlint/core';

describe('reachability', () => {
  it('answers every pair as a search from the first node does, on graphs with cycles, chains and shared ends', () => {
    const edge = fc.tuple(fc.nat(11), fc.nat(11));
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 30 }), fc.array(edge, { maxLength: 40 }), (pairs, questions) => {
        const g = createDigraph();
        g.mergeNode('n0');
        for (const [a, b] of pairs) {
          g.mergeNode(`n${a}`);
          g.mergeNode(`n${b}`);
          g.addEdge(`n${a}`, `n${b}`);
        }
        const answers = reachability(g);
        // Asked in any order, and again: what one answer remembers must not change the next.
        for (const [a, b] of [...questions, ...[...questions].reverse()]) {
          const [from, to] = [`n${a}`, `n${b}`];
          const expected = g.hasNode(from) && g.hasNode(to) && reachableFrom(g, [from]).has(to);
          expect(answers.reaches(from, to), `${from} → ${to} in ${JSON.stringify(pairs)}`).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a chain of 20,000: each step reaches those before it and none after', () => {
    const g = createDigraph();
    for (let i = 0; i < 20_000; i++) {
      g.addNode(`s${i}`);
      if (i) g.addEdge(`s${i}`, `s${i - 1}`);
    }
    const answers = reachability(g);
    expect(answers.reaches('s19999', 's0')).toBe(true);
    expect(answers.reaches('s0', 's19999')).toBe(false);
    expect(answers.reaches('s777', 's776')).toBe(true);
  });
});
