import { matchesGlob, normalizePath, type ConfigText, type OrchlintConfig, type RuleIgnore } from './config.js';
import { UNMATCHED_OVERRIDE, UNUSED_SUPPRESSION } from './core-rules.js';
import type { Diagnostic, Severity } from './diagnostic.js';
import { ignoreKey, isGlob } from './suppressions.js';

/** One run's view of one config file: what it linted under the config, and what its units used. */
export interface ConfigEntriesRun {
  config: OrchlintConfig;
  /** Where the config's entries are written (readConfig). */
  sites: Pick<ConfigText, 'ignoreAt' | 'overridesAt'>;
  /** Every file the run linted, relative to the config's folder ('../…' for one outside it). */
  linted: readonly string[];
  /** The ignore entries some unit used or could not judge (LintRun.ignoresInUse). */
  inUse: ReadonlySet<string>;
  /**
   * Whether the run linted every file under a folder (relative to the config's folder, '' for that
   * folder itself): a walk of it or of a folder above, not one shard of several. Only there does an
   * entry that matches no linted file match no file orchlint lints; elsewhere an entry for a file
   * that was not linted proves nothing.
   */
  walked(folder: string): boolean;
}

/**
 * The config's `ignore` entries that silence nothing in the run (`core/unused-suppression`) and its
 * `overrides` globs that match no linted file (`core/unmatched-override`), each where it is written.
 * A `path:LINE` entry naming one file that was linted is the unit's to report (applySuppressions).
 */
export function unusedConfigEntries(run: ConfigEntriesRun): Diagnostic[] {
  const out: Diagnostic[] = [];
  const linted = run.linted.filter((f) => !f.startsWith('../'));
  const severityOf = (rule: string): Severity | undefined => {
    const set = run.config.rules?.[rule];
    return set === 'off' ? undefined : (set ?? 'warning');
  };
  const report = (rule: string, at: NonNullable<RuleIgnore['at']>, message: string) => {
    const severity = severityOf(rule);
    if (severity) out.push({ rule, severity, path: at.path, range: at.range, span: at.span, message });
  };

  (run.config.ignore ?? []).forEach((entry, i) => {
    if (typeof entry === 'string' || entry.rules.every((r) => run.config.rules?.[r] === 'off')) return;
    entry.paths.forEach((text, j) => {
      const at = run.sites.ignoreAt[i]?.[j];
      if (!at || run.inUse.has(ignoreKey(at))) return;
      const m = /^(.*?):([1-9]\d*)$/.exec(text);
      const pattern = m ? m[1]! : text;
      const matched = under(linted, globBase(pattern)).filter((f) => matchesGlob(pattern, f));
      const oneFile = !isGlob(pattern) && matched.length === 1 && matched[0] === normalizePath(pattern);
      // A `path:LINE` entry naming one file is the unit's to judge; a glob's or a folder's the run's, once it saw them all.
      if (oneFile && m) return;
      if (!oneFile && !run.walked(globBase(pattern))) return;
      const what = `the ignore entry '${text}' (${entry.rules.join(', ')})`;
      if (!matched.length) {
        report(
          UNUSED_SUPPRESSION,
          at,
          `${what} matches no file orchlint linted under this config (there is no such file, or orchlint does not lint it); fix the path or remove the entry`,
        );
        return;
      }
      const files =
        matched.length === 1 ? matched[0]! : `any of the ${matched.length} files it matches (${list(matched)})`;
      report(
        UNUSED_SUPPRESSION,
        at,
        m
          ? `${what} silences nothing on line ${m[2]} of ${files}; point it at the line of the finding or remove it`
          : `${what} silences nothing in ${files}; remove it, or the rule ids that no longer apply, so it cannot hide a future finding`,
      );
    });
  });

  (run.config.overrides ?? []).forEach((override, i) => {
    const globs = typeof override.files === 'string' ? [override.files] : override.files;
    globs.forEach((glob, j) => {
      const at = run.sites.overridesAt[i]?.[j];
      const base = globBase(glob);
      if (!at || !run.walked(base) || under(linted, base).some((f) => matchesGlob(glob, f))) return;
      report(
        UNMATCHED_OVERRIDE,
        at,
        `the overrides glob '${glob}' matches no file orchlint linted under this config, so its settings apply nowhere; fix the glob or remove it`,
      );
    });
  });
  return out;
}

/**
 * The folder under which a config glob can match, relative to the config's folder: its path up to
 * the first segment with glob syntax ('' for a glob without '/', which matches at any depth).
 */
function globBase(glob: string): string {
  const pattern = normalizePath(glob.replace(/^\.\//, ''));
  if (!pattern.includes('/')) return '';
  const segments = pattern.split('/');
  const literal = segments.findIndex(isGlob);
  // A plain path names a file or a folder: the folder it sits in, or the folder itself, is what a walk must cover.
  return segments.slice(0, literal === -1 ? -1 : literal).join('/');
}

/** The paths inside a folder (all of them for ''): the only ones a glob based there can match. */
function under(paths: readonly string[], folder: string): readonly string[] {
  return folder === '' ? paths : paths.filter((p) => p.startsWith(`${folder}/`));
}

/** The first few of a list of paths. */
function list(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')}, …`;
}
