import { closeSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CACHE_FILE } from './choices.js';
import type { Io } from './io.js';
import { shellcheckStamp } from './shellcheck.js';
import { presence } from '@orchlint/node-cache/stamp';
import { hashText, sealed, unsealed } from '@orchlint/node-cache/sealed';
import { buildId } from './stamp.js';

// A run of --cache on unchanged files needs no lint, no rule and no cache entry: the report it
// prints is the one the last identical run printed. So the cache file starts with a line of run
// records (the invocation, every file and folder the run depended on with its stamp, what it wrote
// and its exit code), which a run reads, checks by stat alone and replays, before it loads anything
// but this module. Any change, or a stamp that cannot be trusted, and the run lints as it would
// have, unit by unit from the cache's entries.

/** What a run depended on: `f:`/`d:` paths with their stamps, or null for a path that must be absent. */
export type RunInputs = Map<string, string | null>;

export interface StoredRun {
  key: string;
  inputs: Record<string, string | null>;
  stdout: string;
  stderr: string;
  /** Reports written to files (--output). */
  outputs: Array<{ file: string; text: string }>;
  code: number;
}

/** The run records kept: a few invocations (a format for the terminal, one for CI) alternate without a miss. */
const RUNS_KEPT = 4;

/** The options that change what a run prints or exits with; the others (where the cache is, threads, progress) do not. */
const IGNORED_OPTIONS = new Set(['cache', 'cacheLocation', 'concurrency', 'quiet']);

/**
 * What decides a run's output besides its files: orchlint's build, the working directory, the
 * paths and options, colour, and the ShellCheck that PATH finds.
 */
export function runKey(paths: readonly string[], options: object, color: boolean): string {
  const chosen = Object.entries(options)
    .filter(([k]) => !IGNORED_OPTIONS.has(k))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const text = JSON.stringify([buildId(), process.cwd(), paths, chosen, color, shellcheckStamp()]);
  return hashText(text);
}

/** The options that decide whether a run can be recorded, and where. */
export interface RecordedOptions {
  fix?: boolean;
  fixDryRun?: boolean;
  updateBaseline?: boolean;
  stdin?: boolean;
  printConfig?: string;
  cacheLocation?: string;
}

/** Whether a run can be recorded: one that writes files, reads standard input or asks for the config is not. */
export function replayable(options: RecordedOptions): boolean {
  return !(options.fix || options.fixDryRun || options.updateBaseline || options.stdin || options.printConfig);
}

/**
 * Prints the stored report of an identical earlier run when every input it recorded is as it was,
 * and returns its exit code; undefined when there is no such run (the caller lints).
 */
export function replayRun(paths: readonly string[], options: RecordedOptions, io: Io): number | undefined {
  if (!replayable(options)) return undefined;
  const runs = readRuns(options.cacheLocation ?? DEFAULT_CACHE_FILE);
  const key = runKey(paths, options, io.color);
  const run = runs.find((r) => r.key === key);
  if (!run) return undefined;
  const now = Date.now();
  for (const [input, stamp] of Object.entries(run.inputs))
    if (presence(input.slice(2), now) !== stamp) return undefined;
  for (const { file, text } of run.outputs) {
    try {
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeFileSync(file, text);
    } catch {
      // Written as the run that is replayed would: that run reports why.
      return undefined;
    }
  }
  if (run.stdout) io.stdout(run.stdout);
  if (run.stderr) io.stderr(run.stderr);
  return run.code;
}

/** The cache file's run records (its first line), without reading the rest. */
export function readRuns(file: string): StoredRun[] {
  const line = firstLine(file);
  return line === undefined ? [] : parseRuns(line);
}

/** The run records of a cache file's first line, when they are this build's. */
export function parseRuns(line: string): StoredRun[] {
  const parsed = unsealed(line) as { version?: string; runs?: StoredRun[] } | undefined;
  return parsed?.version === buildId() && Array.isArray(parsed.runs) ? parsed.runs : [];
}

/** The run records to write: this run's first, then the others kept, none with its key. */
export function withRun(runs: readonly StoredRun[], run: StoredRun): string {
  const kept = [run, ...runs.filter((r) => r.key !== run.key)].slice(0, RUNS_KEPT);
  return sealed(JSON.stringify({ version: buildId(), runs: kept }));
}

/** A file's text up to its first line break; undefined when it cannot be read. */
function firstLine(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const chunks: Buffer[] = [];
    const chunk = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const end = chunk.subarray(0, n).indexOf(10);
      chunks.push(Buffer.from(chunk.subarray(0, end < 0 ? n : end)));
      if (end >= 0) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Collects, during a run, every file and folder it depends on with the stamp taken before it was
 * read, and what it writes. `complete` turns false at the first input whose stamp cannot be trusted:
 * such a run is not recorded.
 */
export class RunRecorder {
  readonly inputs: RunInputs = new Map();
  complete = true;
  private stdout = '';
  private stderr = '';
  private readonly outputs: Array<{ file: string; text: string }> = [];

  /** A path the run read (`f:`/`d:` key): its stamp, or null when it was absent; undefined spoils the record. */
  note(key: string, stamp: string | null | undefined): void {
    const known = this.inputs.get(key);
    // Two stamps of one path in a run: it changed while the run read it; no stamp describes what was read.
    if (stamp === undefined || (known !== undefined && known !== stamp)) this.complete = false;
    else this.inputs.set(key, stamp);
  }

  /** The io the run writes through, copied into the record. */
  capture(io: Io): Io {
    return {
      ...io,
      stdout: (s) => {
        this.stdout += s;
        io.stdout(s);
      },
      stderr: (s) => {
        this.stderr += s;
        io.stderr(s);
      },
    };
  }

  /** A piece of a report written to a file. */
  output(file: string, text: string): void {
    const last = this.outputs[this.outputs.length - 1];
    if (last?.file === file) last.text += text;
    else this.outputs.push({ file, text });
  }

  record(key: string, code: number): StoredRun | undefined {
    if (!this.complete) return undefined;
    return {
      key,
      inputs: Object.fromEntries(this.inputs),
      stdout: this.stdout,
      stderr: this.stderr,
      outputs: this.outputs,
      code,
    };
  }
}
