#!/usr/bin/env node
// Keeps the README's figures real: the stylish report of `orchlint fixtures/demo`, from the built
// CLI, sits between the demo-report markers, and the built playground's sizes between the
// playground-size ones. `--write` (pnpm readme:update) puts them there; `--check` (the README test)
// exits 1 when the README holds anything else.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { siteSizes } from '../packages/playground/build.mjs';

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
const report = `\`\`\`console\n$ orchlint fixtures/demo\n${stripVTControlCharacters(run.stdout).trimEnd()}\n\`\`\``;

/** The built site's sizes in words, rounded to 10 kB so that a small change leaves them be. */
function sizeBlock() {
  let sizes;
  try {
    sizes = new Map(siteSizes().map((s) => [s.file, s]));
  } catch {
    console.error('packages/playground/site is not built: run pnpm build first');
    process.exit(2);
  }
  const kB = (n) => `${(Math.round(n / 10) * 10).toLocaleString('en-US')} kB`;
  const size = (file) => `${kB(sizes.get(file).kB)}, ${kB(sizes.get(file).gzipKB)} gzipped`;
  const small = sizes.get('index.html').kB + sizes.get('assets/playground.css').kB;
  return [
    `Its size, as built: \`assets/playground.js\` ${size('assets/playground.js')} (CodeMirror, the engine,`,
    `every dialect and rule, and the JSON Schemas), \`index.html\` and the stylesheet ${small} kB. Two scripts`,
    `load only when needed: the shell parser (\`assets/mvdan-sh.js\`, ${size('assets/mvdan-sh.js')}) when a file`,
    `has a shell body (an Archon \`bash:\` node, a Prompt Runner command), and Mermaid`,
    `(${size('assets/mermaid.min.js')}) after the page, to draw the graph.`,
  ].join('\n');
}

/** The text with what lies between the markers replaced. */
function withBlock(text, start, end, body) {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`README.md has no ${start} … ${end} block`);
    process.exit(2);
  }
  return `${text.slice(0, from)}${start}\n\n${body}\n\n${end}${text.slice(to + end.length)}`;
}

const readme = readFileSync(readmePath, 'utf8');
const updated = withBlock(
  withBlock(readme, start, end, report),
  '<!-- playground-size:start (pnpm readme:update writes this block) -->',
  '<!-- playground-size:end -->',
  sizeBlock(),
);
if (process.argv.includes('--write')) {
  if (updated !== readme) writeFileSync(readmePath, updated);
} else if (updated !== readme) {
  console.error(
    "README.md's demo report or playground sizes differ from what the build gives now: run `pnpm readme:update`",
  );
  process.exit(1);
}
