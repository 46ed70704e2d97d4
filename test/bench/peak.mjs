// Preloaded with `node --import` into a process the benchmark measures: at exit, writes the
// process's peak resident memory (every thread's) in KB to the file ORCHLINT_BENCH_PEAK names.
import { writeFileSync } from 'node:fs';

const file = process.env.ORCHLINT_BENCH_PEAK;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
