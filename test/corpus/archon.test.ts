import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@orchlint/core';
import { rules } from '@orchlint/rules';
import { lintMemory, lintPaths, relative } from '../support/lint.js';
import { hasShared, sharedDir } from '../support/paths.js';
import { needsCorpus } from '../support/needs.js';

const corpus = path.join(sharedDir, 'corpus/archon');

interface Verdict {
  file: string;
  parse_ok: boolean;
  parse_warnings?: string[];
  error?: string;
}

/** orchlint rules that restate the engine's own parse warnings (loader.ts), one finding per warning. */
const PARSE_WARNING_RULES = new Set([
  'archon/unknown-key',
  'archon/with-ignored',
  'archon/approval-deprecated',
  'archon/loop-interactive-deprecated',
  'archon/model-reasoning-effort',
  'archon/pause-without-interactive',
]);

/** Each Archon rule's clause of the severity policy (README "Severity"). */
const clauseOf = new Map<string, string>(rules.map((r: { id: string; clause: string }) => [r.id, r.clause]));

/**
 * VERDICTS.json holds what the Archon 0.9 engine did with each file, and the severity policy says
 * what orchlint may say about it: a file the engine rejects gets an error of a rule whose clause is
 * `rejected`; a file it loads gets an error only under `never-works` or `admissibility`, with a
 * message that says Archon loads the file and why it is an error anyway (warnings are allowed, and
 * every engine parse warning must have one). Level-3 resource findings depend on the machine the
 * engine ran on and are not asserted.
 */
describe('Archon corpus verdicts (VERDICTS.json)', needsCorpus, () => {
  const verdicts: Verdict[] = hasShared
    ? JSON.parse(readFileSync(path.join(corpus, 'VERDICTS.json'), 'utf8')).results
    : [];
  // One run over every file, read file by file: the files are no project (not under .archon/workflows),
  // so each one's findings are what it gets linted alone.
  let all: Diagnostic[] | undefined;
  const findingsOf = (file: string) => {
    all ??= lintPaths(
      verdicts.map((v) => relative(path.join(corpus, v.file))),
      'archon',
    );
    return all.filter((d) => path.resolve(d.path) === path.join(corpus, file));
  };
  it('covers the 89 corpus files', () => {
    expect(verdicts).toHaveLength(89);
    expect(verdicts.filter((v) => v.parse_ok)).toHaveLength(75);
  });
  for (const v of verdicts) {
    it(`${v.file}: ${v.parse_ok ? 'loads' : 'rejected'}`, () => {
      const found = findingsOf(v.file);
      const errors = found.filter((d) => d.severity === 'error');
      const show = (ds: typeof found) => ds.map((d) => `${d.range.start.line + 1}: ${d.rule}: ${d.message}`);
      if (!v.parse_ok) {
        expect(errors.filter((d) => clauseOf.get(d.rule) === 'rejected').length, v.error).toBeGreaterThan(0);
        return;
      }
      const loadErrors = errors.filter(
        (d) =>
          !['never-works', 'admissibility'].includes(clauseOf.get(d.rule) ?? '') ||
          !d.message.includes('Archon loads this file, but'),
      );
      expect(show(loadErrors)).toEqual([]);
      const warnings = found.filter((d) => PARSE_WARNING_RULES.has(d.rule));
      expect(warnings.length, `engine parse warnings: ${(v.parse_warnings ?? []).join(' | ')}`).toBe(
        v.parse_warnings?.length ?? 0,
      );
    });
  }
});

describe('an error on a file Archon loads', needsCorpus, () => {
  it('e2e-structured-output-failfast: the field read its e2e test expects to fail is a never-works error that says so', () => {
    const errors = lintPaths(
      [relative(path.join(corpus, 'test-workflows__e2e-structured-output-failfast.yaml'))],
      'archon',
    ).filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.rule, clauseOf.get(d.rule), d.range.start.line + 1])).toEqual([
      ['archon/output-field-undeclared', 'never-works', 29],
    ]);
    expect(errors[0]!.message).toContain("Archon loads this file, but the read fails node 'bad-ref' on every run");
  });
});

describe('Archon parse warnings name the place as the engine does', needsCorpus, () => {
  it("e2e-opencode-smoke: the unknown 'agent' key is placed on the workflow by name and on node 'simple'", () => {
    const found = lintPaths([relative(path.join(corpus, 'e2e-opencode-smoke.yaml'))], 'archon').filter(
      (d) => d.rule === 'archon/unknown-key',
    );
    expect(found.map((d) => d.message)).toEqual([
      "unknown key 'agent' in workflow 'e2e-opencode-smoke' will be ignored",
      "unknown key 'agent' in node 'simple' will be ignored (did you mean 'agents'?)",
    ]);
  });
});

describe('a workflow without a name', () => {
  it("is called 'the workflow' in messages, never by a placeholder", () => {
    const found = lintMemory({ 'w.yaml': 'description: d\nagent: x\nnodes:\n  - id: a\n    bash: echo\n' }, 'archon');
    expect(found.find((d) => d.rule === 'archon/unknown-key')?.message).toBe(
      "unknown key 'agent' in the workflow will be ignored",
    );
  });
});
