import { defaultSettings, lintUnit, memoryHost, Source } from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';
const kind = process.argv[2]; const n = Number(process.argv[3]);
let text, file = 'p.promptpack.yaml';
if (kind === 'unknown') text = `id: p\nname: P\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: "{{x}}"}\nprompts:\n  a: {id: a, name: A, version: 1.0.0, system_template: hi}\n${Array.from({ length: n }, (_, i) => `unknown_${i}: ${i}`).join('\n')}\n`;
if (kind === 'compact') text = `id: p\n${Array.from({ length: n }, (_, i) => `? - k${i}\n  - - a\n    - b\n: v`).join('\n')}\n`;
if (kind === 'nested') text = `id: p\n${'['.repeat(n)}a${']'.repeat(n)}: v\n`;
const run = () => { const t = performance.now(); lintUnit(new Source(file, text), dialectById('promptpack'), rules, memoryHost({ [file]: text }), defaultSettings); return performance.now() - t; };
run(); console.log(kind, n, run().toFixed(0), 'ms');
