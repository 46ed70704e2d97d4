import { UsageError } from '../discover.js';
import type { Io } from '../io.js';
import { loadNamedUnit, type NamedUnit } from '../unit.js';
import { keyValues, type TraceOptions, type TraceOutcome } from './options.js';
import { archonRefusal, archonRejection, archonRuns, type ArchonRun } from './archon.js';
import { formatArchonRuns } from './archon-text.js';
import { packetOrder } from './prompt-runner.js';
import { packTrace } from './promptpack.js';

/** `orchlint trace FILE`: a static dry run of the unit; exit 1 when a run fails, as Archon's dry run does. */
export async function runTrace(named: string, options: TraceOptions, io: Io): Promise<number> {
  if (options.coverage) return (await import('./coverage-command.js')).runCoverage(named, options, io);
  const unit = loadNamedUnit(named, options, io, { verb: 'trace', noun: 'trace' });
  const outcome = traceUnit(unit, options);
  if (typeof outcome === 'string') {
    io.stderr(`orchlint: ${unit.file}: ${outcome}; run orchlint on it\n`);
    return 1;
  }
  io.stdout(options.format === 'json' ? outcome.json.map((j) => `${JSON.stringify(j)}\n`).join('') : outcome.text);
  return outcome.failed ? 1 : 0;
}

/** The trace of a loaded unit, or why there is none (a file that does not parse, a workflow Archon does not load). */
export function traceUnit(unit: NamedUnit, options: TraceOptions): TraceOutcome | string {
  const model = unit.loaded.model;
  if (model === undefined) return 'the file does not parse, so there is nothing to trace';
  only(unit.dialect.id, options);
  if (unit.dialect.id === 'archon') {
    const refusal = archonRefusal(model) ?? archonRejection(unit);
    if (refusal) return refusal;
    const runs: ArchonRun[] = archonRuns(
      model,
      { dialect: unit.dialect, host: unit.host, targets: unit.targets },
      {
        ...(options.stubs !== undefined ? { stubs: options.stubs } : {}),
        ...(options.message !== undefined ? { message: options.message } : {}),
        inputs: keyValues(options.arg ?? []),
        pauseAtGates: options.pauseAtGates === true,
        reject: new Set(options.reject ?? []),
        followWorkflows: options.followWorkflows === true,
      },
    );
    return {
      text: formatArchonRuns(runs),
      json: runs.map((r) => ({ ...r.result, stubs: r.stubs ?? null })),
      failed: runs.some((r) => r.result.outcome === 'failed'),
    };
  }
  if (unit.dialect.id === 'promptpack') return packTrace(model, unit, options);
  return packetOrder(model, options);
}

/** Each option belongs to one dialect's trace; one given to another is a usage error, not silently ignored. */
function only(dialect: string, options: TraceOptions): void {
  const owners: Array<[string, boolean, string]> = [
    ['--stubs', options.stubs !== undefined, 'archon'],
    ['--arg', (options.arg ?? []).length > 0, 'archon'],
    ['--message', options.message !== undefined, 'archon'],
    ['--pause-at-gates', options.pauseAtGates === true, 'archon'],
    ['--reject', (options.reject ?? []).length > 0, 'archon'],
    ['--follow-workflows', options.followWorkflows === true, 'archon'],
    ['--events', options.events !== undefined, 'promptpack'],
    ['--only', (options.only ?? []).length > 0, 'prompt-runner'],
    ['--from', options.from !== undefined, 'prompt-runner'],
    ['--through', options.through !== undefined, 'prompt-runner'],
  ];
  for (const [flag, given, owner] of owners)
    if (given && owner !== dialect) throw new UsageError(`${flag} is for ${owner} files; this is a ${dialect} file`);
  if (options.format === 'mermaid') throw new UsageError('--format mermaid draws coverage: add --coverage');
}
