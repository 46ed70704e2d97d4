import { Source, Tree, type Located } from '@orchlint/core';
import type { PackModel, StateModel } from './model.js';
import { stringOf } from './names.js';

/*
 * A pack's workflow walked through a sequence of events, as the spec defines the walk: it starts at
 * `entry`; each event takes the current state's `on_event` transition; entering a state counts a
 * visit; a state entered `max_visits` times already sends the walk to `on_max_visits` instead (or ends
 * it budget-exhausted without one); `engine.budget.max_total_visits` bounds the visits of the whole
 * run; a terminal state ends it after its prompt. After each entry RFC 0014 `control` says who holds
 * the next turn: `user` (also when absent) or `agent` (inert on an `orchestration: external` state).
 */

export type Turn = 'user' | 'agent' | 'none';

export interface PackStep {
  /** The event that led here; undefined for the entry. */
  event?: string;
  state: string;
  /** How many times the state has been entered, this entry included. */
  visit: number;
  /** Who holds the next turn: `none` once the workflow has ended. */
  turn: Turn;
  /** When `max_visits` redirected the walk: the state the event named. */
  redirectedFrom?: string;
  /** The state's key, for positions. */
  at?: Located<string>;
}

export type PackEnd =
  /** At a terminal state, after its prompt. */
  | { kind: 'terminal'; state: string }
  /** The events ran out with the workflow waiting at a state. */
  | { kind: 'waiting'; state: string; turn: Turn }
  /** `max_visits` without `on_max_visits`, or `max_total_visits`, stopped it. */
  | { kind: 'budget-exhausted'; state: string; why: string }
  /** An event the current state does not accept. */
  | { kind: 'unknown-event'; state: string; event: string; accepted: string[] }
  /** An event after the workflow ended. */
  | { kind: 'after-end'; state: string; event: string }
  /** A transition to a state the pack does not define, or no entry. */
  | { kind: 'broken'; state?: string; why: string };

export interface PackTrace {
  steps: PackStep[];
  end: PackEnd;
  /** Events not consumed because the walk ended before them. */
  unconsumed: string[];
}

/** The walk of the pack's workflow through the events, or undefined when the pack has no workflow. */
export function tracePack(pack: PackModel, events: readonly string[]): PackTrace | undefined {
  const workflow = pack.workflow;
  if (!workflow) return undefined;
  const states = workflow.states;
  const steps: PackStep[] = [];
  const visits = new Map<string, number>();
  let total = 0;
  const maxTotal = numberOf(workflow.budget?.maxTotalVisits);
  const finish = (end: PackEnd, rest: readonly string[]): PackTrace => ({ steps, end, unconsumed: [...rest] });

  /** Enters `name` (or where `max_visits` sends it), recording the step; an end when the walk cannot go on. */
  const enter = (name: string, event: string | undefined): PackEnd | StateModel => {
    let target = name;
    let redirectedFrom: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const state = states.get(target);
      if (!state) return { kind: 'broken', state: target, why: `no state '${target}' in the workflow` };
      const cap = numberOf(state.maxVisits);
      if (cap === undefined || (visits.get(target) ?? 0) < cap) break;
      const next = stringOf(state.onMaxVisits);
      if (next === undefined)
        return { kind: 'budget-exhausted', state: target, why: `'${target}' was entered max_visits (${cap}) times` };
      // A chain of forced exits that comes back to a state already passed on this entry never settles.
      if (seen.has(next))
        return { kind: 'budget-exhausted', state: target, why: `on_max_visits from '${target}' loops back` };
      seen.add(target);
      redirectedFrom ??= name;
      target = next;
    }
    if (maxTotal !== undefined && total >= maxTotal)
      return { kind: 'budget-exhausted', state: target, why: `engine.budget.max_total_visits (${maxTotal}) reached` };
    const state = states.get(target)!;
    const visit = (visits.get(target) ?? 0) + 1;
    visits.set(target, visit);
    total++;
    const step: PackStep = { state: target, visit, turn: turnAfter(state) };
    if (event !== undefined) step.event = event;
    if (redirectedFrom !== undefined) step.redirectedFrom = redirectedFrom;
    step.at = state.key;
    steps.push(step);
    return state;
  };

  const entry = stringOf(workflow.entry);
  if (entry === undefined) return finish({ kind: 'broken', why: 'the workflow has no entry' }, events);
  let current = enter(entry, undefined);
  for (let i = 0; i < events.length; i++) {
    if (!isState(current)) return finish(current, events.slice(i));
    const event = events[i]!;
    if (current.terminal?.value === true)
      return finish({ kind: 'after-end', state: current.name, event }, events.slice(i));
    const edge = current.onEvent.find((e) => e.event === event);
    if (!edge)
      return finish(
        { kind: 'unknown-event', state: current.name, event, accepted: current.onEvent.map((e) => e.event) },
        events.slice(i + 1),
      );
    const target = stringOf(edge.target);
    if (target === undefined)
      return finish({ kind: 'broken', state: current.name, why: `'${event}' names no state` }, events.slice(i + 1));
    current = enter(target, event);
  }
  if (!isState(current)) return finish(current, []);
  if (current.terminal?.value === true) return finish({ kind: 'terminal', state: current.name }, []);
  return finish({ kind: 'waiting', state: current.name, turn: turnAfter(current) }, []);
}

function isState(x: PackEnd | StateModel): x is StateModel {
  return (x as StateModel).onEvent !== undefined;
}

/** RFC 0014: `agent` keeps the turn, unless the state is externally orchestrated; a terminal state ends the run. */
function turnAfter(state: StateModel): Turn {
  if (state.terminal?.value === true) return 'none';
  if (state.control?.value === 'agent' && state.orchestration?.value !== 'external') return 'agent';
  return 'user';
}

const numberOf = (l: Located | undefined) =>
  typeof l?.value === 'number' && Number.isInteger(l.value) && l.value >= 1 ? l.value : undefined;

/** An events file (`--events FILE`, a pack's `fixtures/*.events.yaml`): a YAML list of event names, or `events:` holding one. */
export function eventsOfText(path: string, text: string): string[] | undefined {
  const tree = new Tree(new Source(path, text));
  const data = tree.value as unknown;
  const list = Array.isArray(data) ? data : (data as { events?: unknown } | null)?.events;
  return tree.clean && Array.isArray(list) && list.every((e) => typeof e === 'string') ? list : undefined;
}
