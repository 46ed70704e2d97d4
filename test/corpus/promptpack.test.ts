import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings, type LintSettings } from '@orchlint/core';
import { lintMemory, lintPaths, relative } from '../support/lint.js';
import { cliBin, hasShared, repoRoot, sharedDir } from '../support/paths.js';
import { needsCorpus } from '../support/needs.js';

const corpus = path.join(sharedDir, 'corpus/promptpack');

interface Verdict {
  file: string;
  expect: 'no-error' | 'clean' | 'warning' | 'error';
  why: string;
}

describe('PromptPack corpus verdicts (EXPECTED.json)', needsCorpus, () => {
  const verdicts: Verdict[] = hasShared
    ? JSON.parse(readFileSync(path.join(corpus, 'EXPECTED.json'), 'utf8')).files
    : [];
  for (const v of verdicts) {
    it(`${v.file}: ${v.expect}`, () => {
      const found = lintPaths([relative(path.join(corpus, v.file))], 'promptpack');
      const errors = found.filter((d) => d.severity === 'error');
      const warnings = found.filter((d) => d.severity === 'warning');
      const show = (ds: typeof found) => ds.map((d) => `${d.range.start.line + 1}: ${d.rule}: ${d.message}`);
      if (v.expect === 'error') expect(errors.length, v.why).toBeGreaterThan(0);
      else expect(show(errors), v.why).toEqual([]);
      if (v.expect === 'clean') expect(show(warnings), v.why).toEqual([]);
      if (v.expect === 'warning') expect(warnings.length, v.why).toBeGreaterThan(0);
    });
  }
});

/**
 * §5.3: the RFC 0014 examples and the spec v1.8.1 turn-control example are workflow fragments, not
 * packs. Each is wrapped in the smallest pack that declares the prompts its states name; the result
 * must be clean (RFC 0014 Example 2's compile/test/fix agent cycle is bounded by max_visits and
 * reaches a terminal user state), and PromptKit 1.5, which dropped `control`, must be reported by
 * promptpack/runtime-portability alone: an error once the runtime is pinned, since PromptKit 1.5 refuses
 * the pack at load time (the severity policy's `rejected`; spec §5.2: escalate when a target is pinned).
 */
const controlFragments = [
  'rfc-examples/rfc0014-example1-basic-control.workflow-fragment.yaml',
  'rfc-examples/rfc0014-example2-codegen-control-loop.workflow-fragment.yaml',
  'rfc-examples/spec-v1.8.1-structure-turn-control.workflow-fragment.json',
];

function packAround(fragment: string, json: boolean): string {
  const tasks = [...new Set([...fragment.matchAll(/"?prompt_task"?\s*:\s*"?(\w+)/g)].map((m) => m[1]!))];
  const prompts = Object.fromEntries(
    tasks.map((t) => [t, { id: t, name: t, version: '1.0.0', system_template: `Do ${t}.` }]),
  );
  const head = {
    id: 'control-example',
    name: 'Control example',
    version: '1.0.0',
    template_engine: { version: 'v1', syntax: '{{variable}}' },
    prompts,
  };
  if (json) return JSON.stringify({ ...head, ...JSON.parse(fragment) }, null, 2);
  // JSON is YAML: the header as one flow line, then the fragment's own top-level keys.
  return (
    Object.entries(head)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join('\n') +
    '\n' +
    fragment
  );
}

describe('RFC 0014 control examples, wrapped as packs', needsCorpus, () => {
  for (const file of controlFragments) {
    const json = file.endsWith('.json');
    const lint = (settings?: LintSettings) => {
      const text = packAround(readFileSync(path.join(corpus, file), 'utf8'), json);
      return lintMemory({ [`example.pack.${json ? 'json' : 'yaml'}`]: text }, 'promptpack', settings);
    };
    it(`${file} is clean, but for RFC 0014's Level-1 note that control: agent needs a Level 2 runtime`, () => {
      const found = lint();
      expect(
        found
          .filter((d) => d.rule !== 'promptpack/control-level')
          .map((d) => `${d.range.start.line + 1}: ${d.rule}: ${d.message}`),
      ).toEqual([]);
      expect(found.filter((d) => d.rule === 'promptpack/control-level').map((d) => d.severity)).toEqual(['info']);
    });
    it(`${file} gets only portability errors for promptkit@1.5`, () => {
      const found = lint({ ...defaultSettings, targets: { runtime: 'promptkit@1.5' } });
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((d) => d.rule === 'promptpack/runtime-portability' && d.severity === 'error')).toBe(true);
      expect(found.some((d) => d.message.includes("'control'"))).toBe(true);
    });
  }
});

/** Issue 2's acceptance check, as a user runs it: the error sits on the line of the unknown target. */
describe('orchlint lint --format json on an unknown on_event target', () => {
  it('reports a promptpack error on the line of that target', () => {
    const file = relative(path.join(repoRoot, 'fixtures/promptpack/on-event-target/invalid-unknown-target.pack.json'));
    const run = spawnSync(process.execPath, [cliBin, 'lint', '--format', 'json', file], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as {
      diagnostics: Array<{ rule: string; severity: string; message: string; range: { start: { line: number } } }>;
    };
    const targetLine =
      readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('"human_handoff"')) + 1;
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.rule, d.range.start.line])).toEqual([['promptpack/on-event-target', targetLine]]);
    expect(errors[0]!.message).toContain("'human_handoff'");
  });
});
