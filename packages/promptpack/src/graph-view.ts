import type { GraphView, GraphViewEdge, GraphViewNode } from '@orchlint/core';
import { agentCyclesWithoutExit } from './analysis.js';
import { effectiveControl, isTerminal, type PackModel } from './model.js';

/**
 * The pack's workflow as a state machine: the entry state and terminal states marked, every state
 * `user` or `agent` by its effective control, the states and transitions of each agent cycle
 * without exit marked 'problem', `on_event` edges labelled with their events, `on_max_visits`
 * edges dashed and transitions that can never fire dotted; a transition to an undefined state goes to
 * a 'missing' node. Undefined when the pack has no workflow.
 */
export function packGraphView(pack: PackModel): GraphView | undefined {
  const workflow = pack.workflow;
  if (!workflow) return undefined;
  const trapped = new Set<string>();
  for (const cycle of agentCyclesWithoutExit(workflow)) for (const s of cycle.members) trapped.add(s.name);
  const entry = typeof workflow.entry?.value === 'string' ? workflow.entry.value : undefined;
  const nodes: GraphViewNode[] = [...workflow.states.values()].map((state) => {
    const classes: string[] = [effectiveControl(state)];
    if (state.name === entry) classes.unshift('entry');
    if (isTerminal(state)) classes.push('terminal');
    if (trapped.has(state.name)) classes.push('problem');
    const task =
      typeof state.promptTask?.value === 'string' && state.promptTask.value !== state.name
        ? `\n${state.promptTask.value}`
        : '';
    return { id: state.name, label: state.name + task, classes };
  });
  const edges: GraphViewEdge[] = [];
  workflow.graph.forEachEdge((_edge, attributes, from, to) => {
    const problem = trapped.has(from) && trapped.has(to) ? { classes: ['problem'] } : {};
    if (attributes.kind === 'max-visits') {
      const limit = workflow.states.get(from)?.maxVisits?.value;
      edges.push({
        from,
        to,
        label: typeof limit === 'number' ? `after ${limit} visits` : 'max visits',
        style: 'dashed',
        ...problem,
      });
    } else {
      edges.push({ from, to, label: String(attributes.event), style: 'solid', ...problem });
    }
  });
  // A transition to a state that does not exist is drawn, dashed, to a 'missing' node: the graph shows the bug.
  const toMissing = (from: string, target: unknown, label: string) => {
    if (typeof target !== 'string' || workflow.states.has(target)) return;
    const id = `missing:${target}`;
    if (!nodes.some((n) => n.id === id)) nodes.push({ id, label: `${target} (missing)`, classes: ['missing'] });
    edges.push({ from, to: id, label, style: 'dashed', classes: ['problem'] });
  };
  for (const state of workflow.states.values()) {
    for (const edge of state.onEvent) toMissing(state.name, edge.target.value, edge.event);
    toMissing(state.name, state.onMaxVisits?.value, 'max visits');
  }
  // Written but unable to fire: drawn dotted, so the picture matches what the rules see.
  for (const dead of workflow.deadTransitions) {
    edges.push({ from: dead.from, to: dead.to, label: `${dead.event ?? 'max visits'} (never fires)`, style: 'dotted' });
  }
  return { direction: 'TD', nodes, edges };
}
