import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { promptRunner, type PromptRunnerModel } from '@orchlint/prompt-runner';
import { packetSchema, promptSchema, workspaceSchema } from '../src/schemas.js';

type JsonSchema = Record<string, unknown>;
const packet12 = packetSchema('0.12.1') as JsonSchema;
const packet13 = packetSchema('0.13.0') as JsonSchema;
const all: Array<[string, JsonSchema]> = [
  ['packet 0.12', packet12],
  ['packet 0.13', packet13],
  ['prompt', promptSchema as JsonSchema],
  ['workspace', workspaceSchema as JsonSchema],
];

/** Every property a schema declares, with its path, through $defs, items, maps and combinators. */
function properties(schema: unknown, path = '#'): Array<{ path: string; schema: JsonSchema }> {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as JsonSchema;
  const out: Array<{ path: string; schema: JsonSchema }> = [];
  for (const [name, sub] of Object.entries((s.properties as JsonSchema) ?? {})) {
    out.push(
      { path: `${path}/properties/${name}`, schema: sub as JsonSchema },
      ...properties(sub, `${path}/properties/${name}`),
    );
  }
  for (const [name, sub] of Object.entries((s.$defs as JsonSchema) ?? {}))
    out.push(...properties(sub, `${path}/$defs/${name}`));
  for (const key of ['items', 'additionalProperties']) out.push(...properties(s[key], `${path}/${key}`));
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    ((s[key] as unknown[]) ?? []).forEach((sub, i) => out.push(...properties(sub, `${path}/${key}/${i}`)));
  return out;
}

describe('the Prompt Runner schemas', () => {
  for (const [name, schema] of all) {
    it(`${name}: is a valid JSON Schema 2020-12 that compiles in strict mode`, () => {
      const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
      expect(() => ajv.compile(schema)).not.toThrow();
      expect(schema.$id).toMatch(/^https:\/\/orchlint\.dev\/schemas\/prompt-runner\/[\w.-]+\.schema\.json$/);
    });
    it(`${name}: describes every field`, () => {
      const undocumented = properties(schema).filter(
        (p) => typeof p.schema.description !== 'string' && typeof p.schema.$ref !== 'string',
      );
      expect(undocumented.map((p) => p.path)).toEqual([]);
    });
  }

  it('the manifest and prompt schemas take their shared definitions from the one copy in definitions.schema.json', () => {
    const defs = (s: unknown) => (s as { $defs: Record<string, unknown> }).$defs;
    const shared = Object.keys(defs(promptSchema)).filter((k) => k in defs(packet12));
    expect(shared).toEqual(expect.arrayContaining(['contract', 'command', 'recovery', 'provider', 'providerOptions']));
    for (const key of shared) {
      expect(defs(packet12)[key], key).toBe(defs(promptSchema)[key]);
      expect(defs(packet13)[key], key).toBe(defs(promptSchema)[key]);
    }
    const prompt = (promptSchema as { properties: Record<string, unknown> }).properties;
    const manifest = (packet12 as { properties: Record<string, unknown> }).properties;
    for (const key of ['provider', 'permission_mode', 'timeout', 'codex_thread_opts', 'max_turns'])
      expect(prompt[key], key).toEqual(manifest[key]);
  });

  it('0.13 differs from 0.12 only in execution, which 0.12 ignores', () => {
    const props = (s: JsonSchema) => s.properties as Record<string, JsonSchema>;
    expect(Object.keys(props(packet13))).toEqual(Object.keys(props(packet12)));
    const differing = Object.keys(props(packet13)).filter(
      (k) => JSON.stringify(props(packet13)[k]) !== JSON.stringify(props(packet12)[k]),
    );
    expect(differing).toEqual(['execution']);
    expect(props(packet12).execution).toEqual({ description: expect.stringContaining('ignores this key') });
    expect(props(props(packet13).execution!).completion!.enum).toEqual(['verifier_owned', 'agent_owned']);
  });

  it('accepts exactly the execution combinations 0.13 accepts', () => {
    const validate = new Ajv2020({ allowUnionTypes: true }).compile(packet13);
    const accepts = (execution: unknown) => validate({ execution });
    expect(
      [
        null,
        {},
        { completion: 'verifier_owned' },
        { completion: 'verifier_owned', incomplete: 'fail' },
        { completion: 'agent_owned', incomplete: 'repeat' },
      ].map(accepts),
    ).toEqual([true, true, true, true, true]);
    expect(
      [
        { completion: 'agent_owned' },
        { incomplete: 'fail' },
        { completion: 'verifier_owned', incomplete: 'repeat' },
        { completion: 'agent_owned', incomplete: 'fail' },
        { completion: 'x' },
        { mode: 1 },
        'agent_owned',
      ].map(accepts),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});

const files: Record<string, string> = {
  'pk/prompt_runner_packet.md': '---\nname: pk\nrepos:\n  app: { path: ./app, default: true }\n---\n# Packet\n',
  'pk/prompts/01_a.prompt.md': '---\nid: "01"\ntargets: [app]\n---\n# A\n',
  'pk/prompts/01_a.prompt.checklist.md': '# Checklist 01: A\n',
  'pk/docs/notes.md': '# Notes\n',
  'pk/workspace.yml': 'schema: prompt_runner.workspace/v1\nid: ops\nrepositories:\n  app: { remote: r }\n',
  'other/prompt_runner_packet.md': '---\nname: other\n---\n',
  'other/prompts/01_b.prompt.md': '---\nid: "01"\n---\n',
};
const load = (path: string, targets = {}, extra: Record<string, string> = {}): PromptRunnerModel => {
  const all = { ...files, ...extra };
  return promptRunner.load(new Source(path, all[path]!), memoryHost(all), targets).model!;
};
const titleOf = (model: PromptRunnerModel, path: string) =>
  (promptRunner.schema!(model, path) as { title?: string } | undefined)?.title;

describe('the dialect hands each file of a unit its schema', () => {
  it('the manifest gets the packet schema of the release the packet is linted as', () => {
    expect(titleOf(load('pk/prompt_runner_packet.md'), 'pk/prompt_runner_packet.md')).toBe(
      'Prompt Runner packet manifest (0.12)',
    );
    expect(titleOf(load('pk/prompt_runner_packet.md', { 'prompt-runner': '0.13' }), 'pk/prompt_runner_packet.md')).toBe(
      'Prompt Runner packet manifest (0.13)',
    );
    const requiring = { 'pk/workspace.yml': `${files['pk/workspace.yml']}requires: { prompt_runner: ">= 0.13.0" }\n` };
    expect(titleOf(load('pk/prompt_runner_packet.md', {}, requiring), 'pk/prompt_runner_packet.md')).toBe(
      'Prompt Runner packet manifest (0.13)',
    );
  });

  it('a prompt gets the prompt schema, whichever file of the packet the unit was loaded from', () => {
    expect(titleOf(load('pk/prompt_runner_packet.md'), 'pk/prompts/01_a.prompt.md')).toBe('Prompt Runner prompt');
    expect(titleOf(load('pk/prompts/01_a.prompt.md'), 'pk/prompts/01_a.prompt.md')).toBe('Prompt Runner prompt');
    expect(titleOf(load('pk/prompts/01_a.prompt.md'), './pk/prompts/../prompts/01_a.prompt.md')).toBe(
      'Prompt Runner prompt',
    );
  });

  it('a workspace manifest gets the workspace schema', () => {
    expect(titleOf(load('pk/workspace.yml'), 'pk/workspace.yml')).toBe(
      'Prompt Runner workspace manifest (prompt_runner.workspace/v1)',
    );
  });

  it('a path outside the unit gets none', () => {
    const packet = load('pk/prompt_runner_packet.md');
    for (const path of [
      'pk/prompts/01_a.prompt.checklist.md',
      'pk/docs/notes.md',
      'pk/workspace.yml',
      'other/prompt_runner_packet.md',
      'other/prompts/01_b.prompt.md',
      'pk/prompts/02_missing.prompt.md',
    ]) {
      expect(promptRunner.schema!(packet, path), path).toBeUndefined();
    }
    expect(promptRunner.schema!(load('pk/workspace.yml'), 'pk/prompt_runner_packet.md')).toBeUndefined();
  });
});
