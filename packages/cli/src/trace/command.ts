import { UsageError } from '../discover.js';
import type { Io } from '../io.js';
import { loadNamedUnit } from '../unit.js';
import { keyValues, type TraceOptions } from './options.js';
import { archonRefusal, archonRuns, type ArchonRun } from './archon.js';
import { formatArchonRuns } from './archon-text.js';

/** `orchlint trace FILE`: a static dry run of the unit; exit 1 when a run fails, as Archon's dry run does. */
export async function runTrace(named: string, options: TraceOptions, io: Io): Promise<number> {
  if (options.coverage) return (await import('./coverage-command.js')).runCoverage(named, options, io);
  const unit = loadNamedUnit(named, options, io, { verb: 'trace', noun: 'trace' });
  const model = unit.loaded.model;
  if (model === undefined) {
    io.stderr(`orchlint: ${unit.file} has nothing to trace (the file does not parse: run orchlint on it)\n`);
    return 1;
  }
  only(unit.dialect.id, options);
  if (unit.dialect.id === 'archon') {
    const refusal = archonRefusal(model);
    if (refusal) {
      io.stderr(`orchlint: ${unit.file}: ${refusal}; run orchlint on it\n`);
      return 1;
    }
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
    io.stdout(
      options.format === 'json'
        ? runs.map((r) => `${JSON.stringify({ ...r.result, stubs: r.stubs ?? null })}\n`).join('')
        : formatArchonRuns(runs),
    );
    return runs.some((r) => r.result.outcome === 'failed') ? 1 : 0;
  }
  if (unit.dialect.id === 'promptpack') {
    const { runPackTrace } = await import('./promptpack.js');
    return runPackTrace(model, unit, options, io);
  }
  const { runPacketOrder } = await import('./prompt-runner.js');
  return runPacketOrder(model, options, io);
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
  ];
  for (const [flag, given, owner] of owners)
    if (given && owner !== dialect) throw new UsageError(`${flag} is for ${owner} files; this is a ${dialect} file`);
  if (options.format === 'mermaid') throw new UsageError('--format mermaid draws coverage: add --coverage');
}
