import { Tree, type Dialect } from '@orchlint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, positionOf, workspace } from '../support/lsp-client.js';

// A schema exercising every way the server walks one: $ref (local, with $id), properties,
// additionalProperties, patternProperties, items, prefixItems, oneOf, anyOf and allOf.
const schema = {
  $id: 'https://example.test/flow.schema.json',
  type: 'object',
  properties: {
    jobs: { type: 'object', description: 'The jobs, by name.', additionalProperties: { $ref: '#/$defs/job' } },
    pair: {
      type: 'array',
      prefixItems: [{ description: 'The first of the pair.' }, { description: 'The second of the pair.' }],
    },
    meta: { type: 'object', patternProperties: { '^x-': { description: 'An extension field.' } } },
  },
  $defs: {
    job: {
      type: 'object',
      allOf: [{ properties: { retries: { type: 'integer', description: 'How often to retry.' } } }],
      oneOf: [
        { properties: { run: { type: 'string', description: 'A shell command.' } }, required: ['run'] },
        { properties: { uses: { type: 'string', description: 'A reusable step.' } }, required: ['uses'] },
      ],
      properties: {
        mode: { anyOf: [{ enum: ['fast', 'safe'] }, { const: 'auto' }], description: 'How the job runs.' },
        steps: { type: 'array', items: { $ref: 'https://example.test/flow.schema.json#/$defs/step' } },
      },
    },
    step: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The step name.' }, shell: { type: 'boolean' } },
    },
  },
};

const flowDialect: Dialect<{ tree: Tree }> = {
  id: 'flow',
  detect: (p) => (p.endsWith('.flow.yaml') ? 'unit' : false),
  load(source) {
    const tree = new Tree(source);
    return { model: { tree }, diagnostics: [...tree.diagnostics], sources: [source] };
  },
  schema: () => schema,
};

const text = `jobs:
  build:
    run: make
    mode: fast
    retries: 2
    steps:
      - name: compile
        shell: true
pair: [a, b]
meta:
  x-owner: me
`;

describe('hover and completion walk the JSON Schema', () => {
  const ws = workspace({});
  const client = LspClient.inProcess({ dialects: [flowDialect], rules: [], debounceMs: 0, scanWorkspace: false });
  let uri: string;
  beforeAll(async () => {
    await client.initialize(ws.root);
    uri = await client.open(ws.file('a.flow.yaml'), text);
    await client.diagnostics(uri);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });
  const hoverText = async (needle: string, delta = 1) =>
    ((await client.hover(uri, positionOf(text, needle, delta)))?.contents as { value: string } | undefined)?.value ??
    '';

  it.each([
    ['jobs:', 'The jobs, by name.'],
    ['run: make', 'A shell command.'],
    ['retries: 2', 'How often to retry.'],
    ['name: compile', 'The step name.'],
    ['x-owner', 'An extension field.'],
    ['b]', 'The second of the pair.'],
  ])('hover on %s explains it', async (needle, expected) => {
    expect(await hoverText(needle, needle === 'b]' ? 0 : 1)).toContain(expected);
  });

  it('lists the values anyOf allows', async () => {
    const value = await hoverText('mode: fast');
    expect(value).toContain('How the job runs.');
    expect(value).toContain('Allowed: `"fast"`, `"safe"`, `"auto"`');
  });

  it('completes the keys of every branch, and of list items', async () => {
    const edited = text.replace('    retries: 2\n', '    retries: 2\n    \n');
    await client.change(uri, edited);
    const at = { line: positionOf(edited, '    retries: 2').line + 1, character: 4 };
    const keys = (await client.completion(uri, at)).map((i) => i.label).sort();
    // run, mode, retries and steps are there already; oneOf's other branch adds uses.
    expect(keys).toEqual(['uses']);
    const item = text.replace('        shell: true\n', '        shell: true\n      - \n');
    await client.change(uri, item);
    const stepKeys = (await client.completion(uri, { line: positionOf(item, '      - \n').line, character: 8 }))
      .map((i) => i.label)
      .sort();
    expect(stepKeys).toEqual(['name', 'shell']);
  });
});
