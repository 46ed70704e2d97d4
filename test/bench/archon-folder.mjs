// Linting n workflows that sit in one .archon/workflows folder, against the same files in a plain
// folder: every workflow's name clashes, includes and discovery role come from one project model
// built once per run, so the time grows linearly with n. Prints the 10,000 / 1,000 ratio (goal:
// at most 11×, i.e. linear plus noise) and the ratio to the same files outside a project. Runs the
// CLI's own lint path in this process (discover + lintTargets); CPU time, which survives a shared
// machine better than wall time. Not a timed unit test: `node test/bench/archon-folder.mjs`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSettings } from '@orchlint/core';
import { discover, lintTargets } from '@orchlint/cli';
import { rules } from '@orchlint/rules';

const SIZES = (process.env.SIZES ?? '1000,10000').split(',').map(Number);

function workflow(i) {
  // Every tenth workflow includes the one before it, by name: include resolution goes through the index too.
  const include = i % 10 === 9 ? `  - id: reuse\n    depends_on: [build]\n    include: wf-${i - 1}\n` : '';
  return `name: wf-${i}\ndescription: Workflow ${i}.\nnodes:\n  - id: build\n    bash: make build-${i}\n  - id: report\n    depends_on: [build]\n    prompt: |\n      Summarise the build:\n      $build.output\n${include}`;
}

function layout(root, folder, n) {
  const dir = path.join(root, folder);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) writeFileSync(path.join(dir, `wf-${i}.yaml`), workflow(i));
  return dir;
}

function cpuMs(dir) {
  const before = process.cpuUsage();
  const run = lintTargets(discover([dir]), rules, defaultSettings);
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, files: run.files.length, findings: run.diagnostics.length };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'orchlint-archon-bench-'));
try {
  // Warm up the rule code once, so the first size does not pay for it.
  cpuMs(layout(path.join(tmp, 'warm'), '.archon/workflows', 50));
  const rows = [];
  for (const n of SIZES) {
    const inside = cpuMs(layout(path.join(tmp, `in-${n}`), '.archon/workflows', n));
    const outside = cpuMs(layout(path.join(tmp, `out-${n}`), 'workflows', n));
    if (inside.findings || outside.findings)
      throw new Error(`expected no findings, got ${inside.findings} inside and ${outside.findings} outside`);
    rows.push({ n, inside, outside });
    console.log(
      `${String(n).padStart(6)} workflows: ${(inside.ms / 1000).toFixed(2)} s in .archon/workflows, ${(outside.ms / 1000).toFixed(2)} s outside (${(inside.ms / outside.ms).toFixed(2)}× outside)`,
    );
  }
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    console.log(
      `${b.n} / ${a.n} workflows in one .archon/workflows folder: ${(b.inside.ms / a.inside.ms).toFixed(2)}× the time for ${b.n / a.n}× the files (goal: at most 11×)`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
