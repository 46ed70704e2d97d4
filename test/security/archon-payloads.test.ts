import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../support/needs.js';

/**
 * The engine facts the security audits rest on, checked against Archon's own substitution functions
 * with attacker payloads (test/security/archon-payloads.ts). It needs bun and an Archon source tree
 * with its dependencies installed, named by ARCHON_SRC; elsewhere it is skipped (named at the end of the run).
 */
const src = process.env.ARCHON_SRC;
const bun = spawnSync('bun', ['--version'], { encoding: 'utf8' });
const ready = !bun.error && src !== undefined && existsSync(path.join(src, 'packages/workflows/src/dag-executor.ts'));
const withArchon = needs(
  'Archon substitution payloads',
  !ready && 'needs bun on PATH and ARCHON_SRC naming an installed Archon source tree',
);

interface Outcome {
  surface: string;
  source: string;
  context: string;
  payload: string;
  injected: boolean;
}

describe("Archon's substitution under attacker payloads", withArchon, () => {
  let outcomes: Outcome[] = [];
  const hits = (surface: string, source: string, context: string): string[] =>
    outcomes
      .filter((o) => o.surface === surface && o.source === source && o.context === context && o.injected)
      .map((o) => o.payload)
      .sort();

  it('runs the payloads', () => {
    const run = spawnSync('bun', [path.join(import.meta.dirname, 'archon-payloads.ts'), '--json'], {
      encoding: 'utf8',
      env: { ...process.env, ARCHON_SRC: src },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 280_000,
    });
    expect(run.status, run.stderr).toBe(0);
    outcomes = JSON.parse(run.stdout) as Outcome[];
    expect(outcomes.length).toBeGreaterThan(100);
  }, 300_000);

  it('a bare $node.output word in top-level bash is one safe word, but can still be an option', () => {
    expect(hits('bash', '$ai.output', 'bare')).toEqual([]);
    expect(hits('bash', '$ai.output', 'assignment')).toEqual([]);
    expect(hits('bash', '$ai.output', 'option-position')).toEqual(['newline-option', 'option-injection']);
  });

  it('the quoting ignores its context: inside "…", author quotes, heredocs and backticks the value is live', () => {
    expect(hits('bash', '$ai.output', 'double-quoted')).toEqual(expect.arrayContaining(['command-substitution']));
    expect(hits('bash', '$ai.output', 'author-single-quoted')).toEqual(
      expect.arrayContaining(['command-substitution']),
    );
    expect(hits('bash', '$ai.output', 'unquoted-heredoc')).toEqual(expect.arrayContaining(['command-substitution']));
    expect(hits('bash', '$ai.output', 'quoted-heredoc')).toEqual(['heredoc-delimiter']);
    expect(hits('bash', '$ai.output', 'backticks')).toEqual(['backtick-break']);
  });

  it('re-evaluation and arithmetic run any source, environment variables included', () => {
    for (const source of ['$ai.output', '$ARGUMENTS (env)', '"$ARGUMENTS" (env)']) {
      expect(hits('bash', source, 'eval')).toEqual(expect.arrayContaining(['command-substitution']));
      expect(hits('bash', source, 'test-arithmetic')).toEqual(['arithmetic']);
    }
    expect(hits('bash', '$ARGUMENTS (env)', 'bash-c')).toEqual(expect.arrayContaining(['command-substitution']));
  });

  it('user variables arrive as environment variables: quoted reads are one word, unquoted ones split', () => {
    for (const context of ['bare', 'double-quoted', 'author-single-quoted', 'unquoted-heredoc', 'env-read-quoted'])
      expect(hits('bash', '"$ARGUMENTS" (env)', context)).toEqual([]);
    expect(hits('bash', '"$ARGUMENTS" (env)', 'option-position')).toEqual(['newline-option', 'option-injection']);
    expect(hits('bash', '$ARGUMENTS (env)', 'option-position')).toEqual(expect.arrayContaining(['word-splitting']));
  });

  it('$LOOP_USER_INPUT is spliced shell-quoted in loop_group body bash; ${LOOP_USER_INPUT} reads the variable', () => {
    expect(hits('loop_group body bash', '$LOOP_USER_INPUT', 'double-quoted')).toEqual(
      expect.arrayContaining(['command-substitution']),
    );
    expect(hits('loop_group body bash', '${LOOP_USER_INPUT}', 'double-quoted')).toEqual([]);
  });

  it('a loop_group re-scans spliced values: even a bare word is injectable through a second reference', () => {
    expect(hits('loop_group body bash', '$LOOP_PREV.rewrite.output', 'bare')).toEqual(['second-order']);
    expect(hits('loop_group body bash', '$LOOP_USER_INPUT', 'bare')).toEqual(['second-order']);
    expect(hits('bash', '$ai.output', 'bare')).not.toContain('second-order');
  });

  it('script: splices $node.output raw into the source; an environment variable stays data', () => {
    expect(hits('script bun', '$ai.output', 'string literal')).toEqual(['js-string-break']);
    expect(hits('script bun', 'env var', 'string literal')).toEqual([]);
  });

  it('declare -i and array subscripts evaluate their value; sed and awk program text runs commands; xargs makes words options', () => {
    for (const source of ['$ai.output', '$ARGUMENTS (env)', '"$ARGUMENTS" (env)']) {
      expect(hits('bash', source, 'declare-integer')).toEqual(['arithmetic']);
      expect(hits('bash', source, 'array-subscript')).toContain('arithmetic');
      expect(hits('bash', source, 'xargs-arguments')).toEqual(['newline-option', 'option-injection']);
    }
    expect(hits('bash', '$ARGUMENTS (env)', 'sed-program')).toEqual(['sed-exec']);
    expect(hits('bash', '$ai.output', 'sed-program-bare')).toEqual(['sed-exec']);
    expect(hits('bash', '"$ARGUMENTS" (env)', 'sed-program-bare')).toEqual(['sed-exec']);
    expect(hits('bash', '$ARGUMENTS (env)', 'awk-program')).toEqual(['awk-system']);
  });

  it('a here-string or here-document a shell or python reads is its program; an unquoted name is a command line', () => {
    for (const source of ['$ai.output', '$ARGUMENTS (env)', '"$ARGUMENTS" (env)'])
      expect(hits('bash', source, 'here-string-shell')).toEqual(
        expect.arrayContaining(['command-line', 'command-substitution']),
      );
    expect(hits('bash', '$ARGUMENTS (env)', 'heredoc-python')).toEqual(['python-source']);
    expect(hits('bash', '$ai.output', 'heredoc-python')).toContain('python-source');
    expect(hits('bash', '$ARGUMENTS (env)', 'command-name')).toEqual(['command-line']);
    expect(hits('bash', '"$ARGUMENTS" (env)', 'command-name')).toEqual([]);
    expect(hits('bash', '$ai.output', 'command-name')).toEqual([]);
  });

  it('a case pattern bounds the whole value; grep -q passes a value when one of its lines matches', () => {
    for (const source of ['$ai.output', '$ARGUMENTS (env)', '"$ARGUMENTS" (env)'])
      expect(hits('bash', source, 'case-guard')).toEqual([]);
    expect(hits('bash', '$ai.output', 'grep-guard')).toEqual(['newline-option']);
    expect(hits('bash', '"$ARGUMENTS" (env)', 'grep-guard')).toEqual(['newline-option']);
  });

  it('output_format bounds a field by enum, anchored pattern or number type, not by an unanchored pattern', () => {
    for (const schema of ['enum', 'anchored pattern', 'integer'])
      expect(hits('output_format', schema, 'validation')).toEqual([]);
    expect(hits('output_format', 'unanchored pattern', 'validation')).toContain('command-substitution');
    expect(hits('output_format', 'free string', 'validation')).toContain('command-substitution');
  });
});
