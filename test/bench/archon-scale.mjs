// The CLI at repository scale (issue 12), every process timed from start to exit, side by side in
// one run: 1,000 real Archon workflows (replicated from the corpus) against the bare-parse floor (a
// Node process that only reads and yaml.parseDocument's them), flat and in one .archon/workflows
// folder, with --cache on unchanged files, 10,000 files against 1,000 (with peak memory), and
// yamllint and Spectral when they are installed. Rounds interleave the commands, so the machine's
// load weighs on all alike; medians of ROUNDS. `node test/bench/archon-scale.mjs` runs it alone.
// It times the bundle that npm installs (bundle/bin.js); ORCHLINT_BENCH_BIN names another entry
// (packages/cli/dist/bin.js, the unbundled build, loads each module as its own file).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { archonSources, writeArchonCorpus } from './archon-corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const cliBin = path.resolve(process.env.ORCHLINT_BENCH_BIN ?? path.join(repoRoot, 'bundle/bin.js'));
const ROUNDS = Number(process.env.ORCHLINT_BENCH_ROUNDS ?? 3);

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

/** Runs a command to its end in `cwd`: wall time in ms, peak memory in MB (for node, via peak.mjs), exit code. */
function timed(cmd, args, cwd, { node = false, env = {} } = {}) {
  const peakFile = path.join(cwd, `.peak-${process.pid}`);
  const argv = node ? ['--import', pathToFileURL(path.join(here, 'peak.mjs')).href, ...args] : args;
  const start = performance.now();
  const r = spawnSync(node ? process.execPath : cmd, argv, {
    cwd,
    env: { ...process.env, ...env, ORCHLINT_BENCH_PEAK: peakFile },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (r.error) throw r.error;
  let mb;
  if (node && existsSync(peakFile)) {
    mb = Number(readFileSync(peakFile, 'utf8')) / 1024;
    rmSync(peakFile);
  }
  return { ms, mb, code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Each of the named commands once per round, in turn; per name the median time, the peak memory and the last result. */
function rounds(commands, n = ROUNDS) {
  const times = new Map(Object.keys(commands).map((k) => [k, []]));
  const last = {};
  for (let i = 0; i < n; i++) {
    for (const [name, run] of Object.entries(commands)) {
      last[name] = run();
      times.get(name).push(last[name].ms);
    }
  }
  return Object.fromEntries(Object.keys(commands).map((k) => [k, { ...last[k], ms: median(times.get(k)) }]));
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Spectral as installed on PATH, or by `npm i --prefix /tmp/spectral @stoplight/spectral-cli`. */
function spectralBin() {
  return (
    which('spectral') ??
    (existsSync('/tmp/spectral/node_modules/.bin/spectral') ? '/tmp/spectral/node_modules/.bin/spectral' : undefined)
  );
}

/** Three trivial rules, as a first Spectral ruleset for workflows would start. */
const SPECTRAL_RULESET = `rules:
  workflow-name:
    given: $
    then: { field: name, function: truthy }
  workflow-description:
    given: $
    then: { field: description, function: truthy }
  workflow-nodes:
    given: $
    then: { field: nodes, function: truthy }
`;

export function archonScaleBench() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'orchlint-scale-'));
  try {
    const sources = archonSources();
    const small = writeArchonCorpus(path.join(work, 'flat'), 1000, sources);
    writeArchonCorpus(path.join(work, 'folder/.archon/workflows'), 1000, sources);
    writeArchonCorpus(path.join(work, 'large'), 10000, sources);
    writeFileSync(path.join(work, '.spectral.yaml'), SPECTRAL_RULESET);
    const orchlint =
      (...args) =>
      () =>
        timed(null, [cliBin, '--format', 'json', ...args], work, { node: true });
    const floor = (dir) => () => timed(null, [path.join(here, 'parse-floor.mjs'), dir], work, { node: true });

    // Let the files age past the cache's one-second window for trusting stamps, then fill the cache.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
    const filled = timed(
      null,
      [cliBin, '--format', 'json', '--cache', '--cache-location', 'flat.cache', 'flat'],
      work,
      { node: true },
    );

    const main = rounds({
      floor: floor('flat'),
      cold: orchlint('flat'),
      coldOneThread: orchlint('--concurrency', 'off', 'flat'),
      cached: orchlint('--cache', '--cache-location', 'flat.cache', 'flat'),
    });
    for (const k of ['cold', 'coldOneThread', 'cached'])
      if (main[k].code !== 1 && main[k].code !== 0)
        throw new Error(`orchlint ${k} exited ${main[k].code}: ${main[k].stderr}`);
    if (main.cached.stdout !== main.cold.stdout || filled.stdout !== main.cold.stdout)
      throw new Error('the cached report differs from the cold one');
    const report = JSON.parse(main.cold.stdout);
    if (report.summary.files !== 1000) throw new Error(`linted ${report.summary.files} files, expected 1,000`);

    // The fixed cost: a process that loads the command line and prints its version.
    const fixed = rounds({ version: () => timed(null, [cliBin, '--version'], work, { node: true }) });

    // The folder case and 10,000 files take long: one round each, beside a floor measured in the same round.
    // With --cache from nothing, every file is linted and its reads recorded.
    let fresh = 0;
    const coldCache = (dir) => () => {
      const file = `fresh-${fresh++}.cache`;
      const r = timed(null, [cliBin, '--format', 'json', '--cache', '--cache-location', file, dir], work, {
        node: true,
      });
      rmSync(path.join(work, file), { force: true });
      return r;
    };
    const folder = rounds({ floor: floor('folder'), orchlint: orchlint('folder'), cache: coldCache('folder') }, 1);
    if (folder.cache.stdout !== folder.orchlint.stdout)
      throw new Error('the cold --cache report differs in the folder');
    const scale = rounds({ small: orchlint('flat'), large: orchlint('large'), floorLarge: floor('large') }, 1);

    const others = {};
    if (which('yamllint'))
      others.yamllint = rounds(
        { floor: floor('flat'), tool: () => timed('yamllint', ['-f', 'parsable', 'flat'], work) },
        1,
      );
    const spectral = spectralBin();
    if (spectral) {
      others.Spectral = rounds(
        {
          floor: floor('flat'),
          tool: () =>
            timed(
              spectral,
              ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', 'flat/*.yaml'],
              work,
            ),
        },
        1,
      );
    }

    const x = (a, b) => `${fmt(a / b, 2)}×`;
    const line = (label, ms, ratio, extra = '') =>
      `  ${label.padEnd(52)} ${fmt(ms).padStart(7)} ms  ${ratio.padStart(7)}${extra}`;
    const out = [
      '',
      `Archon workflows at scale — ${fmt(small.lines)} lines in 1,000 files (${fmt(small.bytes / 1024)} KB), each process timed from start to exit, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
      `  orchlint is ${path.relative(repoRoot, cliBin)}`,
      `  median of ${ROUNDS} rounds; ratios against the bare parse floor of the same round`,
      line('bare parse floor (read + yaml.parseDocument)', main.floor.ms, '1.00×'),
      line(
        'orchlint cold, flat (threads: auto)',
        main.cold.ms,
        x(main.cold.ms, main.floor.ms),
        `   goal ≤ 1.0×, ${fmt(report.diagnostics.length)} findings, peak ${fmt(main.cold.mb)} MB`,
      ),
      line('orchlint cold, flat, one thread', main.coldOneThread.ms, x(main.coldOneThread.ms, main.floor.ms)),
      line(
        'orchlint --cache, unchanged files',
        main.cached.ms,
        x(main.cached.ms, main.floor.ms),
        `   ${x(main.cached.ms, main.cold.ms)} of cold (goal ≤ 0.10×)`,
      ),
      line(
        'orchlint --version (the fixed cost)',
        fixed.version.ms,
        x(fixed.version.ms, main.floor.ms),
        `   ${x(fixed.version.ms, main.cold.ms)} of cold`,
      ),
      `  one round each:`,
      line(
        'orchlint cold, one .archon/workflows folder',
        folder.orchlint.ms,
        x(folder.orchlint.ms, folder.floor.ms),
        `   (floor ${fmt(folder.floor.ms)} ms)`,
      ),
      line(
        'orchlint cold --cache (empty), one .archon/workflows folder',
        folder.cache.ms,
        x(folder.cache.ms, folder.floor.ms),
        `   ${x(folder.cache.ms, folder.orchlint.ms)} of the run without --cache (goal ≤ 1.0×)`,
      ),
      line(
        'orchlint cold, 10,000 files',
        scale.large.ms,
        x(scale.large.ms, scale.floorLarge.ms),
        `   ${x(scale.large.ms, scale.small.ms)} of 1,000 files (goal ≤ 10.5×), peak ${fmt(scale.large.mb)} MB (goal ≤ 300)`,
      ),
      ...Object.entries(others).map(([name, r]) =>
        line(`${name} on the 1,000 files`, r.tool.ms, x(r.tool.ms, r.floor.ms), `   (floor ${fmt(r.floor.ms)} ms)`),
      ),
      ...(others.yamllint ? [] : ['  yamllint: not installed (apt-get install yamllint)']),
      ...(others.Spectral ? [] : ['  Spectral: not installed (npm i --prefix /tmp/spectral @stoplight/spectral-cli)']),
    ];
    return { text: out.join('\n') };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(archonScaleBench().text);
