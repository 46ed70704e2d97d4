import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@orchlint/core';
import { lintInWorkers, workerCount, WORKER_THRESHOLD, type Job } from '@orchlint/cli';
import { rules } from '@orchlint/rules';
import { tempFiles } from '../support/orchlint-bin.js';

const workflow = (i: number, nodes = 3) =>
  `name: wf-${i}\ndescription: Workflow ${i}.\nnodes:\n` +
  Array.from(
    { length: nodes },
    (_, n) =>
      `  - id: step-${n}\n    bash: echo "$step-${n === 0 ? 0 : n - 1}.output" $ARTIFACT_DIR\n` +
      (n ? `    depends_on: [step-${n - 1}]\n` : ''),
  ).join('');

function jobsIn(files: Record<string, string>): Job[] {
  const dir = tempFiles(files);
  return Object.keys(files)
    .sort()
    .map((f) => ({
      target: { file: path.join(dir, f).split(path.sep).join('/'), explicit: false, root: dir },
      settings: defaultSettings,
    }));
}

describe('lintInWorkers', () => {
  it('gives the results of one thread, in job order, from workers fed batches on demand', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`.archon/workflows/wf-${String(i).padStart(2, '0')}.yaml`] = workflow(i % 7);
    const jobs = jobsIn(files);
    const alone = await lintInWorkers(jobs, 0, async () => rules, undefined, false);
    let done = 0;
    const spread = await lintInWorkers(
      jobs,
      2,
      async () => rules,
      undefined,
      false,
      (n) => (done += n),
    );
    expect(spread.map((r) => r.outcome)).toEqual(alone.map((r) => r.outcome));
    expect(done).toBe(jobs.length);
    // The names seven workflows share, found by each worker's own project model.
    expect(
      alone.flatMap((r) => r.outcome.diagnostics).filter((d) => d.rule === 'archon/duplicate-workflow-name'),
    ).toHaveLength(40);
  });

  it('lints in this thread the jobs of a worker that ran out of memory', async () => {
    const jobs = jobsIn({
      '.archon/workflows/a.yaml': workflow(1),
      '.archon/workflows/big.yaml': workflow(2, 600),
      '.archon/workflows/c.yaml': workflow(3),
    });
    const alone = await lintInWorkers(jobs, 0, async () => rules, undefined, false);
    let done = 0;
    // A heap of 20 MB: the worker lints the first workflow, then runs out of memory on the big one.
    const cramped = await lintInWorkers(
      jobs,
      1,
      async () => rules,
      undefined,
      false,
      (n) => (done += n),
      20,
    );
    expect(cramped.map((r) => r.outcome)).toEqual(alone.map((r) => r.outcome));
    expect(done).toBe(jobs.length);
  });

  it('counts each job done once when a worker that said how far it got in a batch runs out of memory', async () => {
    // Batches of two: the worker says it has linted the first workflow (it takes over REPORT_EVERY_MS),
    // then runs out of memory on the second; the main thread lints both again.
    const jobs = jobsIn(
      Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`.archon/workflows/w${i}.yaml`, workflow(i, [800, 1500][i] ?? 3)]),
      ),
    );
    let done = 0;
    let most = 0;
    const count = (n: number) => {
      done += n;
      most = Math.max(most, done);
    };
    await lintInWorkers(jobs, 1, async () => rules, undefined, false, count, 30);
    expect(done).toBe(jobs.length);
    expect(most).toBe(jobs.length);
  });
});

describe('workerCount', () => {
  it('lints in this thread when told to or for few files, and in at least one worker for many', () => {
    expect(workerCount(5000, 'off')).toBe(0);
    expect(workerCount(5000, 1)).toBe(0);
    expect(workerCount(5000, 3)).toBe(3);
    expect(workerCount(2, 3)).toBe(2);
    expect(workerCount(WORKER_THRESHOLD - 1, 'auto')).toBe(0);
    const many = workerCount(WORKER_THRESHOLD * 8, 'auto');
    expect(many).toBeGreaterThanOrEqual(1);
    expect(many).toBeLessThanOrEqual(availableParallelism());
  });
});
