// 1,000 (or any number of) realistic Archon workflows for the benchmarks: the real workflows of
// ../shared/corpus/archon (or the repo's archon fixtures when that folder is absent), each copy given
// its own `name:` and a varied description line, so that no two files are alike and the name checks
// see distinct workflows.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real workflows to replicate, sorted by name so that every run generates the same files. */
export function archonSources() {
  const corpus = path.join(repoRoot, '../shared/corpus/archon');
  const dir = existsSync(corpus) ? corpus : path.join(repoRoot, 'fixtures/archon');
  const found = [];
  const visit = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) visit(full);
      else if (/\.ya?ml$/.test(e.name) && !/^invalid-/.test(e.name)) found.push(full);
    }
  };
  visit(dir);
  return found.map((f) => readFileSync(f, 'utf8')).filter((t) => /^name:/m.test(t) && /^nodes:/m.test(t));
}

/** Copy `i` of a source: its own name, and a line of description that differs from copy to copy. */
export function variant(text, i) {
  return text
    .replace(/^name:[ \t]*(['"]?)([^'"\n#]+?)\1[ \t]*$/m, (_, q, name) => `name: ${q}${name.trim()}-v${i}${q}`)
    .replace(/^description:[ \t]*(.*)$/m, (line, rest) =>
      /^[|>]/.test(rest) || rest === '' ? line : `description: ${rest.replace(/(['"]?)$/, ` (variant ${i})$1`)}`,
    );
}

/** Writes `count` workflows into `dir` as wf-00001.yaml …; returns the paths, lines and bytes written. */
export function writeArchonCorpus(dir, count, sources = archonSources()) {
  mkdirSync(dir, { recursive: true });
  const files = [];
  let lines = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const text = variant(sources[i % sources.length], i);
    const file = path.join(dir, `wf-${String(i).padStart(5, '0')}.yaml`);
    writeFileSync(file, text);
    files.push(file);
    lines += text.split('\n').length - 1;
    bytes += Buffer.byteLength(text);
  }
  return { files, lines, bytes };
}
