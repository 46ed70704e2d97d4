import { describe, expect, it } from 'vitest';
import { lintMemory } from '../../../test/support/lint.js';

const workflow = (when: string) => `name: ranges
description: when ranges in every scalar style
nodes:
  - id: a
    bash: echo '{"n":1,"kind":"bug"}'
  - id: b
    depends_on: [a]
${when}
    prompt: Go.
`;

/** The text each error of a rule covers. */
function covered(yaml: string, rule: string): string[] {
  return lintMemory({ 'w.yaml': yaml }, 'archon')
    .filter((d) => d.rule === rule)
    .map((d) => yaml.slice(d.span.start, d.span.end));
}

describe('when: findings cover exactly the offending atom', () => {
  const cases: Array<[string, string, string, string]> = [
    // [style, when: line(s), rule, text of the atom in the file]
    ['plain', `    when: $a.output.kind == 'bug' && $a.output.n == "1"`, 'archon/when-syntax', `$a.output.n == "1"`],
    [
      'plain',
      `    when: ($a.output.kind == 'bug') || $a.output.n > 0`,
      'archon/when-grouping',
      `($a.output.kind == 'bug')`,
    ],
    [
      'plain',
      `    when: $a.output.n + 1 > 2 && $a.output.kind == 'bug'`,
      'archon/when-computation',
      `$a.output.n + 1 > 2`,
    ],
    [
      'single-quoted',
      `    when: '$a.output.kind == ''bug'' && $a.output.n == "1"'`,
      'archon/when-syntax',
      `$a.output.n == "1"`,
    ],
    [
      'single-quoted',
      `    when: '$a.output.kind == ''bug'' || ($a.output.n > 0)'`,
      'archon/when-grouping',
      `($a.output.n > 0)`,
    ],
    ['single-quoted', `    when: '$a.output.n * 2 > 2'`, 'archon/when-computation', `$a.output.n * 2 > 2`],
    [
      'double-quoted',
      `    when: "$a.output.kind == 'bug' && $a.output.n == \\"1\\""`,
      'archon/when-syntax',
      `$a.output.n == \\"1\\"`,
    ],
    [
      'double-quoted',
      `    when: "\\u0024a.output.kind == 'bug' || !($a.output.n > 0)"`,
      'archon/when-grouping',
      `!($a.output.n > 0)`,
    ],
    [
      'double-quoted',
      `    when: "$a.output.kind == 'bug' &&\\t$a.output.n % 2 == 1"`,
      'archon/when-computation',
      `$a.output.n % 2 == 1`,
    ],
    [
      'literal block',
      `    when: |\n      $a.output.kind == 'bug' &&\n        $a.output.n == "1"`,
      'archon/when-syntax',
      `$a.output.n == "1"`,
    ],
    [
      'literal block',
      `    when: |-\n      $a.output.kind == 'bug' ||\n      ($a.output.n > 0)`,
      'archon/when-grouping',
      `($a.output.n > 0)`,
    ],
    [
      'folded block',
      `    when: >\n      $a.output.kind == 'bug' &&\n      $a.output.n\n      - 1 > 2`,
      'archon/when-computation',
      `$a.output.n\n      - 1 > 2`,
    ],
  ];
  for (const [style, when, rule, atom] of cases) {
    it(`${style}: ${rule}`, () => {
      expect(covered(workflow(when), rule)).toEqual([atom]);
    });
  }

  it('reports an atom after the one the engine would stop at', () => {
    const yaml = workflow(`    when: "$a.output.kind == 'nope' && $a.output.n =~ /1/"`);
    expect(covered(yaml, 'archon/when-computation')).toEqual(['$a.output.n =~ /1/']);
  });
});
