// The language server's start-up on a workspace of 1,000 real-shaped Archon workflows in one
// `.archon/workflows` folder: from starting the server (node bundle/language-server.js --stdio, as an editor starts it)
// to the end of its workspace scan's work-done progress. Three starts in one run: without a cache
// directory, with an empty one (the first start, which writes the cache), and with the cache that one
// wrote (nothing changed since). Not a timed unit test. WORKFLOWS=n changes the folder's size.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeArchonCorpus } from './archon-corpus.mjs';
import { lspSession } from './lsp-session.mjs';

const WORKFLOWS = Number(process.env.WORKFLOWS ?? 1000);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// What `orchlint-language-server` runs when installed (the VS Code extension bundles the same sources).
const server = path.join(repoRoot, 'bundle/language-server.js');

/** Starts the server on `root` and resolves, with the time it took, when its scan's progress ends. */
async function startUp(root, initializationOptions) {
  let ended;
  const done = new Promise((resolve) => (ended = resolve));
  let total = 0;
  const start = performance.now();
  const session = await lspSession(pathToFileURL(root).href, {
    script: server,
    initializationOptions,
    onProgress: (value) => {
      if (value.kind === 'report' && value.message) total = Number(value.message.split('/').pop());
      if (value.kind === 'end') ended(performance.now() - start);
    },
  });
  const ms = await done;
  session.dispose();
  return { ms, total };
}

export async function lspStartupBench() {
  const root = mkdtempSync(path.join(tmpdir(), 'orchlint-bench-'));
  const cacheDirectory = path.join(mkdtempSync(path.join(tmpdir(), 'orchlint-bench-cache-')), 'storage');
  try {
    const { lines } = writeArchonCorpus(path.join(root, '.archon/workflows'), WORKFLOWS);
    // Stamps are trusted once a file's times are a second old; a real workspace was written long before.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const none = await startUp(root, {});
    const cold = await startUp(root, { cacheDirectory });
    const cached = await startUp(root, { cacheDirectory });
    const written = existsSync(cacheDirectory)
      ? readdirSync(cacheDirectory).map((f) => statSync(path.join(cacheDirectory, f)).size)
      : [];
    if (cold.total !== WORKFLOWS || cached.total !== WORKFLOWS || written.length !== 1)
      throw new Error(
        `expected ${WORKFLOWS} files scanned and one cache file; got ${cold.total}, ${cached.total}, ${written}`,
      );
    const lines_ = [
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (the numbers scale with it)`,
      `LSP start-up on ${WORKFLOWS} Archon workflows in one .archon/workflows folder (${lines} lines), start → scan's progress end:`,
      `  no cache directory   ${none.ms.toFixed(0)} ms`,
      `  cold (writes cache)  ${cold.ms.toFixed(0)} ms (cache file ${(written[0] / 1e6).toFixed(1)} MB)`,
      `  cached, unchanged    ${cached.ms.toFixed(0)} ms = ${(cached.ms / cold.ms).toFixed(3)} of cold (target ≤ 0.10)`,
    ];
    return { text: lines_.join('\n'), ratio: cached.ms / cold.ms };
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(path.dirname(cacheDirectory), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await lspStartupBench()).text);
  process.exit(0);
}
