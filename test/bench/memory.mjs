// Peak memory (every thread's resident set) of the CLI on 10,000 Archon workflows in one
// .archon/workflows folder, in every output format, with a name of its own per workflow and with the
// corpus's 75 names shared by all of them. Goal: at most 300 MB each. `node test/bench/memory.mjs`
// (FILES=… for another count, CONCURRENCY=… to pass --concurrency); not part of `pnpm bench`, which
// measures JSON and stylish alone. ShellCheck is kept off PATH, as in archon-scale.mjs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { archonSources, writeArchonCorpus } from './archon-corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const cliBin = path.resolve(process.env.ORCHLINT_BENCH_BIN ?? path.join(repoRoot, 'bundle/bin.js'));
const FILES = Number(process.env.FILES ?? 10_000);
const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit', 'compact', 'codeclimate'];
const LIMIT_MB = 300;

const work = mkdtempSync(path.join(os.tmpdir(), 'orchlint-memory-'));
try {
  const sources = archonSources();
  writeArchonCorpus(path.join(work, 'distinct/.archon/workflows'), FILES, sources);
  const shared = path.join(work, 'shared/.archon/workflows');
  mkdirSync(shared, { recursive: true });
  for (let i = 0; i < FILES; i++)
    writeFileSync(path.join(shared, `wf-${String(i).padStart(5, '0')}.yaml`), sources[i % sources.length]);
  const peakFile = path.join(work, 'peak');
  const concurrency = process.env.CONCURRENCY ? ['--concurrency', process.env.CONCURRENCY] : [];
  console.log(
    `${FILES.toLocaleString('en-US')} workflows in one folder, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}${concurrency.length ? `, --concurrency ${process.env.CONCURRENCY}` : ''}`,
  );
  let over = 0;
  for (const layout of ['distinct', 'shared'])
    for (const format of FORMATS) {
      const start = performance.now();
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          pathToFileURL(path.join(here, 'peak.mjs')).href,
          cliBin,
          '--format',
          format,
          ...concurrency,
          layout,
        ],
        {
          cwd: work,
          env: { ...process.env, PATH: path.join(work, 'no-programs'), ORCHLINT_BENCH_PEAK: peakFile },
          encoding: 'utf8',
          maxBuffer: 1 << 30,
        },
      );
      if (r.status !== 0 && r.status !== 1) throw new Error(`orchlint exited ${r.status}: ${r.stderr}`);
      const mb = Number(readFileSync(peakFile, 'utf8')) / 1024;
      if (mb > LIMIT_MB) over++;
      console.log(
        `  ${layout.padEnd(8)} ${format.padEnd(11)} peak ${mb.toFixed(0).padStart(4)} MB  ${((performance.now() - start) / 1000).toFixed(1).padStart(5)} s  report ${(r.stdout.length / 1e6).toFixed(1)} MB${mb > LIMIT_MB ? `  OVER ${LIMIT_MB} MB` : ''}`,
      );
    }
  process.exitCode = over ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
