import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { GraphView } from '@orchlint/core';
import { renderDot, renderMermaid } from '@orchlint/cli';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles } from '../support/orchlint-bin.js';

/** Mermaid's own parser (the one GitHub renders with) needs a DOM for its sanitiser: jsdom gives one. */
async function mermaidParse(text: string): Promise<unknown> {
  const { JSDOM } = await import('jsdom');
  const { window } = new JSDOM('');
  Object.assign(globalThis, { window, document: window.document });
  const { default: mermaid } = await import('mermaid');
  return mermaid.parse(text);
}

/** Graphviz itself when it is installed (CI installs it), else say so. */
function dotRenders(text: string): boolean | undefined {
  const r = spawnSync('dot', ['-Tsvg'], { input: text, encoding: 'utf8' });
  if (r.error) {
    console.log('notice: Graphviz `dot` is not on PATH; the DOT output is checked by its structure only');
    return undefined;
  }
  if (r.status !== 0) console.log(r.stderr);
  return r.status === 0 && r.stdout.includes('<svg');
}

const pack = `id: g
name: G
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  p: { id: p, name: P, version: 1.0.0, system_template: x }
workflow:
  version: 2
  entry: intake
  states:
    intake:
      prompt_task: p
      on_event: { "Start <now>": research, Skip: done }
    research:
      prompt_task: p
      control: agent
      on_event: { Draft: critique }
    critique:
      prompt_task: p
      control: agent
      on_event: { Revise: research }
    'review "#1"':
      prompt_task: p
      control: agent
      max_visits: 3
      on_max_visits: done
      on_event: { Again: 'review "#1"' }
    done:
      prompt_task: p
      terminal: true
`;

describe('orchlint graph (PromptPack)', () => {
  const dir = tempFiles({
    'g.promptpack.yaml': pack,
    'no-workflow.pack.json':
      '{"id":"x","name":"x","version":"1.0.0","template_engine":{"version":"v1","syntax":"{{x}}"},"prompts":{}}',
  });

  it('draws the state machine in Mermaid: entry, terminal, control, the agent cycle without exit, dashed max-visits edges', async () => {
    const r = await orchlintInProcess(['graph', 'g.promptpack.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'flowchart TD',
        '  n0(["intake<br/>p"])',
        '  n1("research<br/>p")',
        '  n2("critique<br/>p")',
        '  n3("review #quot;#35;1#quot;<br/>p")',
        '  n4[["done<br/>p"]]',
        '  n0 -->|"Start #lt;now#gt;"| n1',
        '  n0 -->|"Skip"| n4',
        '  n1 -->|"Draft"| n2',
        '  n2 -->|"Revise"| n1',
        '  n3 -->|"Again"| n3',
        '  n3 -.->|"after 3 visits"| n4',
        '  classDef user fill:#ddf4ff,stroke:#0969da',
        '  classDef agent fill:#fff8c5,stroke:#9a6700',
        '  classDef terminal stroke:#24292f,stroke-width:2px',
        '  classDef entry stroke:#1a7f37,stroke-width:3px',
        '  classDef problem fill:#ffebe9,stroke:#cf222e,stroke-width:3px,color:#82071e',
        '  class n0,n4 user',
        '  class n1,n2,n3 agent',
        '  class n4 terminal',
        '  class n0 entry',
        '  class n1,n2 problem',
        '  linkStyle 2,3 stroke:#cf222e,stroke-width:3px',
        '',
      ].join('\n'),
    );
    expect(await mermaidParse(r.stdout)).toMatchObject({ diagramType: 'flowchart-v2' });
  });

  it('draws it in DOT that Graphviz renders', async () => {
    const r = await orchlintInProcess(['graph', '--format', 'dot', 'g.promptpack.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  "review \\"#1\\"" -> "done" [xlabel="after 3 visits", style=dashed];');
    expect(r.stdout).toContain(
      '  "research" -> "critique" [xlabel="Draft", color="#cf222e", fontcolor="#cf222e", penwidth=3];',
    );
    expect(r.stdout).toContain(
      '  "intake" [label="intake\\np", class="entry user", shape=box, style="rounded,filled,bold"',
    );
    expect(r.stdout).toContain('  "done" [label="done\\np", class="user terminal", peripheries=2');
    expect(dotRenders(r.stdout) ?? r.stdout.startsWith('digraph orchlint {\n')).toBe(true);
  });

  it('says plainly when there is nothing to draw', async () => {
    const none = await orchlintInProcess(['graph', 'no-workflow.pack.json'], { cwd: dir });
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toMatch(/has no graph to draw/);
    expect((await orchlintInProcess(['graph', '.'], { cwd: dir })).code).toBe(2);
    expect((await orchlintInProcess(['graph', 'missing.yaml'], { cwd: dir })).stderr).toBe(
      'orchlint: no such file or directory: missing.yaml\n',
    );
  });
});

describe('graph renderers (any dialect)', () => {
  /** What an Archon DAG or a Prompt Runner packet would hand over: groups, nested, and every role. */
  const view: GraphView = {
    direction: 'LR',
    groups: [
      { id: 'loop', label: 'retry loop [max 3]' },
      { id: 'inner', label: 'inner "fix" step', parent: 'loop' },
    ],
    nodes: [
      { id: 'plan', label: 'plan', classes: ['entry', 'ai'] },
      { id: 'build', label: 'build', classes: ['script'], group: 'loop' },
      { id: 'fix', label: 'fix', classes: ['ai', 'loop'], group: 'inner' },
      { id: 'approve', label: 'approve?', classes: ['approval'] },
      { id: 'ship', label: 'ship', classes: ['terminal', 'problem'] },
    ],
    edges: [
      { from: 'plan', to: 'build' },
      { from: 'build', to: 'fix', label: 'when: $build.output.failed' },
      { from: 'fix', to: 'build', style: 'dotted', classes: ['problem'] },
      { from: 'build', to: 'approve' },
      { from: 'approve', to: 'ship', label: 'approved' },
      { from: 'approve', to: 'gone' },
    ],
  };

  it('Mermaid: groups become nested subgraphs, every class a classDef', async () => {
    const text = renderMermaid(view);
    expect(text).toContain(
      'flowchart LR\n  n0(["plan"])\n  n3("approve?")\n  n4[["ship"]]\n  subgraph g0["retry loop [max 3]"]\n    n1("build")\n    subgraph g1["inner #quot;fix#quot; step"]\n      n2("fix")\n    end\n  end\n',
    );
    expect(text).toContain('  n1 -->|"when: $build.output.failed"| n2\n  n2 -.-> n1\n');
    for (const c of ['entry', 'ai', 'script', 'loop', 'approval', 'terminal', 'problem'])
      expect(text).toMatch(new RegExp(`classDef ${c} `));
    expect(text).toContain('  linkStyle 2 stroke:#cf222e');
    expect(text).not.toContain('gone');
    expect(await mermaidParse(text)).toMatchObject({ diagramType: 'flowchart-v2' });
  });

  it('DOT: groups become nested clusters', () => {
    const text = renderDot(view);
    expect(text).toContain(
      '  subgraph "cluster_0" {\n    label="retry loop [max 3]";\n    style="rounded,dashed";\n    "build" [label="build", class="script"',
    );
    expect(text).toContain('    subgraph "cluster_1" {\n      label="inner \\"fix\\" step";');
    expect(text).toContain('  "fix" -> "build" [style=dotted, color="#cf222e"');
    expect(dotRenders(text) ?? text.endsWith('}\n')).toBe(true);
  });
});

describe('orchlint graph reads the unit as the project targets it', () => {
  const workflow = `name: deploy
description: Wait for the window, then deploy.
nodes:
  - id: window
    wait: 10m
  - id: deploy
    bash: ./deploy.sh
    depends_on: [window]
`;

  it('an Archon wait: node is a wait node only when the config targets engine 0.10', async () => {
    const plain = tempFiles({ '.archon/workflows/deploy.yaml': workflow });
    const asOld = await orchlintInProcess(['graph', '.archon/workflows/deploy.yaml', '--format', 'dot'], {
      cwd: plain,
    });
    expect(asOld.code).toBe(0);
    expect(asOld.stdout).toMatch(/"window" \[[^\]]*class="problem/);
    const targeted = tempFiles({
      '.archon/workflows/deploy.yaml': workflow,
      'orchlint.config.yaml': 'targets:\n  archon: "0.10"\n',
    });
    const asNew = await orchlintInProcess(['graph', '.archon/workflows/deploy.yaml', '--format', 'dot'], {
      cwd: targeted,
    });
    expect(asNew.code).toBe(0);
    expect(asNew.stdout).toMatch(/"window" \[[^\]]*class="wait/);
  });

  it('a config that does not validate stops the drawing with its findings (exit 2)', async () => {
    const dir = tempFiles({
      '.archon/workflows/deploy.yaml': workflow,
      'orchlint.config.yaml': 'targets:\n  archon: [0.10]\n',
    });
    const r = await orchlintInProcess(['graph', '.archon/workflows/deploy.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/orchlint\.config\.yaml:2:\d+/);
  });
});
