import { parentPort, workerData } from 'node:worker_threads';
import { rules, dialectById } from '@orchlint/rules';
import type { ReadMemo } from './host.js';
import { lintJob, type Job, type JobResult } from './parallel.js';

/** A worker thread: lints its share of the jobs and posts the results back in the same order. */
const { jobs, forced, record } = workerData as { jobs: Job[]; forced?: string; record: boolean };
const dialect = forced ? dialectById(forced) : undefined;
const memo: ReadMemo = new Map();
const results: JobResult[] = jobs.map((job) => lintJob(job, rules, dialect, record, memo));
parentPort!.postMessage(results);
