import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, runCli, writeTree } from '../support/cli.js';
import { hostileTree, prototypeSnapshot } from '../support/hostile.js';
import { lintPaths } from '../support/lint.js';
import { LspClient } from '../support/lsp-client.js';
import { cleanPack, cleanPackJson, errorPack } from '../support/packs.js';

/**
 * Names that an object literal finds on Object.prototype ('__proto__', 'constructor', …) used as
 * ids, keys, states, repos and prompts: linting them reports what is wrong with them and leaves
 * nothing behind, so the clean files linted after them in the same process get exactly what a
 * fresh process gives them, serially, with workers, and in the language server.
 */
/** A clean Archon workflow with a fan-out and a gated join. */
const workflow = `name: example
description: An example workflow.
nodes:
  - id: list
    bash: echo '["a","b","c"]'
  - id: review
    depends_on: [list]
    workflow: review-one
    fan_out:
      items: $list.output
      join: all_done
  - id: enough
    depends_on: [review]
    bash: |
      echo $review.output | jq '{enough: ([.[] | select(.error == null)] | length >= 2)}'
  - id: merge
    depends_on: [enough]
    when: "$enough.output.enough == true"
    bash: gh pr merge --squash
`;
const clean: Record<string, string> = {
  'zz/clean.promptpack.yaml': cleanPack,
  'zz/error.promptpack.yaml': errorPack,
  'zz/clean.pack.json': cleanPackJson,
  'zz/.archon/workflows/clean.yaml': workflow,
};

let dir: string;
beforeAll(() => {
  dir = makeTempDir();
  writeTree(dir, { ...hostileTree(), ...clean });
});
afterAll(() => removeDir(dir));

interface Finding {
  path: string;
  rule: string;
  message: string;
  range: unknown;
}
const report = (stdout: string) => (JSON.parse(stdout) as { diagnostics: Finding[] }).diagnostics;
const of = (findings: Finding[], prefix: string) =>
  findings
    .filter((d) => d.path.startsWith(prefix))
    .map((d) => `${d.path}:${JSON.stringify(d.range)} ${d.rule} ${d.message}`);

describe('names of Object.prototype members', () => {
  let fresh: Finding[];
  beforeAll(async () => {
    fresh = report((await runCli(['--format', 'json', 'zz'], { cwd: dir })).stdout);
  });

  it('the hostile files lint without an internal error', async () => {
    const result = await runCli(['--format', 'json', '--concurrency', 'off', '.'], { cwd: dir });
    const found = report(result.stdout);
    expect(found.filter((d) => d.rule === 'core/internal-error')).toEqual([]);
    // They are reported on, not skipped: the packet names repos that do not exist, the pack tools.
    expect(found.some((d) => d.path.startsWith('packet/'))).toBe(true);
    expect(found.some((d) => d.path.startsWith('packs/'))).toBe(true);
    expect(found.some((d) => d.path.startsWith('.archon/'))).toBe(true);
    expect(result.code).toBe(1);
  });

  it.each([['off'], ['2']])(
    'clean files linted after them (--concurrency %s) get what a fresh process gives them',
    async (concurrency) => {
      const result = await runCli(
        ['--format', 'json', '--concurrency', concurrency, '.archon', 'packet', 'packs', 'zz'],
        { cwd: dir },
      );
      expect(of(report(result.stdout), 'zz/')).toEqual(of(fresh, 'zz/'));
      expect(of(fresh, 'zz/').length).toBeGreaterThan(0);
    },
  );

  it('in one process, no built-in prototype changes and later files read the same', () => {
    const before = prototypeSnapshot();
    const alone = lintPaths([path.join(dir, 'zz')]).map((d) => `${path.basename(d.path)} ${d.rule} ${d.message}`);
    lintPaths([path.join(dir, 'packs'), path.join(dir, 'packet'), path.join(dir, '.archon')]);
    const after = lintPaths([path.join(dir, 'zz')]).map((d) => `${path.basename(d.path)} ${d.rule} ${d.message}`);
    expect(prototypeSnapshot()).toEqual(before);
    expect(after).toEqual(alone);
    expect(({} as Record<string, unknown>).previous).toBeUndefined();
  });

  it('through the language server, the clean pack opened after them gets what it gets alone', async () => {
    const findingsOf = async (openHostileFirst: boolean) => {
      const client = LspClient.spawn();
      try {
        await client.initialize(dir);
        if (openHostileFirst) {
          for (const file of [
            'packs/hostile.promptpack.yaml',
            'packs/hostile.pack.json',
            '.archon/workflows/hostile.yaml',
            'packet/prompt_runner_packet.md',
          ]) {
            const uri = await client.open(path.join(dir, file), hostileTree()[file]!);
            expect((await client.diagnostics(uri)).filter((d) => d.code === 'core/internal-error')).toEqual([]);
          }
        }
        const uri = await client.open(path.join(dir, 'zz/error.promptpack.yaml'), errorPack);
        const found = await client.diagnostics(uri);
        expect(client.exited).toBe(false);
        return found.map((d) => `${d.code} ${d.message} ${JSON.stringify(d.range)}`);
      } finally {
        await client.dispose();
      }
    };
    const alone = await findingsOf(false);
    expect(alone.length).toBeGreaterThan(0);
    expect(await findingsOf(true)).toEqual(alone);
  }, 60_000);
});
