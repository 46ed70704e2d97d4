// The documents nested past the bound (core's MAX_NESTING) that test/core/nesting.test.ts lints on
// the main thread, from a deep stack and in a worker thread, and what each run reports.
import { defaultSettings, lintUnit, memoryHost, Source } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';

const PACKET = '---\nname: "p"\nrepos:\n  app:\n    path: "./app"\n    default: true\n---\n# P\n';

/** [name, dialect, files]: each nests collections 300 deep or more (the bound is 256), one way or another. */
export const CASES = [
  ['flow sequences', 'promptpack', { 'p.promptpack.yaml': `id: p\nx: ${'['.repeat(300)}${']'.repeat(300)}\n` }],
  [
    'flow sequences 5,000 deep',
    'promptpack',
    { 'p.promptpack.yaml': `id: p\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n` },
  ],
  ['flow mappings', 'promptpack', { 'p.promptpack.yaml': `id: p\nx: ${'{a: '.repeat(300)}1${'}'.repeat(300)}\n` }],
  ['block sequences', 'promptpack', { 'p.promptpack.yaml': `id: p\nx:\n${'- '.repeat(300)}x\n` }],
  [
    'block mappings',
    'archon',
    {
      '.archon/workflows/w.yaml': `name: w\nnodes:\n${Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i + 2)}k${i}:`).join('\n')} 1\n`,
    },
  ],
  ['JSON', 'promptpack', { 'p.pack.json': `{"id": "p", "x": ${'['.repeat(300)}${']'.repeat(300)}}` }],
  [
    'front matter',
    'prompt-runner',
    {
      'prompt_runner_packet.md': PACKET,
      'prompts/01.prompt.md': `---\nid: "01"\nx: ${'['.repeat(300)}${']'.repeat(300)}\n---\n# One\n`,
    },
  ],
];

/** Every finding of the case's unit as rule, line, column and message. */
export function findingsOf([, dialect, files]) {
  const [main] = Object.keys(files);
  const result = lintUnit(
    new Source(main, files[main]),
    dialectById(dialect),
    rules,
    memoryHost(files),
    defaultSettings,
  );
  return result.diagnostics.map((d) => [d.path, d.rule, d.range.start.line, d.range.start.character, d.message]);
}
