// How lint time grows with the size of hostile shapes: each shape is built at 1× and 16× its base
// size and linted in-process (lintUnit: parse, model, every rule); the exponent log(t16/t1)/log(16)
// is 1 for linear time, 2 for quadratic. Every shape should stay at or below 1.2; the run prints
// the exponents and exits 1 when one is over.
//   node test/bench/shapes.mjs            all shapes
//   SHAPES=node-chain,fan-in node test/bench/shapes.mjs
import { defaultSettings, lintUnit, memoryHost, Source } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';

const workflow = (nodes) => `name: big\ndescription: A generated workflow.\nnodes:\n${nodes.join('\n')}\n`;

/** n nodes and a node `join` that waits for all of them and reads each one's output, with `more` of its fields. */
const fanIn = (n, more) => ({
  dialect: 'archon',
  files: {
    '.archon/workflows/w.yaml': workflow([
      ...Array.from({ length: n }, (_, i) => `  - id: n${i}\n    prompt: Step ${i}.`),
      `  - id: join\n    prompt: "${Array.from({ length: n }, (_, i) => `$n${i}.output`).join(' ')}"\n    depends_on: [${Array.from({ length: n }, (_, i) => `n${i}`).join(', ')}]${more}`,
    ]),
  },
});

const PACK_HEAD =
  'id: p\nname: P\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: "{{x}}"}\n' +
  'prompts:\n  a: {id: a, name: A, version: 1.0.0, system_template: hi}\n';
/** A pack whose one state runs a composition of the given steps (YAML lines under `steps:`), written `copies` times. */
const compositionPack = (steps, copies = 1) =>
  `${PACK_HEAD}workflow:\n  version: 1\n  entry: run\n  states:\n    run: {orchestration: composition, composition: c0, terminal: true}\n` +
  `compositions:\n${Array.from({ length: copies }, (_, c) => `  c${c}:\n    version: 1\n    steps:\n${steps.join('\n')}\n`).join('')}`;

/** A parallel step `depth` levels deep: each level has a prompt branch and a parallel branch holding the next level. */
function nestedParallel(depth, indent) {
  const pad = ' '.repeat(indent);
  const lines = [`${pad}- id: par${depth}`, `${pad}  kind: parallel`, `${pad}  branches:`];
  lines.push(`${pad}    - {id: leaf${depth}, kind: prompt, prompt_task: a, input: "\${first.output}"}`);
  if (depth > 1) lines.push(...nestedParallel(depth - 1, indent + 4));
  lines.push(`${pad}  reduce: {strategy: barrier, into: r${depth}}`);
  return lines;
}

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
  // n keys that are flow sequences nested 200 deep (the nesting bound is 256).
  'nested-flow-key': {
    base: 16,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': `id: p\n${Array.from({ length: n }, (_, i) => `${'['.repeat(200)}a${i}${']'.repeat(200)}: v`).join('\n')}\n`,
      },
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
    base: 500,
    build: (n) => fanIn(n, ''),
  },
  'unknown-keys': {
    base: 1200,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': `id: p\nname: P\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: "{{x}}"}\nprompts:\n  a: {id: a, name: A, version: 1.0.0, system_template: hi}\n${Array.from({ length: n }, (_, i) => `unknown_${i}: ${i}`).join('\n')}\n`,
      },
    }),
  },
  // One bash body of n blocks, each checking a variable (=~, case), assigning it again and reading it
  // in arithmetic, a subscript, sed's program and xargs: the audits ask, per read, which checks hold.
  'guarded-bash': {
    base: 40,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/w.yaml': workflow([
          '  - id: ai\n    prompt: "Answer: $ARGUMENTS"',
          `  - id: b\n    depends_on: [ai]\n    bash: |\n${Array.from(
            { length: n },
            (_, i) =>
              `      case "$ARGUMENTS" in ''|*[!0-9]*) exit 1 ;; esac\n      v${i}=$ai.output\n      ARGUMENTS="$CONTEXT"\n` +
              `      arr[$ARGUMENTS]=1\n      printf '%s\\n' "$v${i}" | xargs gh issue view\n      sed "s/$v${i}/x/" f\n` +
              `      [[ $ARGUMENTS =~ ^[0-9]+$ ]] || exit 1\n      echo $(( ARGUMENTS + ${i} ))`,
          ).join('\n')}`,
        ]),
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
  // A composition of n steps in sequence, each reading the output of the one before and of the first.
  'composition-steps': {
    base: 200,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': compositionPack(
          Array.from(
            { length: n },
            (_, i) =>
              `      - {id: s${i}, kind: prompt, prompt_task: a, input: "${i ? `\${s${i - 1}.output} \${s0.output}` : '${input.x}'}"}`,
          ),
        ),
      },
    }),
  },
  // Parallel steps nested n deep (each level three YAML levels down; 16× the base stays inside the
  // nesting bound), in 16 compositions, so that the base takes long enough to time.
  'nested-parallel': {
    base: 4,
    build: (n) => ({
      dialect: 'promptpack',
      files: {
        'p.promptpack.yaml': compositionPack(
          [
            '      - {id: first, kind: prompt, prompt_task: a, input: "${input.x}"}',
            ...nestedParallel(n, 6),
            `      - {id: last, kind: prompt, prompt_task: a, input: "\${par${n}.output} \${first.output}"}`,
          ],
          16,
        ),
      },
    }),
  },
  // A pack of n states: a chain the entry reaches, ending in a terminal state whose transition into
  // the other half never fires, and that half: agent loops bounded by max_visits that nothing reaches.
  'unreachable-states': {
    base: 200,
    build: (n) => {
      const half = n / 2;
      const states = Array.from({ length: n }, (_, i) => {
        if (i < half - 1) return `    s${i}: {prompt_task: a, on_event: {Next: s${i + 1}}}`;
        if (i === half - 1) return `    s${i}: {prompt_task: a, terminal: true, on_event: {Next: s${half}}}`;
        const next = i === n - 1 ? half : i + 1;
        return `    s${i}: {prompt_task: a, control: agent, max_visits: 2, on_max_visits: s${next}, on_event: {Next: s${next}, Back: s${i === half ? n - 1 : i - 1}}}`;
      });
      return {
        dialect: 'promptpack',
        files: {
          'p.promptpack.yaml': `${PACK_HEAD}workflow:\n  version: 1\n  entry: s0\n  states:\n${states.join('\n')}\n`,
        },
      };
    },
  },
  // A workflow with n keys Archon does not know at its top level.
  'archon-workflow-unknown-keys': {
    base: 1200,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/w.yaml': `${Array.from({ length: n }, (_, i) => `extra_${i}: ${i}`).join('\n')}\n${workflow(['  - id: a\n    prompt: hi'])}`,
      },
    }),
  },
  // n nodes, each with a key Archon does not know.
  'archon-nodes-unknown-keys': {
    base: 250,
    build: (n) => ({
      dialect: 'archon',
      files: {
        '.archon/workflows/w.yaml': workflow(
          Array.from({ length: n }, (_, i) => `  - id: n${i}\n    prompt: Step ${i}.\n    extra_${i}: ${i}`),
        ),
      },
    }),
  },
  // One node that waits for n others, reads each one's output and runs on a condition over all of them.
  'wide-join': {
    base: 600,
    build: (n) =>
      fanIn(
        n,
        `\n    trigger_rule: one_success\n    when: "${Array.from({ length: n }, (_, i) => `$n${i}.output == 'ok'`).join(' || ')}"`,
      ),
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
    base: 64,
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

/**
 * The fastest of five runs of each size (after a warm-up), the two sizes taking turns so that a
 * change in the machine's load weighs on both: the least disturbed times.
 */
function times(small, large) {
  lintOnce(small);
  lintOnce(large);
  let t1 = Infinity;
  let t16 = Infinity;
  for (let i = 0; i < 5; i++) {
    t1 = Math.min(t1, lintOnce(small));
    t16 = Math.min(t16, lintOnce(large));
  }
  return [t1, t16];
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
  const [t1, t16] = times(small, large);
  const exponent = Math.log(t16 / t1) / Math.log(16);
  results.push({ name, exponent });
  console.log(
    `${name.padEnd(22)} 1×: ${t1.toFixed(1).padStart(8)} ms   16×: ${t16.toFixed(1).padStart(9)} ms (${(bytes / 1024).toFixed(0)} kB)   exponent ${exponent.toFixed(2)}`,
  );
}
const over = results.filter((r) => r.exponent > 1.2);
console.log(over.length ? `over 1.2: ${over.map((r) => r.name).join(', ')}` : 'every shape grows at most as n^1.2');
process.exitCode = over.length ? 1 : 0;
