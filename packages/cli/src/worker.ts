import { parentPort, workerData } from 'node:worker_threads';
import { rules, dialectById } from '@orchlint/rules';
import type { ReadMemo } from './host.js';
import { lintJob, REPORT_EVERY_MS, type JobResult, type WorkerMessage, type WorkerTask } from './parallel.js';

/**
 * A worker thread: lints the batches of jobs the main thread sends, one after the other, says now
 * and then how many of the current batch are done, and posts each batch's results in job order.
 * Its read memo, and with it the state units share (an Archon project's name index), lasts for
 * every batch it gets.
 */
const { forced, record } = workerData as { forced?: string; record: boolean };
const dialect = forced ? dialectById(forced) : undefined;
const memo: ReadMemo = new Map();
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
parentPort!.on('message', (task: WorkerTask) => {
  if ('done' in task) {
    parentPort!.close();
    return;
  }
  const results: JobResult[] = [];
  let reported = performance.now();
  for (const job of task.jobs) {
    results.push(lintJob(job, rules, dialect, record, memo));
    if (performance.now() - reported > REPORT_EVERY_MS) {
      post({ progress: results.length });
      reported = performance.now();
    }
  }
  post(record ? { batch: task.batch, results } : { batch: task.batch, json: JSON.stringify(results) });
});
