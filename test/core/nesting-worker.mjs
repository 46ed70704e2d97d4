// Lints the texts it is given in a worker thread (a stack of another size than the main thread's)
// and posts back the findings: test/core/nesting.test.ts compares them with the main thread's.
import { parentPort, workerData } from 'node:worker_threads';
import { findingsOf } from './nesting-cases.mjs';

parentPort.postMessage(workerData.map(findingsOf));
