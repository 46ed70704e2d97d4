import type { ResolvedSettings } from './config.js';
import type { Dialect } from './dialect.js';
import { ALWAYS_SKIPPED, CANDIDATE } from './file-patterns.js';
import { lintFile, mergeOutcomes, type LintedUnit, type LintRun } from './lint-file.js';
import { memoryHost } from './memory-host.js';
import type { Rule } from './rule.js';

export interface FilesLintOptions {
  dialects: readonly Dialect<any>[];
  rules: readonly Rule<any>[];
  /** Each file's settings, as the config resolves them; a file the config ignores is not linted. */
  settingsFor(path: string): ResolvedSettings;
  forced?: Dialect<any> | undefined;
  /**
   * Files named as on a command line, in order; without, every file is linted as a walk of the
   * folder finds it (in name order, files of no candidate extension and `.git`-like folders skipped).
   */
  named?: readonly string[];
  /** What to do about a named file of no known format (see LintContext). */
  unknownAdvice?: string;
}

/** A run over files in memory, with the unit each linted file was the main file of. */
export interface FilesRun extends LintRun {
  units: LintedUnit[];
}

/**
 * Lints files held in memory ('/'-separated paths relative to one folder) as `orchlint FOLDER` lints
 * them on disk, through the same entry point: every unit may read any of the files, and a file an
 * earlier unit already read is not linted again.
 */
export function lintFiles(files: ReadonlyMap<string, string>, options: FilesLintOptions): FilesRun {
  const host = { ...memoryHost(files), shared: new Map<string, unknown>() };
  const targets = options.named ?? walkOrder([...files.keys()]);
  const explicit = options.named !== undefined;
  const units: LintedUnit[] = [];
  const covered = new Set<string>();
  for (const path of targets) {
    const text = files.get(path);
    if (text === undefined || covered.has(path)) continue;
    const { ignored, settings } = options.settingsFor(path);
    if (ignored) continue;
    const unit = lintFile(
      { path, text, explicit },
      {
        dialects: options.dialects,
        rules: options.rules,
        settings,
        host,
        forced: options.forced,
        unknownAdvice: options.unknownAdvice ?? 'choose the dialect to lint it as',
      },
    );
    for (const f of unit.outcome.files) covered.add(f.path);
    units.push(unit);
  }
  return { ...mergeOutcomes(units.map((u) => u.outcome)), units };
}

/**
 * The files a folder walk lints, in its order: depth first, each folder's entries sorted by name,
 * so `a/b.yaml` comes before `a.yaml` (the folder `a` sorts before the file).
 */
export function walkOrder(paths: readonly string[]): string[] {
  const parts = paths
    .map((p) => p.split('/'))
    .filter((segments) => !segments.some((s) => ALWAYS_SKIPPED.has(s)) && CANDIDATE.test(segments.at(-1)!));
  parts.sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return a.length - b.length;
  });
  return parts.map((segments) => segments.join('/'));
}
