// `pnpm bench` (after `pnpm build`): orchlint's lint API on generated packs, measured in one process
// against the bare yaml parse of the same files, plus how lint time grows with a workflow's size and
// one run of the CLI. Medians of a few runs after a warm-up; the ratios are what to compare. Then the
// CLI at repository scale on Archon workflows (archon-scale.mjs), and the language server's start-up on
// them, cold and cached (lsp-startup.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { defaultSettings, memoryHost, Source } from '@orchlint/core';
import { discover, lintTargets } from '@orchlint/cli';
import { dialectById, rules } from '@orchlint/rules';
import { archonScaleBench } from './archon-scale.mjs';
import { lspStartupBench } from './lsp-startup.mjs';
import { packFile } from './packs.mjs';

const RUNS = 5;
const PACKS = 1000;
/** States per pack so that both formats come out at about 200 lines. */
const STATES = { yaml: 22, json: 16 };
/** Linear growth from 500 to 5,000 states is a ratio of 10; a little more is noise, much more is a hot spot. */
const LINEAR_LIMIT = 12;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cliBin = path.join(repoRoot, 'packages/cli/dist/bin.js');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs each function once to warm up, then RUNS rounds in which each runs once in turn, so that a
 * change in the machine's load weighs on all of them alike; per function, the median time in ms and
 * its last result.
 */
function measure(...fns) {
  const results = fns.map((fn) => fn());
  const times = fns.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    fns.forEach((fn, f) => {
      const start = performance.now();
      results[f] = fn();
      times[f].push(performance.now() - start);
    });
  }
  const out = fns.map((_, f) => ({ ms: median(times[f]), result: results[f] }));
  return out.length === 1 ? out[0] : out;
}

const lintPaths = (paths) => lintTargets(discover(paths), rules, defaultSettings);
/** yaml's defaults, as a bare parse is usually written; `uniqueKeys: false` is how orchlint parses (it finds duplicates itself, in one pass). */
const parseFiles = (files, options) => files.map((f) => parseDocument(readFileSync(f, 'utf8'), options));
/**
 * Each rule's own time on one file, the way the engine runs them: every rule in turn on one model
 * (analyses a dialect caches per model are paid by the first rule that asks). Median over fresh models.
 */
/** Rules whose time grows more than LINEAR_LIMIT times from 500 to 5,000 states (and matters). */
function superlinearRules(small, large) {
  return [...large.keys()].filter(
    (id) => large.get(id) > 10 && large.get(id) / Math.max(small.get(id), 0.01) > LINEAR_LIMIT,
  );
}

function ruleTimes(file) {
  const text = readFileSync(file, 'utf8');
  const dialect = dialectById('promptpack');
  const perRule = new Map(rules.filter((r) => r.dialect === dialect.id).map((r) => [r.id, []]));
  for (let run = 0; run <= RUNS; run++) {
    const source = new Source(file, text);
    const { model } = dialect.load(source, memoryHost({ [file]: text }), {});
    for (const rule of rules) {
      if (rule.dialect !== dialect.id) continue;
      const start = performance.now();
      rule.check(model, () => {}, { source, targets: {} });
      if (run > 0) perRule.get(rule.id).push(performance.now() - start);
    }
  }
  return new Map([...perRule].map(([id, times]) => [id, median(times)]));
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const workDir = mkdtempSync(path.join(os.tmpdir(), 'orchlint-bench-'));
const startDir = process.cwd();
try {
  process.chdir(workDir);
  mkdirSync('packs');
  mkdirSync('scale');
  const files = [];
  let lines = 0;
  let bytes = 0;
  for (let i = 0; i < PACKS; i++) {
    const { name, text } = packFile(i, i % 2 === 0 ? STATES.yaml : STATES.json);
    const file = `packs/${name}`;
    writeFileSync(file, text);
    files.push(file);
    lines += text.split('\n').length - 1;
    bytes += Buffer.byteLength(text);
  }
  const scaleFiles = {};
  for (const states of [500, 5000]) {
    const { text } = packFile(0, states);
    scaleFiles[states] = `scale/states-${states}.promptpack.yaml`;
    writeFileSync(scaleFiles[states], text);
  }

  const [lint, parse, parseAsOrchlint] = measure(
    () => lintPaths(['packs']),
    () => parseFiles(files),
    () => parseFiles(files, { uniqueKeys: false }),
  );
  if (lint.result.files.length !== PACKS)
    throw new Error(`linted ${lint.result.files.length} files, expected ${PACKS}`);
  // Both sizes in the same rounds, so a change of the machine's load weighs on both sides of the ratio.
  const [small, smallParse, large, largeParse] = measure(
    () => lintPaths([scaleFiles[500]]),
    () => parseFiles([scaleFiles[500]]),
    () => lintPaths([scaleFiles[5000]]),
    () => parseFiles([scaleFiles[5000]]),
  );

  const smallRules = ruleTimes(scaleFiles[500]);
  const largeRules = ruleTimes(scaleFiles[5000]);

  const cliStart = performance.now();
  const cli = spawnSync(process.execPath, [cliBin, '--format', 'json', 'packs'], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const cliMs = performance.now() - cliStart;
  if (cli.status !== 0 && cli.status !== 1) throw new Error(`the CLI exited with ${cli.status}: ${cli.stderr}`);
  const cliReport = JSON.parse(cli.stdout);

  const growth = large.ms / small.ms;
  const hot = superlinearRules(smallRules, largeRules);
  const without = (ms, times) => ms - hot.reduce((sum, id) => sum + times.get(id), 0);
  const counts = (run) => {
    const errors = run.diagnostics.filter((d) => d.severity === 'error').length;
    return `${fmt(run.diagnostics.length)} findings (${fmt(errors)} errors)`;
  };
  const out = [
    `orchlint benchmark — Node ${process.version}, ${os.cpus().length} CPUs, median of ${RUNS} runs after a warm-up`,
    '',
    `${fmt(PACKS)} packs, ${fmt(lines)} lines (${fmt(lines / PACKS)} per pack), ${fmt(bytes / 1024)} KB, half YAML and half JSON:`,
    `  lint API (discover, read, parse, model, every rule)  ${fmt(lint.ms)} ms   ${fmt((PACKS / lint.ms) * 1000)} files/s   ${counts(lint.result)}`,
    `  bare yaml parseDocument of the same files (read too)  ${fmt(parse.ms)} ms   ${fmt((PACKS / parse.ms) * 1000)} files/s`,
    `  the same, parsed as orchlint does (uniqueKeys: false)  ${fmt(parseAsOrchlint.ms)} ms   ${fmt((PACKS / parseAsOrchlint.ms) * 1000)} files/s`,
    `  lint / bare parse                                    ${fmt(lint.ms / parse.ms, 2)}×   (${fmt(lint.ms / parseAsOrchlint.ms, 2)}× the parse orchlint does)`,
    '',
    'growth with the size of one workflow:',
    `  500 states    lint ${fmt(small.ms, 1)} ms   (bare parse ${fmt(smallParse.ms, 1)} ms)   ${counts(small.result)}`,
    `  5,000 states  lint ${fmt(large.ms, 1)} ms   (bare parse ${fmt(largeParse.ms, 1)} ms)   ${counts(large.result)}`,
    `  5,000 / 500 states                                   ${fmt(growth, 2)}×   (linear growth means ≤ ${LINEAR_LIMIT}; bare parse ${fmt(largeParse.ms / smallParse.ms, 2)}×,`,
    "                                                       yaml's own duplicate-key check being quadratic in a mapping's size)",
    '  rules that grow faster than the workflow (more than 12× and over 10 ms at 5,000 states):',
    ...(hot.length ? hot : ['none']).map((id) =>
      hot.length
        ? `    ${id}  ${fmt(smallRules.get(id), 1)} ms → ${fmt(largeRules.get(id), 1)} ms   ${fmt(largeRules.get(id) / smallRules.get(id))}×`
        : `    ${id}`,
    ),
    ...(hot.length
      ? [
          `  5,000 / 500 states without them                      ${fmt(without(large.ms, largeRules) / without(small.ms, smallRules), 2)}×`,
        ]
      : []),
    '',
    `CLI on the ${fmt(PACKS)} files, once (process start included): ${fmt(cliMs)} ms   ${fmt((PACKS / cliMs) * 1000)} files/s   exit ${cli.status}, ${fmt(cliReport.summary.files)} files in its report`,
  ];
  if (growth > LINEAR_LIMIT)
    out.push('', `NOT LINEAR: 5,000 states took ${fmt(growth, 1)}× the time of 500; profile it with node --cpu-prof`);
  console.log(out.join('\n'));
  console.log(archonScaleBench().text);
  console.log((await lspStartupBench()).text);
  process.exitCode = growth > LINEAR_LIMIT ? 1 : 0;
} finally {
  process.chdir(startDir);
  rmSync(workDir, { recursive: true, force: true });
}
