import { describe, expect, it } from 'vitest';
import { atom, compareBytes, EFloat, EMap, inspect, tuple } from '@orchlint/prompt-runner';

describe('inspect renders terms as Elixir prints them', () => {
  it.each([
    [null, 'nil'],
    [true, 'true'],
    [20, '20'],
    ['20', '"20"'],
    ['say "hi"\n#{x}', '"say \\"hi\\"\\n\\#{x}"'],
    [atom('repeat'), ':repeat'],
    [new EFloat(1.5), '1.5'],
    [new EFloat(20), '20.0'],
    [new EFloat(1000), '1.0e3'],
    [[2], '[2]'],
    [[104, 105], '~c"hi"'],
    [['foo', 'bar'], '["foo", "bar"]'],
    [
      tuple(atom('invalid_agent_control_default_action'), 'finish'),
      '{:invalid_agent_control_default_action, "finish"}',
    ],
    [
      new EMap([
        ['timeout', 5],
        ['exec', 'mix'],
        ['args', ['test']],
      ]),
      '%{"args" => ["test"], "exec" => "mix", "timeout" => 5}',
    ],
    [new EMap([[atom('incomplete'), atom('repeat')]]), '%{incomplete: :repeat}'],
  ])('%j → %s', (term, text) => {
    expect(inspect(term as never)).toBe(text);
  });
});

describe('compareBytes orders strings as Erlang orders binaries', () => {
  it('is code point order, also where UTF-16 order differs', () => {
    expect(compareBytes('a', 'b')).toBeLessThan(0);
    expect(compareBytes('ab', 'a')).toBeGreaterThan(0);
    expect(compareBytes('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
    expect(['b', '\uFF21', '\u{1F600}', 'a'].sort(compareBytes)).toEqual(['a', 'b', '\uFF21', '\u{1F600}']);
  });
});
