import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { archon } from '../src/index.js';

const yaml = `name: svc
description: services
interactive: true
nodes:
  - id: fetch
    bash: gh issue view 1
  - id: classify
    depends_on: [fetch]
    prompt: |
      Classify $fetch.output
    output_format:
      type: object
      properties:
        kind: { type: string }
  - id: iterate
    depends_on: [classify]
    when: "$classify.output.kind == 'bug'"
    loop_group:
      max_iterations: 2
      until_bash: npm test
      nodes:
        - id: fix
          prompt: Fix it.
        - id: check
          depends_on: [fix]
          bash: npm test
  - id: gate
    depends_on: [iterate]
    approval:
      message: Ship?
`;

function load(text = yaml, targets = {}) {
  const result = archon.load(new Source('.archon/workflows/svc.yaml', text), memoryHost({}), targets);
  return result.model!;
}

describe('archon dialect services', () => {
  it('detects workflow files by path or by shape', () => {
    expect(archon.detect('.archon/workflows/x.yaml', '')).toBe('unit');
    expect(archon.detect('flows/x.yml', 'name: x\nnodes:\n  - id: a\n')).toBe('unit');
    expect(archon.detect('config.yaml', 'name: x\nsteps: []\n')).toBe(false);
  });

  it('draws the DAG: kinds as classes, when-labelled edges, loop groups as groups', () => {
    const graph = archon.graph!(load())!;
    expect(graph.nodes.find((n) => n.id === 'fetch')?.classes).toEqual(['script', 'entry']);
    expect(graph.nodes.find((n) => n.id === 'classify')?.classes).toEqual(['ai']);
    expect(graph.nodes.find((n) => n.id === 'gate')?.classes).toEqual(['approval']);
    expect(graph.nodes.find((n) => n.id === 'iterate/check')).toMatchObject({ group: 'iterate', label: 'check' });
    expect(graph.groups).toEqual([{ id: 'iterate', label: 'loop_group iterate' }]);
    expect(graph.edges).toContainEqual({
      from: 'classify',
      to: 'iterate',
      label: "$classify.output.kind == 'bug'",
      style: 'dashed',
    });
    expect(graph.edges).toContainEqual({ from: 'iterate/fix', to: 'iterate/check' });
  });

  it('outlines nodes and every reference to one', () => {
    const outline = archon.outline!(load());
    expect(outline.symbols.map((s) => s.name)).toEqual(['fetch', 'classify', 'iterate', 'gate']);
    expect(outline.symbols[2]!.children?.map((s) => s.name)).toEqual(['fix', 'check']);
    const refs = outline.references.map((r) => `${r.name}@${yaml.slice(r.span.start, r.span.end)}`);
    expect(refs).toEqual(expect.arrayContaining(['fetch@fetch', 'classify@classify', 'fix@fix']));
    expect(refs.filter((r) => r === 'fetch@fetch')).toHaveLength(2);
    expect(refs.filter((r) => r === 'classify@classify')).toHaveLength(2);
  });

  it('offers node ids where depends_on and context.resume expect them, and the version schema', () => {
    expect(archon.referenceSlots).toContainEqual({ path: ['nodes', '*', 'depends_on', '*'], kind: 'node' });
    const schemaOf = (model: ReturnType<typeof load>) =>
      archon.schema!(model, model.source.path) as { title: string } | undefined;
    expect(schemaOf(load())?.title).toBe('Archon workflow (engine 0.9)');
    expect(schemaOf(load(yaml, { archon: '0.10.1' }))?.title).toBe('Archon workflow (engine 0.10)');
    expect(archon.schema!(load(), '.archon/workflows/other.yaml')).toBeUndefined();
  });
});
