import { describe, expect, it } from 'vitest';
import { ScalarText, Source, Tree, type TreeNode } from '@orchlint/core';

/** The value of key `v` in a one-entry document, with its ScalarText. */
function scalar(yaml: string): { text: string; st: ScalarText } {
  const tree = new Tree(new Source('t.yaml', yaml));
  const node = tree.get(tree.root as TreeNode, 'v');
  const st = ScalarText.of(yaml, node)!;
  return { text: yaml, st };
}

/** The source text a decoded substring maps back to. */
function sourceOf(yaml: string, needle: string): string {
  const { st } = scalar(yaml);
  const at = st.value.indexOf(needle);
  expect(at, `'${needle}' in ${JSON.stringify(st.value)}`).toBeGreaterThanOrEqual(0);
  const span = st.sourceSpan(at, at + needle.length);
  return yaml.slice(span.start, span.end);
}

describe('ScalarText maps decoded characters back to the source', () => {
  it('plain, folded over lines', () => {
    const yaml = 'v: one two\n  three $x.output four\n';
    expect(scalar(yaml).st.value).toBe('one two three $x.output four');
    expect(sourceOf(yaml, '$x.output')).toBe('$x.output');
    expect(sourceOf(yaml, 'two three')).toBe('two\n  three');
  });

  it('single-quoted, with a doubled quote', () => {
    const yaml = "v: 'it''s $a.output == ''x'''\n";
    expect(scalar(yaml).st.value).toBe("it's $a.output == 'x'");
    expect(sourceOf(yaml, "'x'")).toBe("''x''");
    expect(sourceOf(yaml, '$a.output')).toBe('$a.output');
  });

  it('double-quoted, with escapes and an escaped line break', () => {
    const yaml = 'v: "tab\\there \\u00e9 \\"q\\" \\\n  joined $a.output"\n';
    expect(scalar(yaml).st.value).toBe('tab\there é "q" joined $a.output');
    expect(sourceOf(yaml, 'é')).toBe('\\u00e9');
    expect(sourceOf(yaml, '"q"')).toBe('\\"q\\"');
    expect(sourceOf(yaml, '$a.output')).toBe('$a.output');
  });

  it('literal block, with indentation and keep chomping', () => {
    const yaml = 'v: |+\n  line one\n    indented $a.output\n\nw: 1\n';
    expect(scalar(yaml).st.value).toBe('line one\n  indented $a.output\n\n');
    expect(sourceOf(yaml, '$a.output')).toBe('$a.output');
    expect(sourceOf(yaml, 'one\n  indented')).toBe('one\n    indented');
  });

  it('folded block, with a blank line and a more-indented line', () => {
    const yaml = 'v: >-\n  folded\n  text\n\n  para\n    kept\n  end $a.output\n';
    expect(scalar(yaml).st.value).toBe('folded text\npara\n  kept\nend $a.output');
    expect(sourceOf(yaml, 'folded text')).toBe('folded\n  text');
    expect(sourceOf(yaml, '$a.output')).toBe('$a.output');
  });

  it('agrees with the YAML parser on every style of a batch of values', () => {
    const values = ['a \'b\' "c" \\d', 'x  y\n\nz', 'tab\tend', 'üñí €', 'lead  trail', 'a\n b\n\n  c\nd'];
    for (const value of values) {
      for (const yaml of [
        `v: ${JSON.stringify(value)}\n`,
        `v: '${value.replace(/'/g, "''").replace(/\n/g, '\n\n')}'\n`,
        `v: |-\n${value
          .split('\n')
          .map((l) => '  ' + l)
          .join('\n')}\n`,
      ]) {
        const tree = new Tree(new Source('t.yaml', yaml));
        const node = tree.get(tree.root as TreeNode, 'v');
        const st = ScalarText.of(yaml, node)!;
        expect(st.value).toBe((node as { value: string }).value);
        // Exact mapping: no character falls back to the whole scalar's span.
        const span = st.sourceSpan(0, 1);
        expect(span.end - span.start, JSON.stringify(yaml)).toBeLessThanOrEqual(6);
      }
    }
  });
});
