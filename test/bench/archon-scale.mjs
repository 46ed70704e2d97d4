// The CLI where Archon users live (issue 26): 1,000 real-shaped workflows in ONE .archon/workflows
// folder, every process timed from start to exit and every time printed as a ratio to the bare-parse
// floor measured in the same round (a Node process that only reads the files and yaml.parseDocument's
// them). Two copies of the folder: one whose workflows each declare a name of their own, one whose
// names are the corpus's as written (75 names shared by 1,000 files, as copies of a workflow are).
// JSON and stylish output, cold (threads as auto chooses them, and --concurrency off) and --cache
// with nothing changed; the flat layout beside it; 10,000 files for time and peak memory; yamllint
// and Spectral when installed. Rounds interleave the commands so the machine's load weighs on all
// alike; a ratio is taken within a round, and the median of the rounds' ratios is printed.
//
// orchlint runs with ShellCheck off PATH: the headline measures orchlint's own work, and ShellCheck
// (a program orchlint runs on each shell body when it is installed) is timed on its own line.
// It times the bundle npm installs (bundle/bin.js); ORCHLINT_BENCH_BIN names another entry.
// `node test/bench/archon-scale.mjs` runs it alone; ORCHLINT_BENCH_ROUNDS sets the rounds (3).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { archonSources, writeArchonCorpus } from './archon-corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const cliBin = path.resolve(process.env.ORCHLINT_BENCH_BIN ?? path.join(repoRoot, 'bundle/bin.js'));
const ROUNDS = Number(process.env.ORCHLINT_BENCH_ROUNDS ?? 3);
const FILES = 1000;
const LARGE = 10_000;

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const load = () => os.loadavg()[0].toFixed(1);

/** Runs a command to its end in `cwd`: wall time in ms, peak memory in MB (for node, via peak.mjs), exit code. */
function timed(cmd, args, cwd, { node = false, env = process.env } = {}) {
  const peakFile = path.join(cwd, `.peak-${process.pid}`);
  const argv = node ? ['--import', pathToFileURL(path.join(here, 'peak.mjs')).href, ...args] : args;
  const start = performance.now();
  const r = spawnSync(node ? process.execPath : cmd, argv, {
    cwd,
    env: { ...env, ORCHLINT_BENCH_PEAK: peakFile },
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

/** `count` copies of the corpus's workflows as written: their names repeat, as copied workflows' do. */
function writeSharedNames(dir, count, sources) {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++)
    writeFileSync(path.join(dir, `wf-${String(i).padStart(5, '0')}.yaml`), sources[i % sources.length]);
}

export function archonScaleBench() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'orchlint-scale-'));
  try {
    const sources = archonSources();
    const corpus = writeArchonCorpus(path.join(work, 'distinct/.archon/workflows'), FILES, sources);
    writeSharedNames(path.join(work, 'shared/.archon/workflows'), FILES, sources);
    writeArchonCorpus(path.join(work, 'flat'), FILES, sources);
    // The distinct folder again, as a CI job finds it: a new checkout (every file's time new) with the
    // cache of an earlier run restored (the GitHub Action's `cache: true`).
    const checkout = writeArchonCorpus(path.join(work, 'checkout/.archon/workflows'), FILES, sources);
    writeArchonCorpus(path.join(work, 'large/.archon/workflows'), LARGE, sources);
    writeSharedNames(path.join(work, 'large-shared/.archon/workflows'), LARGE, sources);
    writeFileSync(path.join(work, '.spectral.yaml'), SPECTRAL_RULESET);
    // orchlint spawns no ShellCheck with a PATH that holds none (node itself is run by its path).
    const noShellcheck = { ...process.env, PATH: path.join(work, 'no-programs') };
    const orchlint =
      (...args) =>
      () =>
        timed(null, [cliBin, ...args], work, { node: true, env: noShellcheck });
    const floor = (dir) => () => timed(null, [path.join(here, 'parse-floor.mjs'), dir], work, { node: true });
    const loadStart = load();

    // Let the files age past the cache's one-second window for trusting stamps, then fill each cache once.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
    const layouts = ['distinct', 'shared'];
    const formats = ['json', 'stylish'];
    const cacheOf = (layout, format) => ['--cache', '--cache-location', `${layout}-${format}.cache`];
    const filled = {};
    for (const layout of layouts)
      for (const format of formats)
        filled[`${layout}-${format}`] = orchlint('--format', format, ...cacheOf(layout, format), layout)();

    const checkoutCache = ['--cache', '--cache-location', 'checkout.cache'];
    filled.checkout = orchlint('--format', 'json', ...checkoutCache, 'checkout')();
    let checkouts = 0;
    const newCheckout = () => {
      const time = new Date(Date.now() - 60_000 - 1000 * ++checkouts);
      for (const file of checkout.files) utimesSync(file, time, time);
      return orchlint('--format', 'json', ...checkoutCache, 'checkout')();
    };

    const commands = { flatFloor: floor('flat'), flat: orchlint('--format', 'json', 'flat') };
    for (const layout of layouts) {
      commands[`${layout}:floor`] = floor(layout);
      for (const format of formats) {
        commands[`${layout}:${format}`] = orchlint('--format', format, layout);
        commands[`${layout}:${format}:cached`] = orchlint('--format', format, ...cacheOf(layout, format), layout);
      }
      commands[`${layout}:off`] = orchlint('--format', 'json', '--concurrency', 'off', layout);
    }
    commands.checkout = newCheckout;
    commands.version = () => timed(null, [cliBin, '--version'], work, { node: true });

    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round = {};
      for (const [name, run] of Object.entries(commands)) {
        round[name] = run();
        if (name !== 'version' && !name.endsWith('loor') && round[name].code !== 0 && round[name].code !== 1)
          throw new Error(`orchlint ${name} exited ${round[name].code}: ${round[name].stderr}`);
      }
      rounds.push(round);
    }
    const last = rounds[rounds.length - 1];
    for (const layout of layouts)
      for (const format of formats) {
        const cold = last[`${layout}:${format}`].stdout;
        if (filled[`${layout}-${format}`].stdout !== cold || last[`${layout}:${format}:cached`].stdout !== cold)
          throw new Error(`the --cache report differs from the cold one (${layout}, ${format})`);
      }
    if (last.checkout.stdout !== filled.checkout.stdout)
      throw new Error('the report of a new checkout with the cache restored differs from the cold one');
    if (last['distinct:off'].stdout !== last['distinct:json'].stdout)
      throw new Error('the one-thread report differs from the report of the threads auto chose');
    const linted = JSON.parse(last['distinct:json'].stdout).summary.files;
    if (linted !== FILES) throw new Error(`linted ${linted} files, expected ${FILES}`);

    /** Median over the rounds of a ratio taken within each round. */
    const ratio = (a, b) => median(rounds.map((r) => r[a].ms / r[b].ms));
    const ms = (name) => median(rounds.map((r) => r[name].ms));

    // 10,000 files, one round, beside the floor of the same files: time and peak memory.
    const large = {
      floor: floor('large')(),
      json: orchlint('--format', 'json', 'large')(),
      sharedJson: orchlint('--format', 'json', 'large-shared')(),
      small: orchlint('--format', 'json', 'distinct')(),
    };

    // Where the cold run's time goes: the lint path twice more in one process, and the parse likewise.
    const warm = JSON.parse(
      timed(null, [path.join(here, 'warm-lint.mjs'), 'distinct'], work, { node: true, env: noShellcheck }).stdout,
    );

    const others = {};
    const shellcheck = which('shellcheck');
    if (shellcheck)
      others.ShellCheck = {
        floor: floor('distinct')(),
        tool: timed(null, [cliBin, '--format', 'json', 'distinct'], work, { node: true }),
        label: 'orchlint with ShellCheck on PATH, distinct names, JSON',
      };
    if (which('yamllint'))
      others.yamllint = {
        floor: floor('flat')(),
        tool: timed('yamllint', ['-f', 'parsable', 'flat'], work),
        label: 'yamllint on the same files',
      };
    const spectral = spectralBin();
    if (spectral)
      others.Spectral = {
        floor: floor('flat')(),
        tool: timed(
          spectral,
          ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', 'flat/*.yaml'],
          work,
        ),
        label: 'Spectral, three trivial rules, on the same files',
      };

    const x = (r) => `${fmt(r, 2)}×`;
    const row = (label, millis, ratioText, extra = '') =>
      `  ${label.padEnd(50)} ${fmt(millis).padStart(7)} ms  ${ratioText.padStart(7)}${extra}`;
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const out = [
      '',
      `Archon workflows in one .archon/workflows folder — ${fmt(FILES)} files, ${fmt(corpus.lines)} lines (${fmt(corpus.bytes / 1024)} KB)`,
      `  ${os.cpus().length} × ${cpu}, Node ${process.version}, load average ${loadStart} at the start, ${load()} at the end`,
      `  orchlint is ${path.relative(repoRoot, cliBin)}, ShellCheck off PATH; median of ${ROUNDS} rounds, each ratio within one round`,
    ];
    for (const layout of layouts) {
      const floorMs = ms(`${layout}:floor`);
      out.push(
        `  ${layout === 'distinct' ? 'a name of its own per workflow' : 'names as the corpus writes them (75 names, 1,000 files)'}:`,
        row('bare parse floor (read + yaml.parseDocument)', floorMs, '1.00×'),
      );
      for (const format of formats)
        out.push(
          row(
            `orchlint cold, ${format} (threads: auto)`,
            ms(`${layout}:${format}`),
            x(ratio(`${layout}:${format}`, `${layout}:floor`)),
            `   of the floor (goal ≤ 1.5), peak ${fmt(median(rounds.map((r) => r[`${layout}:${format}`].mb)))} MB`,
          ),
        );
      out.push(
        row(
          'orchlint cold, json, --concurrency off',
          ms(`${layout}:off`),
          x(ratio(`${layout}:off`, `${layout}:floor`)),
          '   of the floor',
        ),
      );
      for (const format of formats)
        out.push(
          row(
            `orchlint --cache, nothing changed, ${format}`,
            ms(`${layout}:${format}:cached`),
            x(ratio(`${layout}:${format}:cached`, `${layout}:${format}`)),
            '   of cold (goal ≤ 0.10)',
          ),
        );
    }
    out.push(
      row(
        'orchlint --cache, new checkout, cache restored',
        ms('checkout'),
        x(ratio('checkout', 'distinct:json')),
        '   of cold (every file hashed, none linted)',
      ),
      '  beside them:',
      row(
        'orchlint cold, json, the same files in a plain folder',
        ms('flat'),
        x(ratio('flat', 'flatFloor')),
        `   of its floor (${fmt(ms('flatFloor'))} ms)`,
      ),
      row(
        'orchlint --version (the fixed cost)',
        ms('version'),
        x(ratio('version', 'distinct:json')),
        '   of cold, distinct names, json',
      ),
      `  where a cold run's time goes (one thread, in one process; distinct names):`,
      row(
        'first lint in the process (JIT warm-up included)',
        warm.first,
        x(warm.first / warm.floorFirst),
        `   of the first parse (${fmt(warm.floorFirst)} ms)`,
      ),
      row(
        'third lint, the steady state',
        warm.steady,
        x(warm.steady / warm.floorSteady),
        `   of the parse's steady state (${fmt(warm.floorSteady)} ms)`,
      ),
      `  ${fmt(LARGE)} files in one folder, one run each:`,
      row(
        'orchlint cold, json, a name of its own each',
        large.json.ms,
        x(large.json.ms / large.floor.ms),
        `   of the floor (${fmt(large.floor.ms)} ms), ${x(large.json.ms / large.small.ms)} of ${fmt(FILES)} files, peak ${fmt(large.json.mb)} MB (goal ≤ 300)`,
      ),
      row(
        'orchlint cold, json, 75 names shared',
        large.sharedJson.ms,
        x(large.sharedJson.ms / large.floor.ms),
        `   of the floor, peak ${fmt(large.sharedJson.mb)} MB (goal ≤ 300), report ${fmt(large.sharedJson.stdout.length / 1e6, 1)} MB`,
      ),
      ...Object.values(others).map((o) =>
        row(o.label, o.tool.ms, x(o.tool.ms / o.floor.ms), `   of its floor (${fmt(o.floor.ms)} ms)`),
      ),
      ...(others.ShellCheck ? [] : ['  ShellCheck: not installed']),
      ...(others.yamllint ? [] : ['  yamllint: not installed (apt-get install yamllint)']),
      ...(others.Spectral ? [] : ['  Spectral: not installed (npm i --prefix /tmp/spectral @stoplight/spectral-cli)']),
      `  every format's peak on ${fmt(LARGE)} files: node test/bench/memory.mjs`,
    );
    return { text: out.join('\n') };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(archonScaleBench().text);
