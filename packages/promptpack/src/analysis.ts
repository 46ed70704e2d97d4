import { cycleThrough, cyclicComponents, reachableFrom } from '@flowlint/core';
import { effectiveControl, hasMaxVisits, isTerminal, type StateModel, type WorkflowModel } from './model.js';

export interface AgentCycle {
  /** The strongly connected set, in document order. */
  members: StateModel[];
  /** One concrete cycle through the first member, spelled first → … → first. */
  cycle: string[];
}

/**
 * RFC 0014 rule 4: strongly connected sets of states (self-loops included) whose members all have
 * `control: agent`, none has `max_visits`, and from which no terminal or `control: user` state is
 * reachable. Each set is judged on its own. The rule and the graph drawing share this.
 */
export function agentCyclesWithoutExit(workflow: WorkflowModel): AgentCycle[] {
  const { graph, states } = workflow;
  const out: AgentCycle[] = [];
  for (const component of cyclicComponents(graph)) {
    const members = component.map((name) => states.get(name)!);
    if (!members.every((s) => effectiveControl(s) === 'agent')) continue;
    if (members.some(hasMaxVisits)) continue;
    const hasExit = [...reachableFrom(graph, component)].some((name) => {
      const s = states.get(name)!;
      return isTerminal(s) || effectiveControl(s) === 'user';
    });
    if (hasExit) continue;
    members.sort((a, b) => (a.keyNode.range?.[0] ?? 0) - (b.keyNode.range?.[0] ?? 0));
    out.push({ members, cycle: cycleThrough(graph, members[0]!.name, new Set(component)) });
  }
  return out;
}
