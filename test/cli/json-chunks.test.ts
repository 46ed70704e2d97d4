import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks, Streamed } from '../../packages/cli/dist/formatters/report.js';

/** Streams every array of a value, as a report streams its findings. */
function streamedArrays(value: unknown): unknown {
  if (Array.isArray(value)) return new Streamed(value.map(streamedArrays));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, streamedArrays(v)]));
  return value;
}

describe('jsonChunks', () => {
  it("writes JSON.stringify(value, null, 2)'s text, with every array streamed or none", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, stream) => {
        const text = [...jsonChunks(stream ? streamedArrays(value) : value)].join('');
        expect(text).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500, seed: 26 },
    );
  });

  it('leaves out undefined values of an object beside a streamed array, as JSON.stringify does', () => {
    const value = { a: undefined, b: new Streamed([1, { c: undefined, d: 'x\ny' }]), e: [] };
    expect([...jsonChunks(value)].join('')).toBe(JSON.stringify({ b: [1, { d: 'x\ny' }], e: [] }, null, 2));
  });
});
