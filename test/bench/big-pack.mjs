// The size policy, measured: generated packs linted by the CLI in a fresh process each, as YAML and
// as JSON, printing each run's peak resident memory (every thread's).
//   1. a ~20 MB pack at the default limit: one core/file-too-large finding, nothing parsed;
//   2. the same pack with --max-file-size raised: linted whole, its peak;
//   3. a pack of a quarter of that size, raised too: with 2, the memory a megabyte of file costs
//      (the slope between the two, so the process's fixed cost drops out);
//   4. a pack just under the default limit, default settings: linted, under 1 GiB.
// Every run must stay under 1 GiB but 2 (the point of the limit is that it may not).
// Run: pnpm build && node test/bench/big-pack.mjs [megabytes] (FORMAT=yaml or FORMAT=json: that one only)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { DEFAULT_MAX_FILE_SIZE } from '@orchlint/core';
import { generatePack } from './packs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../packages/cli/dist/bin.js');
const peakHook = join(here, 'peak.mjs');
const megabytes = Number(process.argv[2] ?? 20);
const limitKb = 1024 * 1024;

const formats = {
  yaml: { name: 'big.promptpack.yaml', render: (pack) => stringify(pack, { lineWidth: 0 }) },
  json: { name: 'big.pack.json', render: (pack) => `${JSON.stringify(pack, null, 2)}\n` },
};

/** A pack's text at about `bytes` (at least that much, or at most that much when `under`), by its state count. */
function sized(render, bytes, under = false) {
  let states = 1000;
  for (;;) {
    const text = render(generatePack(0, states));
    const size = Buffer.byteLength(text);
    if (under ? size <= bytes && size > bytes * 0.98 : size >= bytes) return text;
    states = Math.max(1, Math.floor((states * (under ? 0.99 : 1) * bytes) / size) + (under ? 0 : 100));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'orchlint-big-'));
let failed = false;

/** One CLI run on `text`; its peak in MB, and what it reported. */
function lint(name, text, flags, { mayExceed = false } = {}) {
  writeFileSync(join(dir, name), text);
  const peakFile = join(dir, `${name}.peak`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', peakHook, bin, '--format', 'json', ...flags, name], {
    cwd: dir,
    env: { ...process.env, ORCHLINT_BENCH_PEAK: peakFile },
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - started) / 1000;
  const peakKb = Number(readFileSync(peakFile, 'utf8'));
  const diagnostics = run.status === 0 || run.status === 1 ? JSON.parse(run.stdout).diagnostics : undefined;
  const over = peakKb > limitKb;
  failed ||= (over && !mayExceed) || diagnostics === undefined;
  return { peak: peakKb / 1024, seconds, status: run.status, diagnostics, over };
}

function line(label, bytes, r, note = '') {
  const found = r.diagnostics ? `${r.diagnostics.length} findings` : `exit ${r.status}`;
  console.log(
    `${label.padEnd(34)} ${(bytes / 1e6).toFixed(1).padStart(5)} MB   ${found.padEnd(14)} ${r.seconds.toFixed(1).padStart(5)} s   peak ${r.peak.toFixed(0).padStart(5)} MB${r.over ? ' (over 1 GiB)' : ''}${note}`,
  );
}

try {
  console.log(`default limit: ${(DEFAULT_MAX_FILE_SIZE / 1e6).toFixed(1)} MB`);
  for (const [format, { name, render }] of Object.entries(formats)) {
    if (process.env.FORMAT && format !== process.env.FORMAT) continue;
    const big = sized(render, megabytes * 1e6);
    const bigBytes = Buffer.byteLength(big);
    const refused = lint(name, big, []);
    const once = refused.diagnostics?.length === 1 && refused.diagnostics[0].rule === 'core/file-too-large';
    if (bigBytes > DEFAULT_MAX_FILE_SIZE && !once) failed = true;
    line(`${format}: default limit`, bigBytes, refused, once ? '   core/file-too-large' : '   NOT REFUSED');
    const whole = lint(name, big, ['--max-file-size', '1GB'], { mayExceed: true });
    line(`${format}: --max-file-size 1GB`, bigBytes, whole);
    const quarter = sized(render, bigBytes / 4);
    const quarterBytes = Buffer.byteLength(quarter);
    const small = lint(name, quarter, ['--max-file-size', '1GB']);
    line(`${format}: --max-file-size 1GB`, quarterBytes, small);
    const perMb = (whole.peak - small.peak) / ((bigBytes - quarterBytes) / 1e6);
    console.log(`${format}: ${perMb.toFixed(1)} MB of peak memory per MB of file (between the two)`);
    const under = sized(render, DEFAULT_MAX_FILE_SIZE, true);
    const fits = lint(name, under, []);
    line(`${format}: just under the default limit`, Buffer.byteLength(under), fits);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
