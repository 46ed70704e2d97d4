import { statSync } from 'node:fs';
import path from 'node:path';
import { unusedConfigEntries, type Diagnostic, type LintRun } from '@orchlint/core';
import type { ConfigResolver } from './config-file.js';
import { staysInside } from './host.js';

/**
 * The entries of the run's config files that do nothing in it (see unusedConfigEntries). An entry is
 * judged by the files it could match only where the run walked a folder holding them all and is not
 * one shard of several: naming one file, a pre-commit hook's staged files, or standard input proves
 * nothing about the entries for the other files.
 */
export function unusedEntries(
  configs: ConfigResolver,
  run: LintRun,
  paths: readonly string[],
  partial: boolean,
): Diagnostic[] {
  const walked = partial ? [] : (paths.length ? paths : ['.']).filter(isDirectory).map((p) => path.resolve(p));
  const inUse = new Set(run.ignoresInUse);
  const absolute = run.files.map((f) => path.resolve(f.path));
  return configs.configs().flatMap((loaded) =>
    unusedConfigEntries({
      config: loaded.config,
      sites: loaded,
      linted: absolute.map((f) => path.relative(loaded.dir, f).split(path.sep).join('/')),
      inUse,
      walked: (folder) => walked.some((w) => staysInside(path.relative(w, path.join(loaded.dir, folder)))),
    }),
  );
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
