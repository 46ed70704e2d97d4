// A fast-check generator of YAML texts by structure, not by characters: block and flow mappings and
// sequences (a block list at its key's column or indented), scalars of every style (plain, single
// and double quoted with escapes, literal and folded with chomping and kept blank lines), anchors
// and aliases to them, comment lines at every column and comments after values, blank lines, several
// documents, CRLF line endings and a byte order mark; and edits of such texts as a person types them.
import fc from 'fast-check';

type Scalar = {
  kind: 'scalar';
  style: 'plain' | 'single' | 'double' | 'literal' | 'folded';
  words: string[];
  chomp: string;
};
type Collection = { kind: 'map' | 'seq'; flow: boolean; items: Item[]; atKeyColumn: boolean };
type Alias = { kind: 'alias' };
export type YamlNode = (Scalar | Collection | Alias) & { anchor: boolean };
/** One item of a collection: its key (mappings), its value, and what stands before and after it. */
interface Item {
  key: string;
  value: YamlNode;
  /** A comment line before the item, at this column, or none (-1). */
  commentColumn: number;
  blankBefore: boolean;
  trailingComment: boolean;
}

const WORD = fc.constantFrom(
  'a',
  'id',
  'name',
  'x1',
  'on_event',
  'terminal',
  'true',
  'null',
  '3',
  '0.5',
  'Hello',
  'é',
  '💥',
  'k-v',
);
const KEY = fc.constantFrom('a', 'b', 'c', 'id', 'name', 'steps', 'on_event', 'x y', '"q"', "'s'", '1');

/** An anchor on one node in eight: the editor re-parses only documents without anchors, and most have none. */
const rarely = fc.nat(7).map((n) => n === 0);

const scalar: fc.Arbitrary<YamlNode> = fc.record({
  kind: fc.constant('scalar' as const),
  style: fc.constantFrom('plain', 'single', 'double', 'literal', 'folded') as fc.Arbitrary<Scalar['style']>,
  words: fc.array(WORD, { minLength: 1, maxLength: 4 }),
  chomp: fc.constantFrom('', '-', '+'),
  anchor: rarely,
});

const { node } = fc.letrec<{ node: YamlNode; item: Item }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 4 },
    { arbitrary: fc.record({ kind: fc.constant('alias' as const), anchor: fc.constant(false) }), weight: 1 },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constantFrom('map', 'seq') as fc.Arbitrary<'map' | 'seq'>,
        flow: fc.boolean(),
        items: fc.array(tie('item'), { minLength: 1, maxLength: 4 }),
        atKeyColumn: fc.boolean(),
        anchor: rarely,
      }),
    },
  ),
  item: fc.record({
    key: KEY,
    value: tie('node'),
    commentColumn: fc.integer({ min: -1, max: 10 }),
    blankBefore: fc.boolean(),
    trailingComment: fc.boolean(),
  }),
}));

/** Renders nodes in document order, naming anchors as it goes, so an alias names one written before it. */
class Renderer {
  private anchors = 0;

  document(root: YamlNode): string {
    const { head, lines } = this.render(root, 0, true);
    return `${[...(head.trim() ? [head.trim()] : []), ...lines].join('\n')}\n`;
  }

  /** What follows `key:` or `-` on its line (with its leading space), and the lines under it. */
  private render(node: YamlNode, indent: number, top = false): { head: string; lines: string[] } {
    if (node.kind === 'alias') return { head: this.anchors ? ` *a${this.anchors}` : ' ~', lines: [] };
    const anchor = node.anchor ? ` &a${++this.anchors}` : '';
    if (node.kind === 'scalar') {
      if (node.style !== 'literal' && node.style !== 'folded')
        return { head: `${anchor} ${flowScalar(node)}`, lines: [] };
      // Body lines two deeper than the line they hang from, with a blank line kept or clipped by the chomping.
      const pad = ' '.repeat(top ? 2 : indent + 2);
      const lines = node.words.flatMap((w, i) => (i === 1 ? ['', `${pad}${w}`] : [`${pad}${w}`]));
      return { head: `${anchor} ${node.style === 'literal' ? '|' : '>'}${node.chomp}`, lines };
    }
    if (node.flow) return { head: `${anchor} ${this.flow(node)}`, lines: [] };
    const child = top ? 0 : node.kind === 'seq' && node.atKeyColumn ? indent : indent + 2;
    return { head: anchor, lines: node.items.flatMap((item) => this.item(node.kind, item, child)) };
  }

  private item(kind: 'map' | 'seq', item: Item, indent: number): string[] {
    const before = [
      ...(item.blankBefore ? [''] : []),
      ...(item.commentColumn >= 0 ? [`${' '.repeat(item.commentColumn)}# note`] : []),
    ];
    const lead = `${' '.repeat(indent)}${kind === 'map' ? `${item.key}:` : '-'}`;
    const { head, lines } = this.render(item.value, indent);
    return [...before, `${lead}${head}${item.trailingComment ? ' # t' : ''}`, ...lines];
  }

  private flow(node: Collection): string {
    const parts = node.items.map((item) => {
      const v = item.value;
      let text: string;
      if (v.kind === 'alias') text = this.anchors ? `*a${this.anchors}` : '~';
      else {
        const anchor = v.anchor ? `&a${++this.anchors} ` : '';
        text = anchor + (v.kind === 'scalar' ? flowScalar(v) : this.flow(v));
      }
      return node.kind === 'map' ? `${item.key}: ${text}` : text;
    });
    return node.kind === 'map' ? `{${parts.join(', ')}}` : `[${parts.join(', ')}]`;
  }
}

function flowScalar(node: Scalar): string {
  const text = node.words.join(' ');
  switch (node.style) {
    case 'single':
      return `'${text.replace(/'/g, "''")}''s'`;
    case 'double':
      return `"${text.replace(/"/g, '\\"')}\\n\\u00e9\\t"`;
    default:
      // A plain scalar whose text reads as another type or holds a flow indicator is written quoted.
      return /^[\w][\w .-]*$/u.test(text) ? text : JSON.stringify(text);
  }
}

/** A YAML text: one or more documents, LF or CRLF, with or without a byte order mark. */
export const yamlText: fc.Arbitrary<string> = fc
  .record({
    documents: fc.oneof(
      { arbitrary: fc.tuple(node), weight: 4 },
      { arbitrary: fc.array(node, { minLength: 2, maxLength: 3 }), weight: 1 },
    ),
    ends: fc.constantFrom('', '...'),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    collectionRoot: fc.boolean(),
  })
  .map(({ documents, ends, crlf, bom, collectionRoot }) => {
    const renderer = new Renderer();
    const docs = documents.map((d, i) => {
      // The editor re-parses a document whose root is a collection: most texts have one.
      const root: YamlNode =
        collectionRoot && d.kind !== 'map' && d.kind !== 'seq'
          ? {
              kind: 'map',
              flow: false,
              atKeyColumn: false,
              anchor: false,
              items: [{ key: 'root', value: d, commentColumn: -1, blankBefore: false, trailingComment: false }],
            }
          : d;
      const text = renderer.document(root);
      return i === 0 ? text : `---\n${text}`;
    });
    const text = docs.join(ends ? `${ends}\n` : '');
    return (bom ? '\uFEFF' : '') + (crlf ? text.replace(/\n/g, '\r\n') : text);
  });

/** What typing and pasting inserts: characters that change structure, whole lines, markers. */
const INSERTED = fc.oneof(
  fc.constantFrom(
    'x',
    ' ',
    '\n',
    ':',
    ': ',
    '-',
    '- ',
    '#',
    ' # c',
    '"',
    "'",
    ',',
    '[',
    ']',
    '{',
    '}',
    '|',
    '>',
    '\r',
    '\r\n',
    '\t',
    '&a1 ',
    '*a1',
    '---\n',
    '? ',
    '!!str ',
  ),
  fc.tuple(fc.nat(8), KEY, WORD).map(([indent, key, word]) => `${' '.repeat(indent)}${key}: ${word}\n`),
  fc.nat(10).map((column) => `${' '.repeat(column)}# line\n`),
);

export interface TextEdit {
  at: number;
  remove: number;
  insert: string;
}

/** Mostly what typing in a value is (a letter, a digit, a deleted character), sometimes structure. */
export const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ at: fc.nat(), remove: fc.constant(0), insert: fc.constantFrom('x', 'Q', '7', 'é') }),
  },
  { weight: 1, arbitrary: fc.record({ at: fc.nat(), remove: fc.constant(1), insert: fc.constant('') }) },
  {
    weight: 2,
    arbitrary: fc.record({
      at: fc.nat(),
      remove: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 })),
      insert: fc.oneof(fc.constant(''), INSERTED),
    }),
  },
);

export function applyEdit(text: string, e: TextEdit): string {
  const at = e.at % (text.length + 1);
  return text.slice(0, at) + e.insert + text.slice(at + e.remove);
}
