import { describe, expect, it } from 'vitest';
import { parseWhen, type WhenProblemKind } from '../src/when.js';

const kinds = (text: string) => parseWhen(text).atoms.map((a) => a.problems.map((p) => p.kind));

describe('parseWhen: the engine grammar', () => {
  it.each([
    "$a.output == 'x'",
    "$a.output=='x'",
    "$a-b.output.field != ''",
    '$a.field == true',
    '$a.output.n >= -1.5',
    "$INPUTS.mode == 'full'",
    "$a.output == 'x && y || z'",
    '  $a.output < 10  ',
  ])('accepts %s', (text) => {
    const c = parseWhen(text);
    expect(c.atoms.flatMap((a) => a.problems)).toEqual([]);
    expect(c.atoms[0]!.left).toBeDefined();
  });

  it.each<[string, WhenProblemKind]>([
    ['$a.output == "x"', 'syntax'],
    ["$a.output == 'it''s'", 'syntax'],
    ["'x' == $a.output", 'syntax'],
    ['$a.output == $b.output', 'syntax'],
    ['$a.ok', 'syntax'],
    ["$a.output.x.y == 'z'", 'syntax'],
    ["$a.x.y == 'z'", 'syntax'],
    ["$INPUTS.a.b == 'z'", 'syntax'],
    ['$a.output == TRUE', 'syntax'],
    ['$a.output == null', 'syntax'],
    ['$a.output.n > 1e3', 'syntax'],
    ['$a.output.n > .5', 'syntax'],
    ["$a.output == 'x' # note", 'syntax'],
    ["$a.output == 'x", 'syntax'],
    ["($a.output == 'x')", 'grouping'],
    ['!$a.ok == true', 'grouping'],
    ["not $a.output == 'x'", 'grouping'],
    ['$a.output.n + 1 > 2', 'computation'],
    ['len($a.output) > 2', 'computation'],
    ["$a.output.includes('x') == true", 'computation'],
    ['$a.output =~ /fail/', 'computation'],
    ["$a.output contains 'x'", 'computation'],
    ["$a.output === 'x'", 'syntax'],
    ["$a.output <> 'x'", 'syntax'],
    ["$LOOP_PREV.a.output == 'x'", 'loop-prev'],
    ["$a.output.grade >= 'B'", 'non-numeric'],
    ['$a.output.ok < true', 'non-numeric'],
  ])('rejects %s as %s', (text, kind) => {
    expect(kinds(text).flat()).toContain(kind);
  });

  it('splits on || then && outside single quotes, && binding tighter', () => {
    const c = parseWhen("$a.output == 'p || q' && $b.output == 'x' || $c.output != 'y'");
    expect(c.disjuncts.map((d) => d.map((a) => a.text))).toEqual([
      ["$a.output == 'p || q'", "$b.output == 'x'"],
      ["$c.output != 'y'"],
    ]);
    expect(c.usesOr).toBe(true);
  });

  it('parses every atom, even those the engine would short-circuit past', () => {
    expect(kinds("$a.output == 'x' && ($b.output == 'y') || $c.output * 2 > 1 &&")).toEqual([
      [],
      ['grouping'],
      ['computation'],
      ['syntax'],
    ]);
  });

  it('gives each atom its own offsets into the condition', () => {
    const text = "$a.output == 'x' &&  $b.x != 'y'";
    const [first, second] = parseWhen(text).atoms;
    expect(text.slice(first!.start, first!.end)).toBe("$a.output == 'x'");
    expect(text.slice(second!.start, second!.end)).toBe("$b.x != 'y'");
    expect(second!.left).toMatchObject({ scope: 'node', name: 'b', form: 'shorthand', field: 'x' });
  });

  it('records references in atoms that do not parse, for the reference checks', () => {
    const atom = parseWhen("($gone.output == 'x'").atoms[0]!;
    expect(atom.refs.map((r) => r.name)).toEqual(['gone']);
  });
});
