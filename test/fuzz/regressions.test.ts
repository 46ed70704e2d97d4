import { describe, expect, it } from 'vitest';
import { lintMemory } from '../support/lint.js';

/** Each input the fuzz test (fuzz.test.ts) found failing an invariant, kept as a case that must hold. */
const found: Array<[string, string, string, string]> = [
  ['a yaml error on the virtual token after the end of the text', 'promptpack', 'p.promptpack.yaml', 'id: { b: tria{\u001b[31mge }, c: d } # x\n'],
];

describe('fuzz findings', () => {
  it.each(found)('%s', (_name, dialect, file, text) => {
    const diagnostics = lintMemory({ [file]: text }, dialect);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.filter((d) => d.rule === 'core/internal-error')).toEqual([]);
    for (const d of diagnostics) {
      expect(d.span.end).toBeLessThanOrEqual(text.length);
      expect(d.span.start).toBeLessThanOrEqual(d.span.end);
    }
  });
});
