import { defineRule, Tree, type Dialect, type Source } from '@orchlint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, positionOf, workspace } from '../support/lsp-client.js';

// A Markdown dialect with YAML front matter, to check where "disable for this line" goes.
interface Doc {
  source: Source;
  tree: Tree;
}
const markdownDialect: Dialect<Doc> = {
  id: 'md',
  detect: (p) => (p.endsWith('.flow.md') ? 'unit' : false),
  load(source) {
    const end = source.text.indexOf('\n---', 4);
    const tree = new Tree(source, { start: 4, end: end + 1 });
    return { model: { source, tree }, diagnostics: [], sources: [source] };
  },
};
const marker = (word: string, rule: string) =>
  defineRule<Doc>({
    id: rule,
    dialect: 'md',
    severity: 'warning',
    clause: 'misbehaves',
    basis: 'derived: test',
    summary: `reports ${word}`,
    check({ source }, report) {
      const at = source.text.indexOf(word);
      if (at >= 0) report({ at: { start: at, end: at + word.length }, message: `${word} here` });
    },
  });
const rules = [marker('FRONT', 'md/front'), marker('BODY', 'md/body'), marker('INSIDE', 'md/inside')];

const text = `---
name: x
steps:
  first:
    note: FRONT
  second:
    text: |
      a line
      INSIDE a block scalar
---
# Title

Some BODY text.
`;

describe('"disable RULE for this line" in Markdown with front matter', () => {
  const ws = workspace({});
  const client = LspClient.inProcess({ dialects: [markdownDialect], rules, debounceMs: 0, scanWorkspace: false });
  let uri: string;
  let found: Awaited<ReturnType<LspClient['diagnostics']>>;
  beforeAll(async () => {
    await client.initialize(ws.root);
    uri = await client.open(ws.file('a.flow.md'), text, 'markdown');
    found = await client.diagnostics(uri, (d) => d.length === 3);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });
  const disableFor = async (rule: string) => {
    const actions = await client.codeActions(
      uri,
      found.filter((d) => d.code === rule),
    );
    return actions.find((a) => a.title === `Disable ${rule} for this line`)?.edit?.changes?.[uri]?.[0];
  };

  it('is a YAML comment in the front matter, indented like the line', async () => {
    const edit = await disableFor('md/front');
    expect(edit).toEqual({
      range: {
        start: { line: positionOf(text, 'note: FRONT').line, character: 0 },
        end: { line: positionOf(text, 'note: FRONT').line, character: 0 },
      },
      newText: '    # orchlint-disable-next-line md/front -- reason\n',
    });
  });

  it('is an HTML comment in the Markdown body', async () => {
    const edit = await disableFor('md/body');
    expect(edit?.newText).toBe('<!-- orchlint-disable-next-line md/body -- reason -->\n');
    expect(edit?.range.start).toEqual({ line: positionOf(text, 'Some BODY').line, character: 0 });
  });

  it('is not offered inside a block scalar, where a comment would become text', async () => {
    expect(await disableFor('md/inside')).toBeUndefined();
  });
});
