import { cycleThrough, cyclicComponents, memoized, reachableFrom, reachingTo } from '@orchlint/core';
import { stepGraph } from './composition.js';
import {
  agentHeld,
  hasMaxVisits,
  isTerminal,
  type Located,
  type PackModel,
  type StateModel,
  type WorkflowModel,
} from './model.js';

export interface AgentCycle {
  /** The strongly connected set, in document order. */
  members: StateModel[];
  /** One concrete cycle through the first member, spelled first → … → first. */
  cycle: string[];
}

/**
 * The states of a cycle as a message names them: the cycle spelled out when it goes through every
 * member, else every member and one way round (`plan, search and drafting (e.g. plan → search → plan)`),
 * so no state of the set goes unnamed.
 */
export function cycleStates({ members, cycle }: AgentCycle): string {
  const path = cycle.join(' → ');
  if (new Set(cycle).size === members.length) return path;
  const names = members.map((s) => s.name);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} (e.g. ${path})`;
}

/**
 * RFC 0014 rule 4: strongly connected sets of states (self-loops included) whose members all have
 * `control: agent`, none has `max_visits`, and from which no terminal or `control: user` state is
 * reachable, following only transitions that can fire. An `orchestration: external` state is not
 * agent-held (its `control` is inert: an external system drives it), so it is an exit, never a member.
 * Each set is judged on its own. The rule and the graph drawing share this.
 */
export function agentCyclesWithoutExit(workflow: WorkflowModel): AgentCycle[] {
  const { graph, states } = workflow;
  const out: AgentCycle[] = [];
  let canExit: Set<string> | undefined;
  for (const component of cyclesOf(workflow)) {
    const members = component.map((name) => states.get(name)!);
    if (!members.every(agentHeld)) continue;
    if (members.some(hasMaxVisits)) continue;
    // One backward search from every exit, shared by all sets: linear in the workflow, not per cycle.
    canExit ??= reachingTo(
      graph,
      [...states.values()].filter((s) => isTerminal(s) || !agentHeld(s)).map((s) => s.name),
    );
    if (component.some((name) => canExit!.has(name))) continue;
    members.sort(byPosition);
    out.push({ members, cycle: cycleThrough(graph, members[0]!.name, new Set(component)) });
  }
  return out;
}

/** The state graph's cyclic strongly connected components, computed once per workflow. */
const cyclesOf = memoized((workflow: WorkflowModel): string[][] => cyclicComponents(workflow.graph));

/**
 * States reachable from `entry` and from every `agents.members.*.state` (RFC 0011 entry points),
 * following the transitions that can fire. Computed once per workflow.
 */
export const reachableStates = memoized(
  (workflow: WorkflowModel): Set<string> => reachableFrom(workflow.graph, workflow.entryPoints),
);

/**
 * Cycles that nothing in the state machine bounds: strongly connected sets (self-loops included)
 * none of whose members has `max_visits`. `engine.budget` is for the caller to weigh.
 */
export function unboundedCycles(workflow: WorkflowModel): AgentCycle[] {
  const { graph, states } = workflow;
  const out: AgentCycle[] = [];
  for (const component of cyclesOf(workflow)) {
    const members = component.map((name) => states.get(name)!);
    if (members.some(hasMaxVisits)) continue;
    members.sort(byPosition);
    out.push({ members, cycle: cycleThrough(graph, members[0]!.name, new Set(component)) });
  }
  return out;
}

/**
 * RFC 0009 rule 2b: chains of forced exits (`on_max_visits`) that come back to where they started
 * through states that all have `max_visits`. Once every member is exhausted, each forced exit lands
 * on another exhausted state, so the chain never ends. Each chain is listed once, from its first
 * member in the document.
 */
export function forcedExitCycles(workflow: WorkflowModel): StateModel[][] {
  const { states } = workflow;
  const next = (s: StateModel): StateModel | undefined => {
    const target = s.onMaxVisits?.value;
    const t = typeof target === 'string' ? states.get(target) : undefined;
    return hasMaxVisits(s) && t && hasMaxVisits(t) ? t : undefined;
  };
  const done = new Set<StateModel>();
  const out: StateModel[][] = [];
  for (const start of states.values()) {
    const index = new Map<StateModel, number>();
    let s: StateModel | undefined = start;
    while (s && !done.has(s) && !index.has(s)) {
      index.set(s, index.size);
      s = next(s);
    }
    const path = [...index.keys()];
    if (s && index.has(s)) out.push(path.slice(index.get(s)).sort(byPosition));
    for (const p of path) done.add(p);
  }
  return out;
}

function byPosition(a: StateModel, b: StateModel): number {
  return (a.key.node.range?.[0] ?? 0) - (b.key.node.range?.[0] ?? 0);
}

/**
 * RFC 0007 rule 4: names in the entry agent's `tools` that are prompt keys but neither member keys
 * nor tools — a delegation to an agent that was never declared.
 */
export function delegationsToNonMembers(pack: PackModel): Located[] {
  const agents = pack.agents;
  const entry = typeof agents?.entry?.value === 'string' ? agents.entry.value : undefined;
  if (!agents || entry === undefined) return [];
  return (pack.prompts.get(entry)?.tools ?? []).filter(
    (ref) =>
      typeof ref.value === 'string' &&
      ref.value !== entry &&
      pack.prompts.has(ref.value) &&
      !agents.members.has(ref.value) &&
      !pack.tools.has(ref.value),
  );
}

export interface ProviderReference {
  ref: Located;
  key: string;
  /** "prompt 'triage'", "step 'intent' of composition 'handle'". */
  where: string;
}

/** Every explicit `provider` of a prompt or composition step (RFC 0017), in document order. */
export function providerReferences(pack: PackModel): ProviderReference[] {
  const out: ProviderReference[] = [];
  for (const prompt of pack.prompts.values()) {
    const key = prompt.provider?.value;
    if (typeof key === 'string') out.push({ ref: prompt.provider!, key, where: `prompt '${prompt.key.value}'` });
  }
  for (const composition of pack.compositions.values()) {
    for (const { step } of stepGraph(composition).steps) {
      const key = step.provider?.value;
      if (typeof key === 'string')
        out.push({ ref: step.provider!, key, where: `${step.label} of composition '${composition.key.value}'` });
    }
  }
  return out;
}
