#!/usr/bin/env node
// Keeps the README's sample report real: the stylish report of `orchlint fixtures/demo`, from the
// built CLI, sits between the demo-report markers. `--write` (pnpm readme:update) puts it there;
// `--check` (the README test) exits 1 when the README holds anything else.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = path.join(root, 'README.md');
const start = '<!-- demo-report:start (pnpm readme:update writes this block) -->';
const end = '<!-- demo-report:end -->';

const env = { ...process.env, NO_COLOR: '1' };
delete env.FORCE_COLOR;
const run = spawnSync(process.execPath, [path.join(root, 'packages/cli/dist/bin.js'), 'fixtures/demo'], {
  cwd: root,
  env,
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(`orchlint fixtures/demo exited ${run.status}: ${run.stderr.trim() || 'run pnpm build first'}`);
  process.exit(2);
}
const block = `${start}\n\n\`\`\`console\n$ orchlint fixtures/demo\n${stripVTControlCharacters(run.stdout).trimEnd()}\n\`\`\`\n\n${end}`;

const readme = readFileSync(readmePath, 'utf8');
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from < 0 || to < from) {
  console.error(`README.md has no ${start} … ${end} block`);
  process.exit(2);
}
const updated = readme.slice(0, from) + block + readme.slice(to + end.length);
if (process.argv.includes('--write')) {
  if (updated !== readme) writeFileSync(readmePath, updated);
} else if (updated !== readme) {
  console.error(
    "README.md's demo report differs from what orchlint prints for fixtures/demo now: run `pnpm readme:update`",
  );
  process.exit(1);
}
