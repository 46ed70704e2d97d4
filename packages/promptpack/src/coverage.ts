import type { Host, Lens } from '@orchlint/core';
import type { PackModel } from './model.js';
import { eventsOfText, tracePack, type PackTrace } from './trace.js';

/** A transition of the workflow: an `on_event` edge, or the `on_max_visits` exit (event undefined). */
export interface TransitionCoverage {
  from: string;
  to: string;
  event?: string;
  /** Walks that took it. */
  taken: number;
}

export interface PackCoverage {
  walks: number;
  /** Per state, the walks that entered it. */
  states: Map<string, number>;
  transitions: TransitionCoverage[];
}

/** What a pack's event fixtures exercise: the states each walk entered and the transitions it took. */
export function packCoverage(pack: PackModel, traces: readonly PackTrace[]): PackCoverage {
  const workflow = pack.workflow;
  const states = new Map<string, number>([...(workflow?.states.keys() ?? [])].map((s) => [s, 0]));
  const transitions: TransitionCoverage[] = [];
  for (const state of workflow?.states.values() ?? []) {
    for (const edge of state.onEvent)
      if (typeof edge.target.value === 'string')
        transitions.push({ from: state.name, to: edge.target.value, event: edge.event, taken: 0 });
    if (typeof state.onMaxVisits?.value === 'string')
      transitions.push({ from: state.name, to: state.onMaxVisits.value, taken: 0 });
  }
  const find = (from: string, to: string, event?: string) =>
    transitions.find((t) => t.from === from && t.to === to && t.event === event);
  for (const trace of traces) {
    const entered = new Set<string>();
    const taken = new Set<TransitionCoverage>();
    let previous: string | undefined;
    for (const step of trace.steps) {
      entered.add(step.state);
      if (previous !== undefined && step.event !== undefined) {
        if (step.redirectedFrom === undefined) {
          const t = find(previous, step.state, step.event);
          if (t) taken.add(t);
        } else {
          // The event named the capped state; its on_max_visits exit took the walk on.
          const t = find(previous, step.redirectedFrom, step.event);
          if (t) taken.add(t);
          const exit = find(step.redirectedFrom, step.state);
          if (exit) taken.add(exit);
        }
      }
      previous = step.state;
    }
    for (const s of entered) states.set(s, (states.get(s) ?? 0) + 1);
    for (const t of taken) t.taken++;
  }
  return { walks: traces.length, states, transitions };
}

/**
 * A pack's event fixtures: `fixtures/*.events.yaml` beside it, in name order, each file's events;
 * a file that holds no list of event names has none (it exercises nothing, and says so).
 */
export function packEventFixtures(pack: PackModel, host: Host): Array<{ path: string; events?: string[] }> {
  const path = pack.source.path;
  const folder = `${path.slice(0, path.lastIndexOf('/') + 1)}fixtures`;
  return (host.readDir(folder) ?? [])
    .filter((n) => EVENTS_FILE.test(n))
    .sort()
    .map((name) => {
      const file = `${folder}/${name}`;
      const text = host.readFile(file);
      const events = text === undefined ? undefined : eventsOfText(file, text);
      return events ? { path: file, events } : { path: file };
    });
}

const EVENTS_FILE = /\.events\.ya?ml$/;

/** The pack's coverage by its event fixtures, with the fixtures it read and those it could not. */
export function packFixtureCoverage(
  pack: PackModel,
  host: Host,
): { fixtures: string[]; unreadable: string[]; coverage: PackCoverage } {
  const all = packEventFixtures(pack, host);
  const fixtures = all.flatMap((f) => (f.events ? [{ path: f.path, events: f.events }] : []));
  const traces = fixtures.flatMap((f) => tracePack(pack, f.events) ?? []);
  return {
    fixtures: fixtures.map((f) => f.path),
    unreadable: all.filter((f) => !f.events).map((f) => f.path),
    coverage: packCoverage(pack, traces),
  };
}

/** A code lens above each state: how many of the pack's event fixtures enter it. */
export function packLenses(pack: PackModel, host: Host): Lens[] {
  const { fixtures, coverage } = packFixtureCoverage(pack, host);
  if (!fixtures.length || !pack.workflow) return [];
  const of = `of ${coverage.walks} event fixture${coverage.walks === 1 ? '' : 's'}`;
  return [...pack.workflow.states.values()].flatMap((state) => {
    const at = state.key.node.range;
    if (!at) return [];
    const n = coverage.states.get(state.name) ?? 0;
    const untaken = coverage.transitions.filter((t) => t.from === state.name && t.taken === 0);
    const never = untaken.length ? `; never takes ${untaken.map((t) => t.event ?? 'on_max_visits').join(', ')}` : '';
    return [
      {
        span: { start: at[0], end: at[1] },
        title: `${n ? `entered by ${n} ${of}` : `no event fixture enters '${state.name}'`}${never}`,
      },
    ];
  });
}
