// Where a cold run's time goes (archon-scale.mjs runs this in a process of its own): the CLI's lint
// path (discover + lintTargets, one thread) on a folder three times in one process, and the bare
// parse of the same files three times. The first lint pays for what a cold process pays once (code
// not yet compiled by the JIT, the shell parser's first parses, a heap still growing); the last is
// the steady state, the work each file costs. Prints one JSON line of wall times in ms.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { defaultSettings } from '@orchlint/core';
import { discover, lintTargets } from '@orchlint/cli';
import { rules } from '@orchlint/rules';

const dir = process.argv[2];
const RUNS = 3;

function timed(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const files = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => path.join(dir, f));
const parse = () => {
  for (const f of files) parseDocument(readFileSync(f, 'utf8'));
};
const lint = () => lintTargets(discover([dir]), rules, defaultSettings);

const floor = Array.from({ length: RUNS }, () => timed(parse));
const orchlint = Array.from({ length: RUNS }, () => timed(lint));
console.log(
  JSON.stringify({
    floorFirst: floor[0],
    floorSteady: Math.min(...floor.slice(1)),
    first: orchlint[0],
    steady: Math.min(...orchlint.slice(1)),
  }),
);
