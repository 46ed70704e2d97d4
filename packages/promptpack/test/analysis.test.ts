import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { lintMemory } from '../../../test/support/lint.js';
import {
  forcedExitCycles,
  isPriorStep,
  promptpack,
  reachableStates,
  stepCycles,
  stepGraph,
  unboundedCycles,
  type PackModel,
} from '@orchlint/promptpack';

const head = `id: t
name: T
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  p: { id: p, name: P, version: 1.0.0, system_template: P. }
`;

function pack(body: string): PackModel {
  return promptpack.load(new Source('t.promptpack.yaml', head + body), memoryHost({}), {}).model!;
}

describe('workflow analysis', () => {
  const workflow = pack(`workflow:
  version: 2
  entry: a
  states:
    a: { prompt_task: p, max_visits: 2, on_max_visits: b, on_event: { Go: b } }
    b: { prompt_task: p, max_visits: 2, on_max_visits: a, on_event: { Back: a } }
    c: { prompt_task: p, on_event: { Loop: c, Leave: d } }
    d: { prompt_task: p, max_visits: 1, on_max_visits: e }
    e: { prompt_task: p, terminal: true }
agents:
  entry: p
  members:
    p: { state: c }
`).workflow!;

  it('reaches states from the entry and from agent states, over both kinds of edge', () => {
    expect([...reachableStates(workflow)].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('finds forced-exit loops once, from their first state, and lets finite chains be', () => {
    expect(forcedExitCycles(workflow).map((c) => c.map((s) => s.name))).toEqual([['a', 'b']]);
  });

  it('calls a cycle unbounded only when no member has max_visits', () => {
    expect(unboundedCycles(workflow).map((c) => c.cycle)).toEqual([['c', 'c']]);
  });
});

describe('composition step graph', () => {
  const composition = pack(`compositions:
  c:
    version: 1
    steps:
      - { id: first, kind: prompt, prompt_task: p }
      - id: fan
        kind: parallel
        branches:
          - { id: left, kind: prompt, prompt_task: p }
          - { id: right, kind: prompt, prompt_task: p, depends_on: [left] }
        reduce: { strategy: append, into: all }
      - { id: gate, kind: branch, predicate: { path: "\${fan.output.all}", exists: true }, then: yes, else: no }
      - { id: yes, kind: prompt, prompt_task: p }
      - { id: no, kind: prompt, prompt_task: p }
`).compositions.get('c')!;
  const placed = (id: string) => stepGraph(composition).byId.get(id)!;
  const prior = (id: string) =>
    stepGraph(composition)
      .steps.map((s) => s.id!)
      .filter((other) => isPriorStep(composition, placed(id), other))
      .sort();

  it('places nested branches under their parallel step', () => {
    expect(stepGraph(composition).steps.map((s) => `${s.id}${s.parent ? `<${s.parent.id}` : ''}`)).toEqual([
      'first',
      'fan',
      'left<fan',
      'right<fan',
      'gate',
      'yes',
      'no',
    ]);
  });

  it('knows which outputs exist before a step runs', () => {
    expect(prior('first')).toEqual([]);
    expect(prior('left')).toEqual(['first']); // what its parallel step runs after, not its sibling
    expect(prior('right')).toEqual(['first', 'left']); // plus its own depends_on
    expect(prior('gate')).toEqual(['fan', 'first', 'left', 'right']);
    expect(prior('no')).toEqual(['fan', 'first', 'gate', 'left', 'right', 'yes']); // list order, as RFC 0010 defines
  });

  it('is acyclic here, and spells a cycle in run order when there is one', () => {
    expect(stepCycles(composition)).toEqual([]);
    const looping = pack(`compositions:
  c:
    version: 1
    steps:
      - { id: a, kind: prompt, prompt_task: p }
      - { id: b, kind: branch, predicate: { path: "\${a.output}", exists: true }, then: a }
`).compositions.get('c')!;
    expect(stepCycles(looping)).toEqual([['a', 'b', 'a']]);
  });
});

describe('step labels', () => {
  it('names a step without an id by its place, a branch step by its place under its parallel step', () => {
    const pack = `id: tickets
name: Tickets
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  classify: { id: classify, name: Classify, version: 1.0.0, system_template: Classify the message. }
workflow:
  version: 1
  entry: handle
  states:
    handle: { orchestration: composition, composition: handle_ticket, terminal: true }
compositions:
  handle_ticket:
    version: 1
    steps:
      - { id: intent, kind: prompt, prompt_task: classify, input: "\${input.message}" }
      - { kind: prompt, prompt_task: clasify, input: "\${input.message}" }
      - id: fan
        kind: parallel
        branches:
          - { kind: prompt, prompt_task: reply, input: "\${input.message}" }
`;
    const messages = lintMemory({ 'p.promptpack.yaml': pack }, 'promptpack')
      .filter((d) => d.rule === 'promptpack/composition-prompt-ref')
      .map((d) => d.message.split(' runs ')[0]);
    expect(messages).toEqual([
      "step #2 of composition 'handle_ticket'",
      "branch #1 of step 'fan' of composition 'handle_ticket'",
    ]);
  });
});
