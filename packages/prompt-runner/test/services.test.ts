import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import { promptRunner, type PacketModel } from '@orchlint/prompt-runner';

const files: Record<string, string> = {
  'prompt_runner_packet.md': '---\nrepos:\n  app: { path: ./app, default: true }\n  docs: { path: ./docs }\n---\n',
  'prompts/01_a.prompt.md':
    '---\nid: "01"\ntargets: [app]\ndepends_on: ["02"]\nverify:\n  files_exist: [{repo: docs, path: x}, "docs:y"]\n  commands:\n    - { exec: "@repo:app/bin/check", args: [], timeout_ms: 1 }\n---\n',
  'prompts/02_b.prompt.md': '---\nid: "02"\ntargets: [docs]\ndepends_on: ["01"]\n---\n',
};
const model = promptRunner.load(
  new Source('prompt_runner_packet.md', files['prompt_runner_packet.md']!),
  memoryHost(files),
  {},
).model as PacketModel;

describe('dialect services', () => {
  it('draws prompts in run order, depends_on edges, repos as groups, and marks the cycle', () => {
    const graph = promptRunner.graph!(model)!;
    expect(graph.nodes.map((n) => [n.id, n.group])).toEqual([
      ['01', 'repo:app'],
      ['02', 'repo:docs'],
    ]);
    expect(graph.nodes.every((n) => n.classes?.includes('problem'))).toBe(true);
    expect(
      graph.edges
        .filter((e) => e.label === 'depends_on')
        .map((e) => `${e.from}->${e.to}`)
        .sort(),
    ).toEqual(['01->02', '02->01']);
    expect(graph.groups?.map((g) => g.label)).toEqual(['app', 'docs']);
  });

  it('outlines prompts and repos, and every reference to them', () => {
    const outline = promptRunner.outline!(model);
    expect(outline.symbols.map((s) => `${s.kind}:${s.name}`)).toEqual([
      'repo:app',
      'repo:docs',
      'prompt:01',
      'prompt:02',
    ]);
    const refs = outline.references.map((r) => {
      const text = (r.path === 'prompt_runner_packet.md' ? files['prompt_runner_packet.md'] : files[r.path!])!;
      return `${r.kind}:${r.name}=${text.slice(r.span.start, r.span.end)}`;
    });
    expect(refs).toEqual([
      'prompt:02="02"',
      'repo:app=app',
      'prompt:01="01"',
      'repo:docs=docs',
      'repo:docs=docs',
      'repo:docs=docs',
      'repo:app=app',
    ]);
  });

  it('offers repos in targets and prompts in depends_on', () => {
    expect(promptRunner.referenceSlots).toContainEqual({ path: ['targets', '*'], kind: 'repo' });
    expect(promptRunner.referenceSlots).toContainEqual({ path: ['depends_on', '*'], kind: 'prompt' });
  });
});
