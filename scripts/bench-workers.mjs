#!/usr/bin/env node
// Where worker threads start to pay: the CLI (the bundle) on 100 to 4,000 real-shaped Archon
// workflows in one .archon/workflows folder, in this thread (--concurrency off) and on one worker per
// core (--concurrency N), the variants interleaved so the machine's load drifts alike on both.
// Prints the median wall time of each and the ratio; the break-even is the first size where the
// workers win. Usage: node scripts/bench-workers.mjs [SIZES] [REPS] (defaults 100,250,500,1000,2000,4000
// and 3); needs `pnpm build` first. ShellCheck is kept off PATH, as in test/bench/archon-scale.mjs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { archonSources, writeArchonCorpus } from '../test/bench/archon-corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bundle/bin.js');
const sizes = (process.argv[2] ?? '100,250,500,1000,2000,4000').split(',').map(Number);
const reps = Number(process.argv[3] ?? 3);
const cores = availableParallelism();

const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-workers-'));
try {
  const sources = archonSources();
  const env = { ...process.env, PATH: path.join(dir, 'no-programs') };
  const time = (folder, args) => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [bin, '--format', 'json', ...args, folder], {
      cwd: dir,
      env,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${cores} cores, load average ${loadavg()[0].toFixed(1)} at the start, median of ${reps}:`);
  for (const n of sizes) {
    const folder = `n${n}`;
    writeArchonCorpus(path.join(dir, folder, '.archon/workflows'), n, sources);
    const one = [];
    const workers = [];
    for (let i = 0; i < reps; i++) {
      one.push(time(folder, ['--concurrency', 'off']));
      workers.push(time(folder, ['--concurrency', String(cores)]));
    }
    const a = median(one);
    const b = median(workers);
    console.log(
      `  ${String(n).padStart(5)} workflows: this thread ${a.toFixed(0).padStart(6)} ms, ${cores} workers ${b.toFixed(0).padStart(6)} ms  (${(b / a).toFixed(2)}×)${b < a ? '  workers win' : ''}`,
    );
  }
  console.log(`load average ${loadavg()[0].toFixed(1)} at the end`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
