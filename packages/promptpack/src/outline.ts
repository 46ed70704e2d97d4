import { spanOfNode, type Outline, type OutlineReference, type OutlineSymbol, type TreeNode } from '@orchlint/core';
import { stepGraph } from './composition.js';
import type { Located, PackModel } from './model.js';

/**
 * What the pack defines (states, prompts, tools, compositions with their steps, agent members,
 * provider requirements) and every place that names one of them. Steps are named
 * `<composition>.<step id>`, since a step id is unique only within its composition.
 */
export function packOutline(pack: PackModel): Outline {
  const symbols: OutlineSymbol[] = [];
  const references: OutlineReference[] = [];
  const symbol = (
    name: string,
    kind: string,
    key: TreeNode,
    value: TreeNode | undefined,
    detail?: string,
  ): OutlineSymbol => {
    const span = spanOfNode(key);
    // Block nodes end after their last line break; the definition ends at its last character.
    let end = value ? spanOfNode(value).end : span.end;
    while (end > span.end && /\s/.test(pack.source.text[end - 1]!)) end--;
    return { name, kind, span, fullSpan: { start: span.start, end }, detail };
  };
  const refer = (located: Located | undefined, kind: string, qualify = (s: string) => s): void => {
    if (typeof located?.value === 'string')
      references.push({ name: qualify(located.value), kind, span: spanOfNode(located.node) });
  };

  for (const p of pack.prompts.values()) symbols.push(symbol(p.key.value, 'prompt', p.key.node, p.node));
  for (const t of pack.tools.values()) symbols.push(symbol(t.key.value, 'tool', t.key.node, t.node));
  for (const p of pack.providers) symbols.push(symbol(p.key.value, 'provider', p.key.node, p.node, p.role));

  const workflow = pack.workflow;
  if (workflow) {
    refer(workflow.entry, 'state');
    // States sit under one 'workflow' symbol, so an editor's outline reads like the file.
    const machine = symbol('workflow', 'workflow', workflow.key.node, workflow.node);
    machine.children = [];
    symbols.push(machine);
    for (const s of workflow.states.values()) {
      const detail = [
        s.name === workflow.entry?.value && 'entry',
        s.terminal?.value === true && 'terminal',
        s.control?.value === 'agent' && 'control: agent',
      ]
        .filter(Boolean)
        .join(', ');
      machine.children.push(symbol(s.name, 'state', s.key.node, s.node, detail || undefined));
      refer(s.promptTask, 'prompt');
      refer(s.composition, 'composition');
      refer(s.onMaxVisits, 'state');
      for (const e of s.onEvent) refer(e.target, 'state');
    }
  }

  const agents = pack.agents;
  if (agents) {
    refer(agents.entry, 'prompt');
    for (const m of agents.members.values()) {
      symbols.push(
        symbol(
          m.key.value,
          'agent',
          m.key.node,
          m.node,
          typeof m.state?.value === 'string' ? `state ${m.state.value}` : undefined,
        ),
      );
      references.push({ name: m.key.value, kind: 'prompt', span: spanOfNode(m.key.node) });
      refer(m.state, 'state');
    }
  }
  const members = agents?.members;
  for (const p of pack.prompts.values()) {
    for (const t of p.tools)
      refer(t, typeof t.value === 'string' && !pack.tools.has(t.value) && members?.has(t.value) ? 'agent' : 'tool');
    for (const t of p.blocklist) refer(t, 'tool');
    refer(p.provider, 'provider');
  }

  for (const c of pack.compositions.values()) {
    const composition = symbol(c.key.value, 'composition', c.key.node, c.node);
    const qualify = (id: string) => `${c.key.value}.${id}`;
    composition.children = [];
    for (const { step, id } of stepGraph(c).steps) {
      if (id !== undefined && step.id)
        composition.children.push(symbol(qualify(id), 'step', step.id.node, step.node, String(step.kind?.value ?? '')));
      refer(step.promptTask, 'prompt');
      refer(step.tool, 'tool');
      for (const t of step.tools) refer(t, 'tool');
      refer(step.provider, 'provider');
      for (const r of [step.then, step.else, ...step.dependsOn]) refer(r, 'step', qualify);
    }
    refer(c.output, 'step', qualify);
    symbols.push(composition);
  }
  return { symbols, references };
}

/** A step field, at the top level and inside a parallel step's branches. */
function stepSlots(field: string[], kind: string): Array<{ path: readonly string[]; kind: string }> {
  return [
    { path: ['compositions', '*', 'steps', '*', ...field], kind },
    { path: ['compositions', '*', 'steps', '*', 'branches', '*', ...field], kind },
  ];
}

/** Data paths whose values name a symbol of the outline: completion offers that kind of name there. */
export const packReferenceSlots: ReadonlyArray<{ path: readonly string[]; kind: string }> = [
  { path: ['workflow', 'entry'], kind: 'state' },
  { path: ['workflow', 'states', '*', 'on_event', '*'], kind: 'state' },
  { path: ['workflow', 'states', '*', 'on_max_visits'], kind: 'state' },
  { path: ['workflow', 'states', '*', 'prompt_task'], kind: 'prompt' },
  { path: ['workflow', 'states', '*', 'composition'], kind: 'composition' },
  { path: ['agents', 'entry'], kind: 'prompt' },
  { path: ['agents', 'members', '*', 'state'], kind: 'state' },
  { path: ['prompts', '*', 'tools', '*'], kind: 'tool' },
  { path: ['prompts', '*', 'tool_policy', 'blocklist', '*'], kind: 'tool' },
  { path: ['prompts', '*', 'provider'], kind: 'provider' },
  { path: ['compositions', '*', 'output'], kind: 'step' },
  ...stepSlots(['prompt_task'], 'prompt'),
  ...stepSlots(['tool'], 'tool'),
  ...stepSlots(['tools', '*'], 'tool'),
  ...stepSlots(['provider'], 'provider'),
  ...stepSlots(['then'], 'step'),
  ...stepSlots(['else'], 'step'),
  ...stepSlots(['depends_on', '*'], 'step'),
];
