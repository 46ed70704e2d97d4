import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { promptpack, type PackModel } from '@orchlint/promptpack';

const text = `id: tickets
name: Tickets
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
requires:
  providers: [default, { key: triage, role: inference }]
tools:
  crm_lookup: { name: crm_lookup, description: Look up a customer. }
prompts:
  classify: { id: classify, name: Classify, version: 1.0.0, system_template: Classify., provider: triage }
  support: { id: support, name: Support, version: 1.0.0, system_template: Help., tools: [crm_lookup, research] }
  research: { id: research, name: Research, version: 1.0.0, system_template: Research. }
compositions:
  handle:
    version: 1
    output: answer
    steps:
      - { id: intent, kind: prompt, prompt_task: classify, output_schema: s.json }
      - { id: gate, kind: branch, predicate: { path: "\${intent.output.c}", exists: true }, then: answer }
      - { id: answer, kind: agent, prompt_task: support, tools: [crm_lookup], termination: { max_steps: 3 } }
workflow:
  version: 2
  entry: triage
  states:
    triage:
      prompt_task: support
      control: agent
      max_visits: 2
      on_max_visits: handoff
      on_event: { Routed: handoff }
    handoff: { orchestration: composition, composition: handle, terminal: true }
agents:
  entry: support
  members:
    support: {}
    research: { state: triage }
`;

function load(): { pack: PackModel; source: Source } {
  const source = new Source('tickets.promptpack.yaml', text);
  const { model } = promptpack.load(source, memoryHost({}), {});
  return { pack: model!, source };
}

/** The text a span covers, so assertions read like the document. */
const at = (source: Source, span: { start: number; end: number }) => source.text.slice(span.start, span.end);

describe('promptpack outline', () => {
  const { pack, source } = load();
  const outline = promptpack.outline!(pack);

  it('lists every defined name with its kind, on its key', () => {
    const all = outline.symbols.flatMap((s) => (s.kind === 'workflow' ? s.children! : [s]));
    const names = all.map((s) => `${s.kind}:${s.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'prompt:classify',
        'prompt:support',
        'prompt:research',
        'tool:crm_lookup',
        'provider:default',
        'provider:triage',
        'state:triage',
        'state:handoff',
        'agent:support',
        'agent:research',
        'composition:handle',
      ]),
    );
    for (const s of all)
      expect(at(source, s.span)).toBe(s.kind === 'provider' && s.name === 'default' ? 'default' : s.name);
    const triage = all.find((s) => s.kind === 'state' && s.name === 'triage')!;
    expect(triage.detail).toBe('entry, control: agent');
    expect(at(source, triage.fullSpan!)).toMatch(/^triage:\n\s+prompt_task: support[\s\S]*Routed: handoff }$/);
  });

  it('nests steps under their composition, qualified by it', () => {
    const handle = outline.symbols.find((s) => s.kind === 'composition')!;
    expect(handle.children!.map((c) => c.name)).toEqual(['handle.intent', 'handle.gate', 'handle.answer']);
    expect(handle.children!.map((c) => at(source, c.span))).toEqual(['intent', 'gate', 'answer']);
  });

  it('records every reference with the kind of what it names', () => {
    const refs = outline.references.map((r) => `${r.kind}:${r.name}@${at(source, r.span)}`);
    expect(refs).toEqual(
      expect.arrayContaining([
        'state:triage@triage', // workflow.entry
        'state:handoff@handoff', // on_event target and on_max_visits
        'state:triage@triage', // agents.members.research.state
        'prompt:support@support', // prompt_task, agents.entry, member key
        'prompt:classify@classify', // step prompt_task
        'tool:crm_lookup@crm_lookup', // prompt tools and step tools
        'agent:research@research', // a prompt's tools naming a member delegates to it
        'composition:handle@handle',
        'provider:triage@triage',
        'step:handle.answer@answer', // then and output
      ]),
    );
    expect(refs.filter((r) => r === 'state:handoff@handoff')).toHaveLength(2);
    expect(refs.filter((r) => r === 'step:handle.answer@answer')).toHaveLength(2);
  });
});

describe('promptpack schema and reference slots', () => {
  it('hands out the schema the pack is checked against', () => {
    const { pack } = load();
    const schema = promptpack.schema!(pack, pack.source.path) as { version?: string; $defs?: Record<string, unknown> };
    expect(schema.version).toBe('1.9.0');
    expect(schema.$defs).toHaveProperty('WorkflowState');
    expect(promptpack.schema!(pack, 'other.pack.json')).toBeUndefined();
  });

  it('names the kind each reference slot takes', () => {
    const slots = new Map(promptpack.referenceSlots!.map((s) => [s.path.join('/'), s.kind]));
    expect(slots.get('workflow/entry')).toBe('state');
    expect(slots.get('workflow/states/*/on_event/*')).toBe('state');
    expect(slots.get('workflow/states/*/on_max_visits')).toBe('state');
    expect(slots.get('agents/members/*/state')).toBe('state');
    expect(slots.get('workflow/states/*/prompt_task')).toBe('prompt');
    expect(slots.get('prompts/*/tools/*')).toBe('tool');
    expect(slots.get('compositions/*/steps/*/then')).toBe('step');
    expect(slots.get('compositions/*/steps/*/branches/*/prompt_task')).toBe('prompt');
  });
});
