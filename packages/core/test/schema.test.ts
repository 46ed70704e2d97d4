import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  didYouMean,
  displayPath,
  SchemaChecker,
  schemaMessage,
  Source,
  Tree,
  type SchemaFinding,
} from '../src/index.js';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://orchlint.test/pack.schema.json',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    control: { enum: ['user', 'agent'] },
    retries: { type: 'integer' },
    states: { type: 'object', additionalProperties: { $ref: '#/$defs/state' } },
    steps: { type: 'array', items: { $ref: '#/$defs/step' } },
  },
  $defs: {
    state: {
      type: 'object',
      additionalProperties: false,
      properties: { prompt_task: { type: 'string' }, terminal: { type: 'boolean' } },
    },
    step: { oneOf: [{ $ref: '#/$defs/toolStep' }, { $ref: '#/$defs/promptStep' }] },
    toolStep: {
      type: 'object',
      required: ['kind', 'tool'],
      additionalProperties: false,
      properties: { kind: { const: 'tool' }, tool: { type: 'string' }, args: { type: 'object' } },
    },
    promptStep: {
      type: 'object',
      required: ['kind', 'prompt'],
      additionalProperties: false,
      properties: { kind: { const: 'prompt' }, prompt: { type: 'string' }, temperature: { type: 'number' } },
    },
  },
};

const checker = new SchemaChecker(schema);
const check = (text: string): Array<SchemaFinding & { text: string }> => {
  const tree = new Tree(new Source('p.yaml', text));
  return checker.check(tree).map((f) => ({ ...f, text: text.slice(f.span.start, f.span.end) }));
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SchemaChecker', () => {
  it('passes a valid document without findings', () => {
    expect(check('id: ok\nsteps:\n  - { kind: tool, tool: search }\n  - { kind: prompt, prompt: hi }\n')).toEqual([]);
  });

  it('an unknown property is reported on its key, with a near miss suggested', () => {
    const [finding, ...rest] = check('id: ok\nstates:\n  triage:\n    promt_task: route\n');
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      keyword: 'additionalProperties',
      text: 'promt_task',
      path: ['states', 'triage', 'promt_task'],
    });
    expect(finding!.message).toBe("unknown property 'promt_task' in 'states.triage' (did you mean 'prompt_task'?)");
  });

  it('no suggestion when nothing is close', () => {
    const [finding] = check('id: ok\nzebra: 1\n');
    expect(finding!.message).toBe("unknown property 'zebra' in the document");
  });

  it('enum, type and pattern findings are on the value', () => {
    const findings = check('id: Not An Id\ncontrol: agnet\nretries: "3"\n');
    const byKeyword = Object.fromEntries(findings.map((f) => [f.keyword, f]));
    expect(Object.keys(byKeyword).sort()).toEqual(['enum', 'pattern', 'type']);
    expect(byKeyword.enum).toMatchObject({ text: 'agnet', path: ['control'] });
    expect(byKeyword.enum!.message).toContain("expected one of: user, agent (did you mean 'agent'?)");
    expect(byKeyword.type).toMatchObject({ text: '"3"', path: ['retries'] });
    expect(byKeyword.type!.message).toContain("'retries' must be an integer, not a string");
    expect(byKeyword.pattern).toMatchObject({ text: 'Not An Id', path: ['id'] });
  });

  it('a missing required property is reported on the mapping that lacks it', () => {
    const [finding] = check('control: user\n');
    expect(finding).toMatchObject({ keyword: 'required' });
    expect(finding!.message).toContain("'id'");
    expect(finding!.span.start).toBe(0);
  });

  it('oneOf: only the errors of the branch the value nearly matches, none from the others', () => {
    const text = 'id: ok\nsteps:\n  - kind: tool\n    tool: search\n    temprature: 0.2\n';
    const findings = check(text);
    expect(findings.map((f) => [f.keyword, f.text])).toEqual([['additionalProperties', 'temprature']]);

    const prompt = check('id: ok\nsteps:\n  - kind: prompt\n    prompt: hi\n    temperature: hot\n');
    expect(prompt.map((f) => [f.keyword, f.text])).toEqual([['type', 'hot']]);
    expect(prompt[0]!.message).toContain("'steps[0].temperature' must be a number");
  });

  it('oneOf: a value of the wrong kind for every branch gets one type finding', () => {
    const findings = check('id: ok\nsteps:\n  - just a string\n');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ keyword: 'type', text: 'just a string' });
    expect(findings[0]!.message).toBe('\'steps[0]\' must be a mapping, not a string ("just a string")');
  });

  it('says nothing about a document that did not parse cleanly', () => {
    expect(check('id: [unclosed\nzebra: 1\n')).toEqual([]);
  });

  it('compiles the schema and each branch once, however many documents it checks', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const own = new SchemaChecker(schema);
    const tree = () =>
      new Tree(new Source('p.yaml', 'id: ok\nsteps:\n  - { kind: tool, tool: 1 }\n  - { kind: prompt, prompt: 2 }\n'));
    const first = own.check(tree());
    expect(first.length).toBeGreaterThan(0);
    const afterFirst = compile.mock.calls.length;
    // The first check compiled the oneOf branches it had to explain.
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 20; i++) expect(own.check(tree())).toEqual(first);
    expect(compile.mock.calls.length).toBe(afterFirst);
  });
});

describe('displayPath and didYouMean', () => {
  it('writes data paths as people do', () => {
    expect(displayPath(['workflow', 'states', 'triage', 'on_event'])).toBe('workflow.states.triage.on_event');
    expect(displayPath(['steps', 2, 'provider'])).toBe('steps[2].provider');
    expect(displayPath(['states', 'needs review', 'x'])).toBe('states["needs review"].x');
    expect(displayPath([])).toBe('');
  });

  it('suggests only a close candidate', () => {
    expect(didYouMean('promt_task', ['prompt_task', 'terminal'])).toBe(" (did you mean 'prompt_task'?)");
    expect(didYouMean('zebra', ['prompt_task', 'terminal'])).toBe('');
    expect(didYouMean('x', [])).toBe('');
    expect(didYouMean('agent', ['agent'])).toBe('');
  });
});

// Dialects classify and word findings from these fields, never from the sentence.
describe('schema findings as data', () => {
  it("carries ajv's keyword, instancePath and params, the value and the near miss", () => {
    const found = check('id: Bad\ncontrol: agnet\nstates:\n  a: { prompt_tsk: x }\n');
    const by = (keyword: string) => found.find((f) => f.keyword === keyword)!;
    expect(by('pattern')).toMatchObject({
      instancePath: '/id',
      path: ['id'],
      data: 'Bad',
      params: { pattern: '^[a-z][a-z0-9-]*$' },
    });
    expect(by('enum')).toMatchObject({
      instancePath: '/control',
      data: 'agnet',
      params: { allowedValues: ['user', 'agent'] },
      suggestion: 'agent',
    });
    expect(by('additionalProperties')).toMatchObject({
      instancePath: '/states/a',
      path: ['states', 'a', 'prompt_tsk'],
      params: { additionalProperty: 'prompt_tsk' },
      suggestion: 'prompt_task',
    });
  });

  it('renders the message from those fields alone', () => {
    for (const f of check('control: agnet\nretries: x\nstates:\n  a: { prompt_tsk: x }\n')) {
      const { message, ...data } = f;
      expect(schemaMessage(data)).toBe(message);
    }
    expect(check('retries: 1\n')[0]).toMatchObject({
      keyword: 'required',
      instancePath: '',
      params: { missingProperty: 'id' },
    });
  });
});
