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
 * From this many files on, `auto` lints in workers, for their bounded heaps rather than for speed:
 * on two cores one thread was as fast or faster at every size measured (1,000 to 10,000 workflows),
 * since each worker compiles orchlint's hot code again and runs its own collector, while one
 * thread's heap grows with the run (about 190 MB at 1,000 workflows, 265–290 MB at 2,000, 345–413
 * MB at 10,000). See docs/performance.md for the measurements.
 */
export const WORKER_THRESHOLD = 1500;

/**
 * A worker's old-space limit. V8 lets a heap grow to about four times what is alive before it
 * collects when the limit is the default (a quarter of the machine's memory), and to about twice
 * when the limit is this small: a worker's run over 10,000 workflows stays near this size at about
 * the same speed. A unit that needs more (a YAML file of several MB) makes the worker run out of
 * memory; its jobs are then linted in the main thread, which has no such limit.
 */
export const WORKER_HEAP_MB = 160;

/**
 * A worker's young generation: small objects die young in a lint (parse trees, models), and with
 * V8's default young generation (tens of MB) two workers' heaps alone passed 300 MB on 10,000
 * workflows. 8 MB cost no CPU time measurable on 1,000 workflows (median of 3: 6.1 s either way).
 */
const WORKER_YOUNG_MB = 8;

/** Lints one job; `memo` is the run's (or this thread's) memory of what was read. */
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
 * How many worker threads lint a run of `count` jobs; 0 for this thread alone. A number is that many
 * threads (1: this one). `auto` lints in this thread below WORKER_THRESHOLD files; above it, in
 * workers: one for the core this run holds, and one more for each core that is idle (the 1-minute
 * load average, as `make -l` reads it), so at least one: the main thread then holds only the
 * results, and each worker's heap stays bounded.
 */
export function workerCount(count: number, concurrency: 'auto' | 'off' | number): number {
  if (concurrency === 'off' || count === 0) return 0;
  if (concurrency !== 'auto') return concurrency === 1 ? 0 : Math.min(concurrency, count);
  if (count < WORKER_THRESHOLD) return 0;
  const cores = availableParallelism();
  const idle = Math.floor(cores - loadavg()[0]!);
  return Math.max(1, Math.min(idle + 1, cores, Math.floor(count / WORKER_THRESHOLD)));
}

/** How often a thread that lints reports how far it got, and this thread lets the others' reports in. */
export const REPORT_EVERY_MS = 100;

/** What the main thread sends a worker: a batch of jobs (by their index in the run), or the end. */
export type WorkerTask = { batch: number; jobs: Job[] } | { done: true };
/**
 * What a worker posts: how many of its current batch's jobs are done so far, then the batch's
 * results, as JSON text when they hold no read logs (which share objects a copy must keep shared).
 */
export type WorkerMessage =
  | { progress: number }
  | { batch: number; results: JobResult[] }
  | { batch: number; json: string };

/** Batches in flight per worker: one being linted, one waiting, so a worker never waits for the main thread. */
const IN_FLIGHT = 2;

/** Jobs per batch: small enough that every worker gets several (a busy worker gets fewer), large enough to amortise a message. */
function batchSize(jobs: number, workers: number): number {
  return Math.max(1, Math.min(64, Math.ceil(jobs / (workers * 8))));
}

/**
 * Lints the jobs: in this thread when `workers` is 0, else on that many worker threads fed batches
 * on demand (a worker that finishes early gets more), the results in job order. `onDone(n)` hears of
 * every `n` jobs done, on any thread, as they get done. The rules are loaded here only when this
 * thread lints: the workers load their own, and the main thread of a run they lint holds results alone.
 */
export async function lintInWorkers(
  jobs: readonly Job[],
  workers: number,
  loadRules: () => Promise<readonly Rule<any>[]>,
  forced: Dialect<any> | undefined,
  record: boolean,
  onDone: (n: number) => void = () => {},
  heapMb = WORKER_HEAP_MB,
): Promise<JobResult[]> {
  const results: JobResult[] = new Array(jobs.length);
  const memo: ReadMemo = new Map();
  /** Lints jobs in this thread: the whole run, or the batches of a worker that ran out of memory. */
  const here = async (indices: readonly number[]) => {
    if (!indices.length) return;
    const rules = await loadRules();
    for (const i of indices) {
      results[i] = lintJob(jobs[i]!, rules, forced, record, memo);
      onDone(1);
    }
  };
  if (workers === 0) {
    await here(jobs.map((_, i) => i));
    return results;
  }
  const size = batchSize(jobs.length, workers);
  const batches: number[][] = [];
  for (let start = 0; start < jobs.length; start += size)
    batches.push(Array.from({ length: Math.min(size, jobs.length - start) }, (_, k) => start + k));
  let next = 0;
  const leftOver: number[] = [];
  const shared = sharingTexts();
  const place = (indices: readonly number[], batch: readonly JobResult[]) => {
    for (let k = 0; k < batch.length; k++) results[indices[k]!] = shared(batch[k]!);
  };
  // While the workers run, their results are held as the JSON text they came in: a third of the
  // memory of the objects, when two workers' heaps are at their largest. Parsed once they are done.
  const held: Array<{ indices: number[]; json: string }> = [];
  await Promise.all(
    Array.from({ length: Math.min(workers, batches.length) }, () =>
      runWorker(batches, () => (next < batches.length ? next++ : undefined), {
        forced: forced?.id,
        record,
        heapMb,
        jobs,
        done: (indices, batch) => {
          if (typeof batch === 'string') held.push({ indices, json: batch });
          else place(indices, batch);
        },
        onDone,
        lost: (indices) => leftOver.push(...indices),
      }),
    ),
  );
  for (let h = 0; h < held.length; h++) {
    const { indices, json } = held[h]!;
    place(indices, JSON.parse(json) as JobResult[]);
    held[h] = { indices, json: '' };
  }
  // Batches no worker took (every worker stopped early) are this thread's too.
  while (next < batches.length) leftOver.push(...batches[next++]!);
  await here(leftOver.sort((a, b) => a - b));
  return results;
}

/**
 * A worker's results arrive as copies, every string its own: the same message, path or rule id in
 * a thousand findings would be held a thousand times by the main thread, which keeps every result
 * until the report is written. Each text is kept once (the messages of 10,000 copied workflows:
 * 10 MB of text, 345 distinct messages).
 */
function sharingTexts(): (result: JobResult) => JobResult {
  const texts = new Map<string, string>();
  const one = (text: string) => {
    const known = texts.get(text);
    if (known !== undefined) return known;
    texts.set(text, text);
    return text;
  };
  return (result) => {
    for (const d of result.outcome.diagnostics) {
      d.message = one(d.message);
      d.path = one(d.path);
      d.rule = one(d.rule);
      for (const r of d.related ?? []) {
        r.message = one(r.message);
        r.path = one(r.path);
      }
    }
    return result;
  };
}

/**
 * One worker's life: it is sent batches (IN_FLIGHT at a time) while `take` has any, and its results
 * are put in place. Should it stop (out of memory, say), the jobs of its unfinished batches go to `lost`.
 */
function runWorker(
  batches: readonly number[][],
  take: () => number | undefined,
  options: {
    forced: string | undefined;
    record: boolean;
    heapMb: number;
    jobs: readonly Job[];
    /** A batch's results, or their JSON text. */
    done: (indices: number[], results: JobResult[] | string) => void;
    onDone: (n: number) => void;
    lost: (i: number[]) => void;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), {
      workerData: { forced: options.forced, record: options.record },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    const pending = new Set<number>();
    let reported = 0;
    let finished = false;
    const send = () => {
      const b = take();
      if (b === undefined) return;
      pending.add(b);
      const task: WorkerTask = { batch: b, jobs: batches[b]!.map((i) => options.jobs[i]!) };
      worker.postMessage(task);
    };
    /** The worker stopped: done, out of memory (its unfinished jobs go to the main thread), or failed (a bug). */
    const end = (error?: Error & { code?: string }) => {
      if (finished) return;
      finished = true;
      for (const b of pending) options.lost(batches[b]!);
      // The jobs of the batch it was on are done again elsewhere: what it said of them is taken back.
      if (pending.size) options.onDone(-reported);
      if (error && error.code !== 'ERR_WORKER_OUT_OF_MEMORY') reject(error);
      else resolve();
    };
    worker.on('message', (m: WorkerMessage) => {
      if ('progress' in m) {
        options.onDone(m.progress - reported);
        reported = m.progress;
        return;
      }
      const indices = batches[m.batch]!;
      options.done(indices, 'json' in m ? m.json : m.results);
      options.onDone(indices.length - reported);
      reported = 0;
      pending.delete(m.batch);
      send();
      if (pending.size === 0) {
        const last: WorkerTask = { done: true };
        worker.postMessage(last);
      }
    });
    worker.once('error', end);
    worker.once('exit', (code) =>
      end(code === 0 || pending.size === 0 ? undefined : new Error(`a lint worker stopped with exit code ${code}`)),
    );
    for (let k = 0; k < IN_FLIGHT; k++) send();
    if (pending.size === 0) worker.postMessage({ done: true } satisfies WorkerTask);
  });
}
