import { describe, expect, it } from 'vitest';
import { isMap, isPair, isScalar, isSeq, type YAMLMap } from 'yaml';
import { Source, Tree } from '../src/index.js';
import { parseYaml, reparseYaml } from '../src/yaml-parse.js';

const PACK = `id: demo
prompts:
  triage:
    id: triage
    system_template: |
      Sort the request.
      Say which queue.
    tools: [lookup]
workflow:
  entry: start
  states:
    start:
      prompt_task: triage
      on_event: { Done: end }
    end:
      prompt_task: triage
      terminal: true
`;

function shape(node: unknown): unknown {
  if (isPair(node)) return [shape(node.key), shape(node.value)];
  if (isScalar(node)) return { value: node.value, type: node.type, range: node.range };
  if (isMap(node) || isSeq(node)) return { flow: !!node.flow, range: node.range, items: node.items.map(shape) };
  return node ?? null;
}

const basisOf = (text: string) => new Tree(new Source('p.promptpack.yaml', text)).basis!;

/** The re-parse of `changed` from `text`'s tree, checked against a full parse when it answers. */
function reparsed(text: string, changed: string) {
  const root = reparseYaml(basisOf(text), changed);
  if (root) {
    const full = parseYaml(changed);
    expect(full.errors).toEqual([]);
    expect(shape(root)).toEqual(shape(full.contents));
  }
  return root;
}

describe('reparseYaml', () => {
  it('parses only the changed lines: nodes before them are shared, the rest equal a full parse', () => {
    const basis = basisOf(PACK);
    const changed = PACK.replace('prompt_task: triage\n      terminal', 'prompt_task: triaged\n      terminal');
    const root = reparseYaml(basis, changed) as YAMLMap;
    expect(shape(root)).toEqual(shape(parseYaml(changed).contents));
    const prompts = (n: YAMLMap) => n.items[1]!.value;
    expect(prompts(root)).toBe(prompts(basis.root as YAMLMap));
  });

  it('handles a new key, a removed line, an edit in a block scalar and in a flow mapping', () => {
    expect(
      reparsed(PACK, PACK.replace('    tools: [lookup]\n', '    tools: [lookup]\n    version: 1.0.0\n')),
    ).toBeDefined();
    expect(reparsed(PACK, PACK.replace('      terminal: true\n', ''))).toBeDefined();
    expect(reparsed(PACK, PACK.replace('Say which queue.', 'Say which queue, and why.'))).toBeDefined();
    expect(reparsed(PACK, PACK.replace('{ Done: end }', '{ Done: end, Retry: start }'))).toBeDefined();
  });

  it('leaves the basis as it was', () => {
    const basis = basisOf(PACK);
    const before = JSON.stringify(shape(basis.root));
    reparseYaml(basis, PACK.replace('entry: start', 'entry: started here'));
    expect(JSON.stringify(shape(basis.root))).toBe(before);
  });

  it('declines what only a full parse can read right', () => {
    const cases = {
      'a joined line': PACK.replace('id: triage\n    system_template', 'id: triage    system_template'),
      'an unclosed quote': PACK.replace('entry: start', 'entry: "start'),
      'an unclosed flow mapping': PACK.replace('{ Done: end }', '{ Done: end'),
      'an alias': PACK.replace('entry: start', 'entry: *start'),
      'an anchor': PACK.replace('entry: start', 'entry: &e start'),
      'a document marker': PACK.replace('  entry: start\n', '  entry: start\n---\n'),
      'a line moved left of its siblings': PACK.replace('    tools: [lookup]', '  tools: [lookup]'),
      'a key turned into a sequence item': PACK.replace('    tools: [lookup]', '    - tools'),
      'a comment line before the first key of the lines': PACK.replace('    end:\n', '    # the end\n    end:\n'),
    };
    for (const [what, changed] of Object.entries(cases)) {
      expect(reparseYaml(basisOf(PACK), changed), what).toBeUndefined();
    }
  });

  // Each of these declines, and must: what a full parse gives there depends on more than the items.
  it('declines an edit under a %YAML directive: a piece parsed alone would read scalars as YAML 1.2 does', () => {
    const text = '%YAML 1.1\n---\na: x\nb: 1\n';
    expect(reparsed(text, text.replace('a: x', 'a: yes'))).toBeUndefined();
    // Under 1.1, `yes` is true; a piece parsed without the directive would read the string 'yes'.
    expect(parseYaml(text.replace('a: x', 'a: yes')).toJS()).toEqual({ a: true, b: 1 });
  });

  it('declines a flow item whose comma went into a comment (the full text no longer parses)', () => {
    const text = '{\n  "a": 1,\n  "b": 2\n}\n';
    const changed = text.replace('"a": 1', '"a": #1');
    expect(parseYaml(changed).errors).not.toEqual([]);
    expect(reparsed(text, changed)).toBeUndefined();
  });

  it('declines flow items that start with an empty key: it has no text of its own to place them by', () => {
    const text = '[\n  1,\n  {"c": 2}\n]\n';
    const changed = text.replace('{"c"', ':{"c"');
    expect(parseYaml(changed).errors).toEqual([]);
    expect(reparsed(text, changed)).toBeUndefined();
  });

  it('declines a lone carriage return: the parser and the line index disagree on whether it ends a line', () => {
    const text = '{"a": 1, "b": 2}';
    expect(reparsed(text, text.replace('1, ', '1,\r '))).toBeUndefined();
    expect(reparsed('a: 1\nb: 2\nc: 3\n', 'a: 1\nb: 2\rx: 4\nc: 3\n')).toBeUndefined();
    // The same edit without the CR is answered, and as a full parse reads it.
    expect(reparsed('a: 1\nb: 2\nc: 3\n', 'a: 1\nb: 2\nx: 4\nc: 3\n')).toBeDefined();
  });

  it('moves the pairs of an ordered map (a sequence of pairs) with the rest', () => {
    const text = 'b: 2\nd: 1\na: !!omap\n  - x: 1\n  - y: 2\n';
    expect(reparsed(text, text.replace('y: 2', 'y: 3'))).toBeDefined();
    expect(reparsed(text, text.replace('b: 2', 'b: 22'))).toBeDefined();
  });

  it('gives the basis root back when nothing changed', () => {
    const basis = basisOf(PACK);
    expect(reparseYaml(basis, PACK)).toBe(basis.root);
  });
});

describe('Tree with reparseFrom', () => {
  it('builds the same tree as a full parse, from the earlier version, once', () => {
    const previous = new Source('p.promptpack.yaml', PACK);
    const earlier = new Tree(previous);
    const source = new Source('p.promptpack.yaml', PACK.replace('entry: start', 'entry: end'));
    source.reparseFrom = previous.parseBasis;
    const tree = new Tree(source);
    const full = new Tree(new Source('p.promptpack.yaml', source.text));
    expect(shape(tree.root)).toEqual(shape(full.root));
    expect(tree.value).toEqual(full.value);
    expect(tree.get(tree.root, 'prompts')).toBe(earlier.get(earlier.root, 'prompts'));
    // The link is used up: a second tree of the same source is parsed in full.
    const again = new Tree(source);
    expect(again.get(again.root, 'prompts')).not.toBe(earlier.get(earlier.root, 'prompts'));
  });

  it('reports a duplicate key the edit brings, as a full parse does', () => {
    const previous = new Source('p.promptpack.yaml', PACK);
    new Tree(previous);
    const source = new Source(
      'p.promptpack.yaml',
      PACK.replace('    tools: [lookup]\n', '    tools: [lookup]\n    id: again\n'),
    );
    source.reparseFrom = previous.parseBasis;
    const tree = new Tree(source);
    expect(tree.diagnostics.map((d) => d.rule)).toEqual(['core/duplicate-key']);
    expect(tree.diagnostics).toEqual(new Tree(new Source('p.promptpack.yaml', source.text)).diagnostics);
  });

  it('keeps a set and an ordered map what they are when they move', () => {
    for (const text of [
      'b: 2\na: !!set {x}\n',
      'b: 2\na: !!omap [x: 1]\n',
      'b: 2\nd: 1\na: !!omap\n  - x: 1\n',
      'c:\n  b: 2\n  d: 1\na: !!set\n  ? x\n',
    ]) {
      const previous = new Source('p.yaml', text);
      new Tree(previous);
      const source = new Source('p.yaml', text.replace('b: 2', 'b: 22'));
      source.reparseFrom = previous.parseBasis;
      expect(new Tree(source).value, text).toEqual(new Tree(new Source('p.yaml', source.text)).value);
    }
  });

  it('offers no basis for a document with errors, with anchors, or with a scalar root', () => {
    expect(new Tree(new Source('p.yaml', 'b: !!omap\n  - x: &A 1\n  - y: *A\n')).basis).toBeUndefined();
    expect(new Tree(new Source('p.yaml', 'a: [1\n')).basis).toBeUndefined();
    expect(new Tree(new Source('p.yaml', 'just text\n')).basis).toBeUndefined();
    expect(new Tree(new Source('p.pack.json', '{"id": "x"}')).basis).toBeDefined();
    expect(new Tree(new Source('p.yaml', 'a: &x 1\nb: *x\n')).basis).toBeUndefined();
    expect(new Tree(new Source('p.yaml', 'a: 1\n')).basis).toBeDefined();
  });
});
