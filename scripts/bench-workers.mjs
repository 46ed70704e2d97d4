#!/usr/bin/env node
// Times the CLI on many generated packs with and without worker threads, interleaving the
// variants so machine load drifts alike on both. Usage: node scripts/bench-workers.mjs [FILES] [REPS]
// (defaults 1000 and 5). Prints the median wall time of each variant; needs `pnpm build` first.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'packages/cli/dist/bin.js');
const count = Number(process.argv[2] ?? 1000);
const reps = Number(process.argv[3] ?? 5);

/** A pack of about 200 lines: 36 states in a chain with agent stretches, events, budgets and a terminal end. */
function pack(n) {
  const lines = [
    `id: pack-${n}`,
    `name: Pack ${n}`,
    'version: 1.0.0',
    'template_engine:',
    '  version: v1',
    '  syntax: "{{variable}}"',
    'prompts:',
  ];
  for (let p = 0; p < 6; p++)
    lines.push(
      `  p${p}:`,
      `    id: p${p}`,
      `    name: Prompt ${p}`,
      '    version: 1.0.0',
      `    system_template: Step ${p} of pack ${n}.`,
    );
  lines.push('workflow:', '  version: 2', '  entry: s0', '  states:');
  for (let s = 0; s < 36; s++) {
    lines.push(`    s${s}:`, `      prompt_task: p${s % 6}`);
    if (s === 35) {
      lines.push('      terminal: true');
      continue;
    }
    if (s % 3 === 1) lines.push('      control: agent');
    lines.push(`      on_event: { Next: s${s + 1}, Back: s${Math.max(0, s - 1)} }`);
  }
  return lines.join('\n') + '\n';
}

const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-bench-'));
mkdirSync(path.join(dir, 'packs'));
for (let i = 0; i < count; i++)
  writeFileSync(path.join(dir, 'packs', `p${String(i).padStart(4, '0')}.promptpack.yaml`), pack(i));

const variants = { 'one thread': ['--concurrency', 'off'], '2 workers': ['--concurrency', '2'], auto: [] };
const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
const time = (args) => {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, '--format', 'compact', ...args, 'packs'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
  return Number(process.hrtime.bigint() - start) / 1e6;
};
time([]);
for (let i = 0; i < reps; i++) for (const [name, args] of Object.entries(variants)) times[name].push(time(args));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${count} packs, ${availableParallelism()} cores, median of ${reps}:`);
for (const [name, xs] of Object.entries(times))
  console.log(`  ${name.padEnd(10)} ${median(xs).toFixed(0)} ms  (${xs.map((x) => x.toFixed(0)).join(', ')})`);
rmSync(dir, { recursive: true, force: true });
