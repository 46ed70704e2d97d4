import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DryRunResult } from '@orchlint/archon';
import {
  archonDryRuns,
  comparable,
  oracleMissing,
  orchlintDryRun,
  writeCase,
  type OracleAnswer,
  type OracleCase,
} from '../support/archon-oracle.js';
import { corpusCases, fixtureCases, generatedCases } from '../support/oracle-cases.js';
import { hasShared, repoRoot } from '../support/paths.js';
import { needs } from '../support/needs.js';

/*
 * The engine as the judge: `orchlint trace --format json` against Archon 0.9's own dry run, case by
 * case. Runs where ORCHLINT_ARCHON_SRC names a runnable checkout of the snapshot orchlint targets
 * (commit 3d9af974b, see test/support/archon-oracle.ts) and bun is on PATH;
 * ORCHLINT_ORACLE_RECORD=1 writes the comparison to docs/dry-run-oracle.md.
 */

const missing = oracleMissing();

interface Verdict {
  name: string;
  group: string;
  agrees?: boolean;
  /** orchlint cannot see a block the workflow includes (one Archon bundles). */
  opaque?: boolean;
  /** The engine gave no dry run (it does not load the workflow, say). */
  engineError?: string;
  difference?: string;
}

function verdictOf(c: OracleCase, engine: OracleAnswer, ours: OracleAnswer): Verdict {
  const group = c.name.split('/')[0]!.split(' ')[0]!;
  if ('error' in engine) {
    // A workflow the engine does not load has no run: orchlint must not give one either.
    if (engine.error.startsWith('failed to load') && 'result' in ours)
      return { name: c.name, group, agrees: false, difference: `archon   ${engine.error}\norchlint gave a run` };
    return { name: c.name, group, engineError: engine.error };
  }
  // A project file Archon does not load leaves the engine its bundled workflow of the same name.
  if ('error' in ours && ours.error.includes('does not load'))
    return {
      name: c.name,
      group,
      engineError: `the project's file does not load (${ours.error}); the engine ran the workflow it bundles under that name`,
    };
  if ('error' in ours) return { name: c.name, group, agrees: false, difference: `orchlint: ${ours.error}` };
  // A block Archon bundles is not in the project, so orchlint cannot inline it: a known gap, not a verdict.
  if (ours.result.trace.some((e) => e.reason?.includes('orchlint cannot read the block')))
    return { name: c.name, group, opaque: true };
  const a = JSON.stringify(comparable(engine.result));
  const b = JSON.stringify(comparable(ours.result));
  return a === b
    ? { name: c.name, group, agrees: true }
    : { name: c.name, group, agrees: false, difference: `archon   ${a}\norchlint ${b}\n${failures(engine.result)}` };
}

/** The engine's own words for its failures, which the comparison reduces to their kind. */
function failures(result: DryRunResult): string {
  return result.trace
    .filter((e) => e.state === 'failed')
    .map((e) => `archon failed ${e.nodeId}: ${(e.reason ?? '').split('\n')[0]}`)
    .join('\n');
}

/** Every case on disk, the engine's answers from one bun process, orchlint's from this one. */
async function judgeAll(cases: OracleCase[]): Promise<Verdict[]> {
  const placed = cases.map((c) => ({ c, dir: writeCase(c) }));
  try {
    const engine = await archonDryRuns(placed);
    const verdicts: Verdict[] = [];
    for (const [i, { c, dir }] of placed.entries())
      verdicts.push(withoutFolder(verdictOf(c, engine[i]!, await orchlintDryRun(c, dir)), dir));
    return verdicts;
  } finally {
    for (const { dir } of placed) rmSync(dir, { recursive: true, force: true });
  }
}

/** The case's temporary folder named as the project, so that a record changes only when a verdict does. */
function withoutFolder(v: Verdict, dir: string): Verdict {
  const scrub = (text: string | undefined) => text?.split(dir).join('<project>');
  return {
    ...v,
    ...(v.engineError ? { engineError: scrub(v.engineError) } : {}),
    ...(v.difference ? { difference: scrub(v.difference) } : {}),
  };
}

function record(verdicts: Verdict[]): void {
  const groups = [...new Set(verdicts.map((v) => v.group))];
  const row = (g: string) => {
    const of = verdicts.filter((v) => v.group === g);
    const judged = of.filter((v) => v.agrees !== undefined);
    const count = (f: (v: Verdict) => unknown) => of.filter(f).length;
    return `| ${g} | ${of.length} | ${judged.length} | ${count((v) => v.agrees)} | ${count((v) => v.agrees === false)} | ${count((v) => v.engineError)} | ${count((v) => v.opaque)} |`;
  };
  const lines = [
    '# The dry run against Archon 0.9',
    '',
    "`test/trace/archon-oracle.test.ts` runs `orchlint trace --format json` and Archon 0.9's own",
    '`archon workflow run NAME --dry-run --stubs F --json` on the same project and stub file, and compares',
    "the outcome, every trace entry's node, type, state, iteration, reason (a failure by its kind:",
    'orchlint words reference errors its own way) and output, the summary, and the missing and unused',
    'stubs. It runs where `ORCHLINT_ARCHON_SRC` names a runnable Archon 0.9 checkout and bun is on PATH;',
    '`ORCHLINT_ORACLE_RECORD=1` rewrites this file. The engine is the snapshot orchlint targets:',
    'Archon at commit `3d9af974b97e0e8cd0801e20db91f412bf64077e` (package version 0.9.0, the commit the',
    'format reference studies and the corpus verdicts come from), not the `v0.9.0` tag, 743 commits older,',
    "whose dry run differs (it runs an include node's block as a failure, ignores `until_bash` and",
    '`until_field`). To set it up (nothing of it enters the repository): bun from npm',
    '(`npm i --prefix /tmp/bun bun`, then `/tmp/bun/node_modules/.bin` on PATH), that commit checked out',
    'into a folder of its own, `bun install --ignore-scripts` in that folder.',
    '',
    'The cases: every stub file under `fixtures/` on the workflows of its folder (its `fixture:` and',
    "`exec-code:` keys left out, which 0.9's dry run would read as stubs); every workflow of the Archon",
    'corpus with stubs that take its `when:` branches (hit) and stubs that miss them (miss); 60 generated',
    'workflows (branches, joins under every trigger_rule, loops ending on `until`, `until_bash` beside it',
    'or alone, or `until_field`, loop groups with and without `until_bash`, gates, cancels, `workflow:`',
    'nodes, includes, numeric and compound `when:`, declared output fields, an input default read by a',
    'prompt and a `when:`), hit and miss, hit again with `--pause-at-gates`, and, where an input is',
    'declared, both again with a supplied value over its default (`--input mode=slow`).',
    'A case the engine gives no dry',
    'run for (a file it does not load, a stub file it rejects) is counted apart, and so is one that',
    'includes a block Archon bundles, which is not in the project for orchlint to inline.',
    '',
    `Last comparison: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| cases | runs | judged | agree | differ | the engine gave no dry run | includes a bundled block |',
    '|---|---|---|---|---|---|---|',
    ...groups.map(row),
    '',
  ];
  const differing = verdicts.filter((v) => v.agrees === false);
  if (differing.length) {
    lines.push('## Differences', '');
    for (const v of differing)
      lines.push(`- ${v.name}`, '', '  ```', ...v.difference!.split('\n').map((l) => `  ${l}`), '  ```', '');
  }
  const errors = verdicts.filter((v) => v.engineError);
  if (errors.length) {
    lines.push('## No dry run from the engine', '', 'The engine refused these (orchlint reports why in `lint`):', '');
    for (const v of errors) lines.push(`- ${v.name}: ${v.engineError!.slice(0, 200).replace(/\|/g, '\\|')}`);
    lines.push('');
  }
  writeFileSync(path.join(repoRoot, 'docs/dry-run-oracle.md'), lines.join('\n'));
}

describe('orchlint trace agrees with Archon 0.9 --dry-run', needs('Archon 0.9 dry-run oracle', missing), () => {
  it('on every stub file of the fixtures, the Archon corpus and generated workflows', async () => {
    const filter = process.env.ORCHLINT_ORACLE_FILTER;
    const cases = [...fixtureCases(), ...(hasShared ? corpusCases() : []), ...generatedCases(60)].filter(
      (c) => !filter || c.name.includes(filter),
    );
    const verdicts = await judgeAll(cases);
    if (process.env.ORCHLINT_ORACLE_RECORD === '1') record(verdicts);
    const differing = verdicts.filter((v) => v.agrees === false);
    expect(differing.map((v) => `${v.name}\n${v.difference}`)).toEqual([]);
    expect(verdicts.filter((v) => v.agrees).length).toBeGreaterThan(0);
  }, 600_000);
});
