import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { archon, isStubFixture, type WorkflowModel } from '../src/index.js';

const yaml = `name: facts
inputs:
  topic: { required: true, default: x }
  depth: { default: 2 }
nodes:
  - id: gate
    approval:
      message: Ship?
      decisions: [{ id: approve }, { id: reject }, { label: no id }]
  - id: fan
    workflow: child
    fan_out: { items: [a], join: { min_success: 2 }, max_parallel: 1 }
    with:
      base: { from: $gate.output, if_skipped: none }
      plain: text
  - id: spin
    loop: { prompt: again, until: DONE, interactive: true }
`;

function load(text: string): WorkflowModel {
  const unit = archon.load(new Source('.archon/workflows/facts.yaml', text), memoryHost({}), {}).model!;
  if (isStubFixture(unit)) throw new Error('a workflow was expected');
  return unit;
}

describe('the Archon model holds what rules read, so no rule walks the tree', () => {
  const model = load(yaml);
  const [gate, fan, spin] = model.nodes;

  it('keeps the inputs, each with its settings', () => {
    expect(model.inputs!.map((i) => i.field.key.value)).toEqual(['topic', 'depth']);
    expect(model.inputs![0]!.block.byKey.get('required')!.value).toBe(true);
    expect(model.inputs![1]!.block.byKey.has('required')).toBe(false);
    expect(load('name: x\ninputs: [a]\nnodes: []\n').inputs).toBeUndefined();
  });

  it('keeps approval decisions: how many, and the string ids', () => {
    expect(gate!.decisions!.count).toBe(3);
    expect(gate!.decisions!.ids.map((d) => d.value)).toEqual(['approve', 'reject']);
    expect(gate!.blocks.get('approval')!.byKey.get('message')!.value).toBe('Ship?');
  });

  it('keeps fan_out settings, its join as data, and the with: bindings with their keys', () => {
    const fanOut = fan!.blocks.get('fan_out')!.byKey;
    expect(fanOut.get('items')!.size).toBe(1);
    expect(fanOut.get('max_parallel')!.value).toBe(1);
    expect(fan!.join!.value).toEqual({ min_success: 2 });
    expect(fan!.bindings.map((b) => [b.field.key.value, b.field.type])).toEqual([
      ['base', 'object'],
      ['plain', 'string'],
    ]);
    expect(fan!.bindings[0]!.block.fields.map((f) => f.key.value)).toEqual(['from', 'if_skipped']);
  });

  it('keeps a loop block, and a key is the located text of the key', () => {
    const interactive = spin!.blocks.get('loop')!.byKey.get('interactive')!;
    expect(interactive.value).toBe(true);
    expect(model.source.text.slice(interactive.key.node.range![0], interactive.key.node.range![1])).toBe('interactive');
    expect(spin!.fields.get('loop')!.type).toBe('object');
    expect(spin!.blocks.has('approval')).toBe(false);
  });
});
