import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, parseDocument } from 'yaml';
import { nameLine } from '@orchlint/archon';

/** What a whole parse of the text says the top-level name is, and where. */
function parsedName(text: string): { name: string; span: { start: number; end: number } } | undefined {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length || !isMap(doc.contents)) return undefined;
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'name');
  const value = pair?.value;
  if (!isScalar(value) || typeof value.value !== 'string' || !value.range) return undefined;
  return { name: value.value, span: { start: value.range[0], end: value.range[1] } };
}

describe('nameLine', () => {
  it('reads a name line as a whole parse reads the name, plain words without a parse and the rest with one', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_./#:'" -]{1,12}$/);
    const line = fc.tuple(
      fc.constantFrom('name:', 'name :', 'name:\t'),
      fc.constantFrom(' ', '  ', ' \t'),
      fc.oneof(
        word,
        fc.constantFrom('true', 'False', 'NULL', 'null', '1.5', '0x1F', 'deploy', 'a#b', 'a #b', "'quoted'", 'yes'),
      ),
      fc.constantFrom('', ' ', ' # a comment', '# not one'),
    );
    fc.assert(
      fc.property(line, ([key, gap, value, tail]) => {
        const text = `${key}${gap}${value}${tail}\ndescription: d\nnodes: []\n`;
        // No line continues the value here, so the name line alone tells what a whole parse does.
        expect(nameLine(text)).toEqual(parsedName(text));
      }),
      { numRuns: 2000, seed: 26 },
    );
  });
});
