import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Dialect, LintSettings, Rule } from '@orchlint/core';
import { recordingHost, type ReadLog } from './cache.js';
import type { DecodedText } from './decode.js';
import type { Target } from './discover.js';
import type { ReadMemo } from './host.js';
import { hostFor, lintTarget, type UnitOutcome } from './lint.js';

export interface Job {
  target: Target;
  settings: LintSettings;
  /** The target's text when it was read already (to look it up in the cache), so it is not read twice. */
  read?: DecodedText;
}

export interface JobResult {
  outcome: UnitOutcome;
  /** What the unit read, when the results go to the cache. */
  reads?: ReadLog;
}

/**
 * Below this many files one thread is faster: a worker pays for loading orchlint and compiling its
 * schemas (about 0.5 s of CPU) before it lints anything. Measured with scripts/bench-workers.mjs on
 * 2 cores and 160-line packs: break-even near 500 files, 1.3x faster at 1,000 when the second core
 * is free, and slower at every size when other processes keep the cores busy.
 */
export const WORKER_THRESHOLD = 500;

/** Lints one job; `memo` is the run's (or this thread's share's) memory of what was read. */
export function lintJob(
  job: Job,
  rules: readonly Rule<any>[],
  forced: Dialect<any> | undefined,
  record: boolean,
  memo: ReadMemo,
): JobResult {
  if (!record)
    return { outcome: lintTarget(job.target, rules, job.settings, forced, hostFor(job.target, memo), job.read) };
  const { host, log } = recordingHost(hostFor(job.target, memo));
  return { outcome: lintTarget(job.target, rules, job.settings, forced, host, job.read), reads: log };
}

/**
 * How many threads lint a run of `count` jobs. `auto` adds workers only for many files and only
 * while cores are idle (the 1-minute load average, as `make -l` reads it): on busy cores they cost more than they give.
 */
export function threadCount(count: number, concurrency: 'auto' | 'off' | number): number {
  if (concurrency === 'off') return 1;
  if (concurrency !== 'auto') return Math.max(1, Math.min(concurrency, count));
  const idle = Math.floor(availableParallelism() - loadavg()[0]!);
  if (count < WORKER_THRESHOLD || idle < 1) return 1;
  return Math.min(idle + 1, availableParallelism(), Math.floor(count / WORKER_THRESHOLD) + 1);
}

/** How often a thread that lints reports how far it got, and this thread lets the others' reports in. */
export const REPORT_EVERY_MS = 100;

/** What a worker posts: how many of its jobs are done so far, then all its results. */
export type WorkerMessage = { done: number } | { results: JobResult[] };

/**
 * Lints the jobs on `threads` threads: this one takes the first share (its modules are loaded
 * already) while `threads - 1` workers take the others; the results come back in job order.
 * `onDone(n)` hears of every `n` jobs done, on any thread, as they get done.
 */
export async function lintInWorkers(
  jobs: readonly Job[],
  threads: number,
  rules: readonly Rule<any>[],
  forced: Dialect<any> | undefined,
  record: boolean,
  onDone: (n: number) => void = () => {},
): Promise<JobResult[]> {
  const size = Math.ceil(jobs.length / threads);
  const shares = Array.from({ length: threads }, (_, i) => jobs.slice(i * size, (i + 1) * size)).filter(
    (s) => s.length,
  );
  const others = shares.slice(1).map(
    (share) =>
      new Promise<JobResult[]>((resolve, reject) => {
        const worker = new Worker(new URL('./worker.js', import.meta.url), {
          workerData: { jobs: share, forced: forced?.id, record },
        });
        let reported = 0;
        worker.on('message', (m: WorkerMessage) => {
          if ('done' in m) {
            onDone(m.done - reported);
            reported = m.done;
            return;
          }
          onDone(m.results.length - reported);
          resolve(m.results);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (code !== 0) reject(new Error(`a lint worker stopped with exit code ${code}`));
        });
      }),
  );
  const memo: ReadMemo = new Map();
  const mine: JobResult[] = [];
  let turn = performance.now();
  for (const job of shares[0] ?? []) {
    mine.push(lintJob(job, rules, forced, record, memo));
    onDone(1);
    // Now and then, let the workers' progress reports (and a progress redraw) through.
    if (others.length && performance.now() - turn > REPORT_EVERY_MS) {
      await new Promise(setImmediate);
      turn = performance.now();
    }
  }
  return [mine, ...(await Promise.all(others))].flat();
}
