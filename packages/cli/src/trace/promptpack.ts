import { existsSync } from 'node:fs';
import {
  eventsOfText,
  packEventFixtures,
  tracePack,
  type PackEnd,
  type PackModel,
  type PackTrace,
} from '@orchlint/promptpack';
import { UsageError } from '../discover.js';
import { escapeControls } from '../formatters/report.js';
import type { NamedUnit } from '../unit.js';
import type { TraceOptions, TraceOutcome } from './options.js';

/**
 * `orchlint trace PACK --events E1,E2`: the states the events visit; without --events, each of the
 * pack's event fixtures in turn (as an Archon workflow's stub fixtures). Failed when an event is not accepted.
 */
export function packTrace(pack: PackModel, unit: NamedUnit, options: TraceOptions): TraceOutcome {
  if (!pack.workflow) throw new UsageError(`${unit.file} has no workflow to trace`);
  const walks: Array<{ fixture?: string; events: string[] }> =
    options.events === undefined
      ? packEventFixtures(pack, unit.host).map((f) => {
          if (!f.events) throw new UsageError(`${f.path}: ${NO_EVENTS}`);
          return { fixture: f.path, events: f.events };
        })
      : [{ events: typeof options.events === 'string' ? eventsOf(options.events, unit) : [...options.events] }];
  if (!walks.length)
    throw new UsageError(
      `a pack trace needs --events E1,E2,… (or a file listing them), or event fixtures beside the pack (fixtures/*.events.yaml); ${unit.file} has none`,
    );
  const traced = walks.map((walk) => ({ ...walk, trace: tracePack(pack, walk.events)! }));
  return {
    text: traced.map((t) => formatPackTrace(unit.file, pack, t.events, t.trace, t.fixture)).join('\n'),
    json: traced.map(({ fixture, events, trace }) => ({
      pack: unit.file,
      ...(fixture !== undefined ? { fixture } : {}),
      events,
      steps: trace.steps.map(({ at, ...s }) => s),
      end: trace.end,
      unconsumed: trace.unconsumed,
    })),
    failed: traced.some((t) => t.trace.end.kind === 'unknown-event' || t.trace.end.kind === 'broken'),
  };
}

const NO_EVENTS = "expected a YAML list of event names (or 'events:' with one)";

/** `--events`: a comma-separated list, or a file (a YAML list, or `events:` holding one). */
function eventsOf(value: string, unit: NamedUnit): string[] {
  if (!existsSync(value))
    return value
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
  const text = unit.host.readFile(value);
  if (text === undefined) throw new UsageError(`--events ${value}: the file is outside the pack's folder`);
  const list = eventsOfText(value, text);
  if (!list) throw new UsageError(`--events ${value}: ${NO_EVENTS}`);
  return list;
}

function formatPackTrace(
  file: string,
  pack: PackModel,
  events: readonly string[],
  trace: PackTrace,
  fixture: string | undefined,
): string {
  const lines = [
    `Trace: ${file} with events ${events.length ? events.join(', ') : '(none)'}${fixture ? ` (${fixture})` : ''}`,
  ];
  trace.steps.forEach((s, i) => {
    const how = s.event === undefined ? 'enter' : `${s.event} →`;
    const redirect = s.redirectedFrom ? ` (max_visits of '${s.redirectedFrom}' reached: on_max_visits)` : '';
    const line = s.at ? pack.source.positionAt(s.at.node.range?.[0] ?? 0).line + 1 : undefined;
    lines.push(
      `  ${i + 1}. ${how} ${s.state}${redirect}, visit ${s.visit}; next turn: ${s.turn === 'none' ? 'none (the workflow ends)' : s.turn}${line ? `  (${file}:${line})` : ''}`,
    );
  });
  lines.push(`Ends: ${endText(trace.end)}`);
  if (trace.unconsumed.length) lines.push(`Not consumed: ${trace.unconsumed.join(', ')}`);
  return lines.map(escapeControls).join('\n') + '\n';
}

function endText(end: PackEnd): string {
  switch (end.kind) {
    case 'terminal':
      return `at terminal state '${end.state}'`;
    case 'waiting':
      return `waiting at '${end.state}' for the ${end.turn === 'agent' ? 'agent (control: agent)' : 'user'}`;
    case 'budget-exhausted':
      return `budget exhausted at '${end.state}': ${end.why}`;
    case 'unknown-event':
      return `'${end.state}' does not accept '${end.event}'; it accepts ${end.accepted.length ? end.accepted.map((e) => `'${e}'`).join(', ') : 'no event'}`;
    case 'after-end':
      return `'${end.event}' comes after the workflow ended at '${end.state}'`;
    case 'broken':
      return `cannot go on${end.state ? ` at '${end.state}'` : ''}: ${end.why}`;
  }
}
