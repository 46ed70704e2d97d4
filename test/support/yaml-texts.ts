// What the tests of core's partial parse (the editor's re-parse) read and change: every data file of a folder, a parse's shape, seeded random edits, and short documents
// of the constructs YAML reads by context.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq } from 'yaml';

export function dataFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...dataFiles(full));
    else if (/\.ya?ml$/.test(entry.name) || (entry.name.endsWith('.json') && statSync(full).size <= 40_000))
      out.push(full);
  }
  return out.sort();
}

/** Everything orchlint reads from a node: kind, value, scalar style, flow style and offsets. */
export function shape(node: unknown): unknown {
  if (isPair(node)) return [shape(node.key), shape(node.value)];
  if (isScalar(node)) return { value: node.value, type: node.type, range: node.range };
  if (isMap(node) || isSeq(node))
    return { kind: isMap(node) ? 'map' : 'seq', flow: !!node.flow, range: node.range, items: node.items.map(shape) };
  return node ?? null;
}

/** A seeded generator, so a failure names an edit that can be replayed. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SNIPPETS = [
  'x',
  ' ',
  '\n',
  ': ',
  '- ',
  '#',
  '"',
  "'",
  '[',
  '{',
  '|',
  '  ',
  'key: value\n',
  '  - item\n',
  '\n\n',
  '*a',
  '&a ',
  '---\n',
  ',',
  '}',
  ']',
  '"key": "value", ',
  '1',
  ', null',
];

export function edit(text: string, next: () => number): string {
  const lines = text.split('\n');
  const pick = (n: number) => Math.floor(next() * n);
  const at = pick(text.length + 1);
  switch (pick(7)) {
    case 0:
      return text.slice(0, at) + SNIPPETS[pick(SNIPPETS.length)] + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + pick(20));
    case 2: {
      const line = pick(lines.length);
      lines[line] = lines[pick(lines.length)]!;
      return lines.join('\n');
    }
    case 3: {
      const line = pick(lines.length);
      lines.splice(line, 0, lines[line]!);
      return lines.join('\n');
    }
    case 4:
      lines.splice(pick(lines.length), 1 + pick(3));
      return lines.join('\n');
    case 5: {
      const line = pick(lines.length);
      lines[line] = next() < 0.5 ? `  ${lines[line]}` : lines[line]!.replace(/^ {1,2}/, '');
      return lines.join('\n');
    }
    default: {
      // What typing mostly is: a word changes inside a value.
      const m = /[A-Za-z]+/g;
      m.lastIndex = at;
      const word = m.exec(text);
      return word
        ? text.slice(0, word.index) + word[0].toUpperCase() + 'ed' + text.slice(word.index + word[0].length)
        : text + 'z';
    }
  }
}

/**
 * Short documents of the constructs whose reading depends on what surrounds them: block scalars
 * with indicators and kept blank lines, comments at every indentation, plain and quoted scalars
 * over several lines, sequences at their key's column, compact nesting, explicit and empty keys,
 * flow collections over lines, tags, directives, CRLF, a byte order mark, no final newline, JSON.
 */
export const TRICKY = [
  'a: |+\n  x\n\nb:\n  c: >2\n     y\n    z\n  # at the key\n  d: "q\n   r"\n# at zero\n  e: plain\n   more\n',
  '- - a\n  - b\n- k: 1\n  j: [1,\n    2]\n-\n  x\n- ? h\n  : 2\n',
  '? h\n: 2\n? [a]\n:\nk: v # c\n',
  'key:\n- a\n  # c\n- b: |-\n    t\n\nother: !!str 3\nset: !!set {x}\nlast:',
  '%YAML 1.1\n---\na: x\nb:\n  c: 1\n',
  '\uFEFFa: 1\r\nb:\r\n  c: |\r\n    x\r\n\r\n  d: 2\r\n',
  'b: 2\nd: 1\na: !!omap\n  - x: 1\n  - y: 2\n',
  '{\n  "a": 1,\n  "b": [1, {"c": "x\\"]#"}, []],\n  "d": {}\n}\n',
  '[1, {"a": null}, "s, t", [2, 3]]',
];
export const TYPED = ['x', ' ', '\n', ':', '-', '#', '"', ',', '[', '}', '|', '\r', '\n  ', ' #'];
