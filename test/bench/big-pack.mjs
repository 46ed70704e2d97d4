// Lints one ~20 MB generated pack, as YAML and as JSON, with the CLI in a fresh process each and
// prints the peak resident memory (every thread's). Issue 16 asks for under 1 GiB.
// Run: pnpm build && node test/bench/big-pack.mjs [megabytes] (FORMAT=yaml or FORMAT=json: that one only)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { generatePack } from './packs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../packages/cli/dist/bin.js');
const peakHook = join(here, 'peak.mjs');
const megabytes = Number(process.argv[2] ?? 20);
const limitKb = 1024 * 1024;

/** Grows the pack's state count until its text reaches the wanted size. */
function sized(render) {
  let states = 1000;
  for (;;) {
    const text = render(generatePack(0, states));
    if (text.length >= megabytes * 1e6) return text;
    states = Math.ceil((states * megabytes * 1e6) / text.length) + 100;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'orchlint-big-'));
let failed = false;
try {
  const files = {
    'big.promptpack.yaml': sized((pack) => stringify(pack, { lineWidth: 0 })),
    'big.pack.json': sized((pack) => `${JSON.stringify(pack, null, 2)}\n`),
  };
  for (const [name, text] of Object.entries(files)) {
    if (process.env.FORMAT && !name.endsWith(process.env.FORMAT)) continue;
    writeFileSync(join(dir, name), text);
    const peakFile = join(dir, `${name}.peak`);
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', peakHook, bin, '--format', 'json', name], {
      cwd: dir,
      env: { ...process.env, ORCHLINT_BENCH_PEAK: peakFile },
      maxBuffer: 1 << 30,
    });
    const ms = performance.now() - started;
    const peakKb = Number(readFileSync(peakFile, 'utf8'));
    const findings = run.status === 0 || run.status === 1 ? JSON.parse(run.stdout).diagnostics.length : '?';
    const over = peakKb > limitKb;
    failed ||= over || !(run.status === 0 || run.status === 1);
    console.log(
      `${name.padEnd(22)} ${(text.length / 1e6).toFixed(1)} MB   exit ${run.status}   ${findings} findings   ${(ms / 1000).toFixed(1)} s   peak ${(peakKb / 1024).toFixed(0)} MB${over ? '   OVER 1 GiB' : ''}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
