// The measured gain of each patch in patches/ (patches/README.md cites these numbers): the installed,
// patched package against a copy of it with the patch taken back out (`git apply -R` in a temporary
// folder), both loaded in this one process and run on the same input in turn; median CPU time.
//   node test/bench/patches.mjs           (after pnpm install and pnpm build)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cyclicComponents, reachableFrom } from '@orchlint/core';
import { stringify } from 'yaml';
import { generatePack } from './packs.mjs';
import { alternate } from './timing.mjs';

const RUNS = 15;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(repoRoot, 'packages/core/package.json'));

/** "N% less time" or "N% more time" for `after` against `before`. */
const change = (before, after) =>
  `${Math.abs(Math.round((after / before - 1) * 100))}% ${after <= before ? 'less' : 'more'} time`;

/** A copy of the package `name` core has installed, in `dir`, with patches/<name>@<version>.patch reversed. */
function unpatched(name, dir) {
  const installed = realpathSync(path.join(repoRoot, 'packages/core/node_modules', name));
  const { version } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
  const copy = path.join(dir, name);
  cpSync(installed, copy, { recursive: true });
  execFileSync('git', ['apply', '-R', path.join(repoRoot, 'patches', `${name}@${version}.patch`)], { cwd: copy });
  return { installed, copy, version };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchlint-patches-'));
try {
  // yaml: the parser read process.env.LOG_TOKENS for every token; patched, once at load.
  {
    const { installed, copy, version } = unpatched('yaml', dir);
    const patched = require(path.join(installed, 'dist/index.js'));
    const plain = require(path.join(copy, 'dist/index.js'));
    const texts = Array.from({ length: 200 }, (_, i) => stringify(generatePack(i, 22)));
    const parseAll = (yaml) => () => {
      for (const text of texts) yaml.parseDocument(text, { uniqueKeys: false });
    };
    const [withPatch, without] = alternate([parseAll(patched), parseAll(plain)], RUNS, { cpu: true });
    const kb = Math.round(texts.reduce((n, t) => n + t.length, 0) / 1024);
    console.log(
      `yaml@${version}: parseDocument of 200 packs (${kb} KB): ${without.toFixed(1)} ms unpatched, ` +
        `${withPatch.toFixed(1)} ms patched: ${change(without, withPatch)}`,
    );
  }
  // graphology: null-prototype neighbour indices (a correctness fix); what it costs a state graph.
  {
    const { installed, copy, version } = unpatched('graphology', dir);
    const patched = await import(pathToFileURL(path.join(installed, 'dist/graphology.mjs')).href);
    const plain = await import(pathToFileURL(path.join(copy, 'dist/graphology.mjs')).href);
    const STATES = 20_000;
    const build = (graphology) => () => {
      const graph = new graphology.MultiDirectedGraph({ allowSelfLoops: true });
      for (let i = 0; i < STATES; i++) graph.addNode(`state_${i}`);
      for (let i = 0; i < STATES; i++) {
        graph.addDirectedEdge(`state_${i}`, `state_${(i + 1) % STATES}`);
        if (i % 3 === 0) graph.addDirectedEdge(`state_${i}`, `state_${(i * 7) % STATES}`);
      }
      // What the promptpack analyses ask of it: reachability, cycles, edge lookups.
      reachableFrom(graph, ['state_0']);
      cyclicComponents(graph);
      for (let i = 0; i < STATES; i++) graph.hasDirectedEdge(`state_${i}`, `state_${(i + 1) % STATES}`);
      return graph;
    };
    const [withPatch, without] = alternate([build(patched), build(plain)], RUNS, { cpu: true });
    console.log(
      `graphology@${version}: a ${STATES.toLocaleString('en')}-state graph built and searched: ${without.toFixed(1)} ms unpatched, ` +
        `${withPatch.toFixed(1)} ms patched: ${change(without, withPatch)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
