import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Dialect, LintSettings, Rule } from '@flowlint/core';
import { recordingHost, type ReadLog } from './cache.js';
import type { Target } from './discover.js';
import { hostFor, lintTarget, type UnitOutcome } from './lint.js';

export interface Job {
  target: Target;
  settings: LintSettings;
}

export interface JobResult {
  outcome: UnitOutcome;
  /** What the unit read, when the results go to the cache. */
  reads?: ReadLog;
}

/**
 * Below this many files one process is faster: a worker costs its start-up, module loading and
 * schema compilation before it lints anything. Measured in test/bench/workers.mjs (see README).
 */
export const WORKER_THRESHOLD = 50;

export function lintJob(job: Job, rules: readonly Rule<any>[], forced: Dialect<any> | undefined, record: boolean): JobResult {
  if (!record) return { outcome: lintTarget(job.target, rules, job.settings, forced) };
  const { host, log } = recordingHost(hostFor(job.target));
  return { outcome: lintTarget(job.target, rules, job.settings, forced, host), reads: log };
}

/** How many workers a run of `count` jobs gets: 0 (this thread) below the threshold or on one core. */
export function workerCount(count: number, concurrency: 'auto' | 'off' | number): number {
  if (concurrency === 'off') return 0;
  if (concurrency === 'auto') {
    const cores = availableParallelism();
    return count >= WORKER_THRESHOLD && cores > 1 ? Math.min(cores, Math.ceil(count / WORKER_THRESHOLD)) : 0;
  }
  return Math.min(concurrency, count);
}

/** Lints the jobs on `workers` threads, each a contiguous share; the results come back in job order. */
export async function lintInWorkers(jobs: readonly Job[], workers: number, forced: string | undefined, record: boolean): Promise<JobResult[]> {
  const size = Math.ceil(jobs.length / workers);
  const shares = Array.from({ length: workers }, (_, i) => jobs.slice(i * size, (i + 1) * size)).filter((s) => s.length);
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<JobResult[]>((resolve, reject) => {
          const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { jobs: share, forced, record } });
          worker.once('message', (r: JobResult[]) => resolve(r));
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`a lint worker stopped with exit code ${code}`));
          });
        }),
    ),
  );
  return results.flat();
}
