// Re-lint latency of the language server on one 800-line pack, driven in-process over LSP:
// each round sends a full-text didChange and waits for that version's publishDiagnostics
// (debounce set to 0, so the numbers are the server's own cost: lint, conversion, JSON-RPC).
// Typing edits go through the incremental re-parse (only the changed lines are parsed again);
// a document opened anew shows the cost with a whole parse. Then the engine alone (lintUnit) and
// the parse alone on the same text, to show where the time goes. Not a timed unit test.
// FORMAT=json measures the same pack as an 800-line .pack.json (flow style: always a whole parse).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { dialects, rules } from '@orchlint/rules';
import { defaultSettings, lintUnit, memoryHost, Source, Tree } from '@orchlint/core';
import { lspSession, percentile as pct } from './lsp-session.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const WARMUP = 30;

function pack(states) {
  const lines = [
    'id: bench',
    'name: Bench',
    'version: 1.0.0',
    'template_engine: { version: v1, syntax: "{{variable}}" }',
    'prompts:',
  ];
  for (let i = 0; i < states; i++) {
    lines.push(
      `  p${i}:`,
      `    id: p${i}`,
      `    name: Prompt ${i}`,
      '    version: 1.0.0',
      `    system_template: Handle step ${i} of the request.`,
      '    tools: [lookup]',
    );
  }
  lines.push(
    'tools:',
    '  lookup: { name: lookup, description: Look up an order }',
    'workflow:',
    '  version: 1',
    '  entry: s0',
    '  states:',
  );
  for (let i = 0; i < states; i++) {
    const next = i + 1 < states ? `s${i + 1}` : 's0';
    lines.push(
      `    s${i}:`,
      `      prompt_task: p${i}`,
      `      description: State ${i}`,
      `      on_event: { Next: ${next}, Done: end }`,
      '      max_visits: 3',
      '      on_max_visits: end',
    );
  }
  lines.push('    end:', '      prompt_task: p0', '      terminal: true', '      control: agent');
  return lines.join('\n') + '\n';
}

const json = process.env.FORMAT === 'json';
const file = json ? 'bench.pack.json' : 'bench.promptpack.yaml';
const languageId = json ? 'json' : 'yaml';
const asText = (states) => (json ? JSON.stringify(parse(pack(states)), null, 2) + '\n' : pack(states));
let states = 10;
while (asText(states).split('\n').length < 800) states++;
let text = asText(states);
const lineCount = text.split('\n').length - 1;
const DESCRIPTION = json ? /"description": "State (\d+)( edited \d+)?"/ : /description: State (\d+)( edited \d+)?\n/;
const described = (n, round) =>
  json ? `"description": "State ${n} edited ${round}"` : `description: State ${n} edited ${round}\n`;

const uri = `file:///bench/${file}`;
const session = await lspSession('file:///bench');
const firstResult = (await session.open(uri, languageId, text)).published;

const times = [];
// CPU time as well as wall time: on a shared machine the wall time also counts waiting for a core.
const cpuTimes = [];
for (let round = 0, version = 2; round < WARMUP + ROUNDS; round++, version++) {
  // A real edit each round: the description of one state changes.
  text = text.replace(DESCRIPTION, (_m, n) => described(n, round));
  const cpu = process.cpuUsage();
  const { ms } = await session.change(uri, version, text);
  if (round >= WARMUP) {
    times.push(ms);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
}

// The same text opened as a new document each round: no earlier parse to start from.
const openTimes = [];
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const other = `file:///bench/opened-${round}-${file}`;
  const { ms } = await session.open(other, languageId, text);
  if (round >= WARMUP) openTimes.push(ms);
  await session.close(other);
}

const parseTimes = [];
for (let i = 0; i < WARMUP + ROUNDS; i++) {
  const start = performance.now();
  new Tree(new Source(file, text));
  if (i >= WARMUP) parseTimes.push(performance.now() - start);
}

const promptpack = dialects.find((d) => d.id === 'promptpack');
const engineTimes = [];
for (let i = 0; i < WARMUP + ROUNDS; i++) {
  const start = performance.now();
  lintUnit(new Source(file, text), promptpack, rules, memoryHost({}), defaultSettings);
  if (i >= WARMUP) engineTimes.push(performance.now() - start);
}

const ms = (x) => `${x.toFixed(2)} ms`;
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (the numbers scale with it)`,
);
console.log(
  `LSP re-lint of one ${lineCount}-line ${json ? 'JSON ' : ''}pack (${firstResult.diagnostics.length} findings), ${ROUNDS} edits after ${WARMUP} warm-up:`,
);
console.log(
  `  typing edit, didChange → publishDiagnostics: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(Math.max(...times))}`,
);
console.log(
  `  CPU time of the same:                        p50 ${ms(pct(cpuTimes, 50))}, p95 ${ms(pct(cpuTimes, 95))}`,
);
console.log(
  `  whole parse, didOpen → publishDiagnostics:   p50 ${ms(pct(openTimes, 50))}, p95 ${ms(pct(openTimes, 95))}`,
);
console.log(
  `  lintUnit alone (no LSP, whole parse):        p50 ${ms(pct(engineTimes, 50))}, p95 ${ms(pct(engineTimes, 95))}`,
);
console.log(
  `  parse alone (core Tree, whole parse):        p50 ${ms(pct(parseTimes, 50))}, p95 ${ms(pct(parseTimes, 95))}`,
);
console.log(
  `  ratio (p50): a typing edit costs ${(pct(times, 50) / pct(parseTimes, 50)).toFixed(2)}x a whole parse alone`,
);
const budget = 10;
console.log(
  pct(times, 95) <= budget
    ? `  typing edits within the ${budget} ms p95 budget`
    : `  typing edits OVER the ${budget} ms p95 budget`,
);
session.dispose();
process.exit(0);
