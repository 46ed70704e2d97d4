import { parentPort, workerData } from 'node:worker_threads';
import { rules, dialectById } from '@orchlint/rules';
import type { ReadMemo } from './host.js';
import { lintJob, REPORT_EVERY_MS, type Job, type JobResult, type WorkerMessage } from './parallel.js';

/** A worker thread: lints its share of the jobs, says now and then how many are done, and posts the results back in the same order. */
const { jobs, forced, record } = workerData as { jobs: Job[]; forced?: string; record: boolean };
const dialect = forced ? dialectById(forced) : undefined;
const memo: ReadMemo = new Map();
const results: JobResult[] = [];
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
let reported = performance.now();
for (const job of jobs) {
  results.push(lintJob(job, rules, dialect, record, memo));
  if (performance.now() - reported > REPORT_EVERY_MS) {
    post({ done: results.length });
    reported = performance.now();
  }
}
post({ results });
