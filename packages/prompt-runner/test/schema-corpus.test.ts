import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { frontMatterRegion, Source, Tree } from '@orchlint/core';
import { packetSchema, promptSchema, workspaceSchema } from '../src/schemas.js';
import { hasShared, sharedDir } from '../../../test/support/paths.js';
import { needsCorpus } from '../../../test/support/needs.js';

// The schemas drive editor help, but they must not call any upstream example invalid: every packet
// EXPECTED.json says passes, and every manifest, prompt, workspace manifest and YAML fragment the
// upstream guides show (doc_snippets/INDEX.json), validated with ajv as JSON Schema 2020-12.

const corpus = path.join(sharedDir, 'corpus/prompt_runner');
type JsonSchema = Record<string, unknown>;
const packet12 = packetSchema('0.12.1') as JsonSchema;
const packet13 = packetSchema('0.13.0') as JsonSchema;
const schemas = [packet12, packet13, promptSchema as JsonSchema, workspaceSchema as JsonSchema];
const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
for (const schema of schemas) ajv.addSchema(schema);

/** The plain data of a file's YAML: a Markdown file's front matter, or the whole YAML file. */
function dataOf(file: string): JsonSchema {
  const text = readFileSync(file, 'utf8');
  const region = file.endsWith('.md') ? frontMatterRegion(text) : { start: 0, end: text.length };
  if (!region) throw new Error(`${file} has no front matter`);
  const tree = new Tree(new Source(file, text), region);
  expect(tree.diagnostics, file).toEqual([]);
  return tree.value as JsonSchema;
}

function errorsAgainst(schema: JsonSchema, data: unknown, pointer = ''): ErrorObject[] {
  const validate = ajv.getSchema(`${schema.$id as string}${pointer ? `#${pointer}` : ''}`)!;
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

/** Top-level keys the schema has no property for (manifest and prompt schemas leave unknown keys open, as the runner ignores them). */
const undeclared = (schema: JsonSchema, data: JsonSchema) =>
  Object.keys(data).filter((k) => !(k in (schema.properties as JsonSchema)));
const packetSchemaFor = (rel: string) => (rel.includes('v0.13.0') ? packet13 : packet12);

function promptFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.prompt.md'))
    .sort()
    .map((f) => path.join(dir, f));
}

describe('Prompt Runner schemas accept the corpus', needsCorpus, () => {
  const expected: Array<{ packet: string; pass: boolean }> = hasShared
    ? JSON.parse(readFileSync(path.join(corpus, 'EXPECTED.json'), 'utf8')).packets
    : [];
  const passing = expected.filter((p) => p.pass);

  it('covers every passing example packet of EXPECTED.json', () => {
    expect(passing.length).toBeGreaterThanOrEqual(6);
  });

  for (const { packet } of passing) {
    it(`${packet}: the manifest and every prompt and template`, () => {
      const dir = path.join(corpus, packet);
      const manifest = dataOf(path.join(dir, 'prompt_runner_packet.md'));
      const schema = packetSchemaFor(packet);
      expect(errorsAgainst(schema, manifest)).toEqual([]);
      expect(undeclared(schema, manifest)).toEqual([]);
      const prompts = promptFilesUnder(dir);
      expect(prompts.length).toBeGreaterThanOrEqual(2);
      for (const file of prompts) {
        const data = dataOf(file);
        expect(errorsAgainst(promptSchema as JsonSchema, data), file).toEqual([]);
        expect(undeclared(promptSchema as JsonSchema, data), file).toEqual([]);
      }
    });
  }

  const snippets: Array<{ file: string; kind: string }> = hasShared
    ? JSON.parse(readFileSync(path.join(corpus, 'doc_snippets/INDEX.json'), 'utf8'))
    : [];
  const ofKind = (kind: string) => snippets.filter((s) => s.kind === kind).map((s) => s.file);

  it('the packet manifests, prompts and workspace manifests the guides show', () => {
    const cases: Array<[string, JsonSchema]> = [
      ...ofKind('packet_manifest').map((f): [string, JsonSchema] => [f, packetSchemaFor(f)]),
      ...ofKind('prompt_or_template').map((f): [string, JsonSchema] => [f, promptSchema as JsonSchema]),
      ...ofKind('workspace_manifest').map((f): [string, JsonSchema] => [f, workspaceSchema as JsonSchema]),
    ];
    expect(cases.length).toBeGreaterThanOrEqual(11);
    for (const [file, schema] of cases) {
      const data = dataOf(path.join(corpus, 'doc_snippets', file));
      expect(errorsAgainst(schema, data), file).toEqual([]);
      expect(undeclared(schema, data), file).toEqual([]);
    }
  });

  it('every YAML fragment the guides show, against each schema that declares its keys', () => {
    const fragments = ofKind('yaml_fragment');
    expect(fragments.length).toBeGreaterThanOrEqual(20);
    for (const file of fragments) {
      const data = dataOf(path.join(corpus, 'doc_snippets', file));
      const candidates = file.startsWith('v0.13.0')
        ? [packet13, promptSchema, workspaceSchema]
        : [packet12, promptSchema, workspaceSchema];
      for (const [key, value] of Object.entries(data)) {
        const declaring = (candidates as JsonSchema[]).filter((s) => key in (s.properties as JsonSchema));
        expect(declaring.length, `${file}: ${key}`).toBeGreaterThan(0);
        for (const schema of declaring)
          expect(errorsAgainst(schema, value, `/properties/${key}`), `${file}: ${key}`).toEqual([]);
      }
    }
  });
});
