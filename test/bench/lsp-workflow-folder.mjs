// Re-lint latency of the language server on one Archon workflow in a folder of 300 (each workflow
// reads the name of every other one of its folder, for archon/duplicate-workflow-name): a typing
// edit, didChange → publishDiagnostics, driven in-process over LSP with the debounce at 0.
// Not a timed unit test. WORKFLOWS=n changes the folder's size.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lspSession, percentile } from './lsp-session.mjs';

const WORKFLOWS = Number(process.env.WORKFLOWS ?? 300);
const ROUNDS = 300;
const WARMUP = 30;

const root = mkdtempSync(path.join(tmpdir(), 'orchlint-bench-'));
const folder = path.join(root, '.archon/workflows');
mkdirSync(folder, { recursive: true });
for (let i = 0; i < WORKFLOWS; i++) {
  const nodes = Array.from(
    { length: 12 },
    (_, n) => `  - id: n${n}\n    prompt: Do step ${n} of workflow ${i}.\n${n ? `    depends_on: [n${n - 1}]\n` : ''}`,
  );
  writeFileSync(
    path.join(folder, `wf-${i}.yaml`),
    `name: wf-${i}\ndescription: Workflow ${i}.\nnodes:\n${nodes.join('')}`,
  );
}

// The server re-reads a file whose times are under 2 s old (they may not show a second write yet);
// a real folder's workflows were written long before the typing starts.
await new Promise((resolve) => setTimeout(resolve, 2_100));
const session = await lspSession(pathToFileURL(root).href);
const file = path.join(folder, 'wf-0.yaml');
const uri = pathToFileURL(file).href;
let text = readFileSync(file, 'utf8');
await session.open(uri, 'yaml', text);

const times = [];
for (let round = 0, version = 2; round < WARMUP + ROUNDS; round++, version++) {
  text = text.replace(/Do step 3 of workflow 0[^.]*\./, `Do step 3 of workflow 0, edited ${round}.`);
  const { ms } = await session.change(uri, version, text);
  if (round >= WARMUP) times.push(ms);
}
session.dispose();
rmSync(root, { recursive: true, force: true });

const pct = (p) => percentile(times, p);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (the numbers scale with it)`,
);
console.log(`LSP re-lint of one workflow in a folder of ${WORKFLOWS}, ${ROUNDS} typing edits after ${WARMUP} warm-up:`);
console.log(`  didChange → publishDiagnostics: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms`);
process.exit(0);
