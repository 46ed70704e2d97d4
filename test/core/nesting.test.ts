// "Nested too deeply" comes from a number (MAX_NESTING) checked before yaml composes a node, not
// from where the stack runs out: the same finding, at the same line and column, on the main thread
// twice, from a deep stack, and in a worker thread with a stack of another size.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING } from '@orchlint/core/yaml-parse';
import { CASES, findingsOf } from './nesting-cases.mjs';

type Findings = Array<[string, string, number, number, string]>;

/** `run` called under `frames` frames of recursion: less stack left for the lint. */
function fromDeepStack<T>(frames: number, run: () => T): T {
  return frames === 0 ? run() : fromDeepStack(frames - 1, run);
}

function inWorker(stackSizeMb: number): Promise<Findings[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./nesting-worker.mjs', import.meta.url), {
      workerData: CASES,
      resourceLimits: { stackSizeMb },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('the nesting bound', () => {
  const main = CASES.map((c) => findingsOf(c) as Findings);

  it.each(CASES.map((c, i) => [c[0], i] as const))('%s: one finding, where the bound is passed', (_name, i) => {
    const deep = main[i]!.filter(([, , , , message]) => message.includes('nested too deeply'));
    expect(deep).toHaveLength(1);
    expect(deep[0]![4]).toContain(`more than ${MAX_NESTING} levels`);
  });

  it('is the same on a second run, from a deep stack, and in worker threads of two stack sizes', async () => {
    expect(CASES.map((c) => findingsOf(c))).toEqual(main);
    expect(fromDeepStack(2000, () => CASES.map((c) => findingsOf(c)))).toEqual(main);
    expect(await inWorker(2)).toEqual(main);
    expect(await inWorker(8)).toEqual(main);
  }, 60_000);
});
