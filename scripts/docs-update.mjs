// `pnpm docs:update`: rewrites every rule doc's header line and example output, and every fixture's
// expected-output file (`<case>.output.txt`), from what the built orchlint gives now. Idempotent: run
// it after changing or adding rules, review the diff, commit. `--check` writes nothing and exits 1 on drift.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  casesOf,
  checkable,
  docPathOf,
  documented,
  renderCaseOutput,
  renderDoc,
  repoRoot,
  sidecarOf,
} from './rule-contracts.mjs';

// Fixtures are linted by paths relative to the working directory, as the tests do from the root.
process.chdir(repoRoot);
const check = process.argv.includes('--check');
const drifted = [];

function update(file, want) {
  const have = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (have === want) return;
  drifted.push(path.relative(repoRoot, file));
  if (!check) writeFileSync(file, want);
}

const skipped = documented.filter((r) => !checkable(r));
if (skipped.length)
  console.error(`shellcheck is not installed: ${skipped.map((r) => r.id).join(', ')} left as they are`);

for (const rule of documented) {
  if (!checkable(rule)) continue;
  const doc = docPathOf(rule);
  if (existsSync(doc)) update(doc, renderDoc(readFileSync(doc, 'utf8'), rule));
  else console.error(`${path.relative(repoRoot, doc)}: missing (write the doc first: title, Bad and Good examples)`);
  for (const c of casesOf(rule)) update(sidecarOf(c, '.output.txt'), renderCaseOutput(c, rule));
}

for (const f of drifted) console.log(`${check ? 'out of date' : 'updated'}: ${f}`);
console.log(`${drifted.length} file(s) ${check ? 'out of date' : 'written'}`);
if (check && drifted.length) process.exit(1);
