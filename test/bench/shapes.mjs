// How lint time grows with the size of hostile shapes: each shape is built at 1× and 16× its base
// size and linted in-process (lintUnit: parse, model, every rule); the exponent log(t16/t1)/log(16)
// is 1 for linear time, 2 for quadratic. Every shape should stay at or below 1.3.
//   node test/bench/shapes.mjs            all shapes
//   SHAPES=node-chain,fan-in node test/bench/shapes.mjs
import { defaultSettings, lintUnit, memoryHost, Source } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';

const workflow = (nodes) => `name: big\ndescription: A generated workflow.\nnodes:\n${nodes.join('\n')}\n`;

/** Each shape: dialect, main file, and the files of size n. */
const shapes = {
  // A mapping whose keys are nested flow sequences: yaml stringifies collection keys.
  'flow-sequence-keys': {
    base: 150,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': `id: p\n${Array.from({ length: n }, (_, i) => `[[k${i}, [a, b]], [c${i}]]: v`).join('\n')}\n`,
      },
    }),
  },
  // One key that is a flow sequence nested n deep.
  'nested-flow-key': {
    base: 200,
    build: (n) => ({
      dialect: 'promptpack',
      files: { 'p.promptpack.yaml': `id: p\n${'['.repeat(n)}a${']'.repeat(n)}: v\n` },
    }),
  },
  // Keys that are compact (block) sequences: `? - a`.
  'compact-sequence-keys': {
    base: 150,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': `id: p\n${Array.from({ length: n }, (_, i) => `? - k${i}\n  - - a\n    - b\n: v`).join('\n')}\n`,
      },
    }),
  },
  'node-chain': {
    base: 250,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/w.yaml': workflow(
          Array.from(
            { length: n },
            (_, i) =>
              `  - id: n${i}\n    prompt: "Step ${i}: use $n${Math.max(0, i - 1)}.output"${i ? `\n    depends_on: [n${i - 1}]` : ''}`,
          ),
        ),
      },
    }),
  },
  'fan-in': {
    base: 250,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/w.yaml': workflow([
          ...Array.from({ length: n }, (_, i) => `  - id: n${i}\n    prompt: Step ${i}.`),
          `  - id: join\n    prompt: "${Array.from({ length: n }, (_, i) => `$n${i}.output`).join(' ')}"\n    depends_on: [${Array.from({ length: n }, (_, i) => `n${i}`).join(', ')}]`,
        ]),
      },
    }),
  },
  'unknown-keys': {
    base: 300,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': `id: p\nname: P\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: "{{x}}"}\nprompts:\n  a: {id: a, name: A, version: 1.0.0, system_template: hi}\n${Array.from({ length: n }, (_, i) => `unknown_${i}: ${i}`).join('\n')}\n`,
      },
    }),
  },
  'archon-unknown-keys': {
    base: 300,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/w.yaml': workflow([
          `  - id: a\n    prompt: hi\n${Array.from({ length: n }, (_, i) => `    extra_${i}: ${i}`).join('\n')}`,
        ]),
      },
    }),
  },
  'syntax-errors': {
    base: 150,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': `id: p\n${Array.from({ length: n }, (_, i) => `k${i}: [unclosed, "x\n  bad: : indent`).join('\n')}\n`,
      },
    }),
  },
  // A includes B n times, B includes C n times, C includes D n times: the flattened workflow has n⁴
  // ids, so checking it must go through each target's own ids (the sum of the sizes), never the
  // product (which took 2 s at n = 48, the base of 3 at 16×).
  'include-diamond': {
    base: 32,
    build: (n) => {
      const file = (name, next) =>
        `name: ${name}\ndescription: d\nnodes:\n${Array.from({ length: n }, (_, i) => `  - id: ${name}${i}\n    ${next ? `include: ${next}` : 'prompt: leaf'}`).join('\n')}\n`;
      return {
        dialect: 'archon',
        files: {
          '.archon/workflows/a.yaml': file('a', 'b'),
          '.archon/workflows/b.yaml': file('b', 'c'),
          '.archon/workflows/c.yaml': file('c', 'd'),
          '.archon/workflows/d.yaml': file('d'),
        },
      };
    },
  },
  // One workflow includes the same block n times; the block has n nodes reading inputs and gated on
  // them: each include is checked against one summary of the block, not the whole block again.
  'include-repeat': {
    base: 40,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/a.yaml': workflow(
          Array.from({ length: n }, (_, i) => `  - id: a${i}\n    include: b\n    with: {mode: fast}`),
        ),
        '.archon/workflows/b.yaml': `name: b\ndescription: d\ninputs:\n  mode: {default: slow}\nnodes:\n${Array.from(
          { length: n },
          (_, i) =>
            `  - id: b${i}\n    prompt: "Use $INPUTS.mode."${i ? `\n    depends_on: [b${i - 1}]\n    when: "$b${i - 1}.output == '$INPUTS.mode'"` : ''}`,
        ).join('\n')}\n`,
      },
    }),
  },
};

function lintOnce({ dialect, files }) {
  const [main] = Object.keys(files);
  const start = performance.now();
  lintUnit(new Source(main, files[main]), dialectById(dialect), rules, memoryHost(files), defaultSettings);
  return performance.now() - start;
}

/** The fastest of a few runs (after a warm-up): the least disturbed by the other work on the machine. */
function time(unit) {
  lintOnce(unit);
  let best = Infinity;
  for (let i = 0; i < 3; i++) best = Math.min(best, lintOnce(unit));
  return best;
}

const only = process.env.SHAPES?.split(',');
const results = [];
// Warm every code path up first, so the 1× times measure the lint, not the compiler.
for (const shape of Object.values(shapes)) for (let i = 0; i < 3; i++) lintOnce(shape.build(shape.base));
for (const [name, shape] of Object.entries(shapes)) {
  if (only && !only.includes(name)) continue;
  const small = shape.build(shape.base);
  const large = shape.build(shape.base * 16);
  const bytes = Object.values(large.files).reduce((n, t) => n + t.length, 0);
  const t1 = time(small);
  const t16 = time(large);
  const exponent = Math.log(t16 / t1) / Math.log(16);
  results.push({ name, exponent });
  console.log(
    `${name.padEnd(22)} 1×: ${t1.toFixed(1).padStart(8)} ms   16×: ${t16.toFixed(1).padStart(9)} ms (${(bytes / 1024).toFixed(0)} kB)   exponent ${exponent.toFixed(2)}`,
  );
}
const over = results.filter((r) => r.exponent > 1.3);
console.log(over.length ? `over 1.3: ${over.map((r) => r.name).join(', ')}` : 'every shape grows at most as n^1.3');
