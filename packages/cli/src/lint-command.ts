import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIG_NAMES,
  coreRules,
  PERSONA_CONFIDENCE,
  type Confidence,
  type LintSettings,
  type Persona,
  DEFAULT_MAX_FILE_SIZE,
  INTERNAL_ERROR,
  ISSUES_URL,
  parseFileSize,
  sortAndDedupe,
  Source,
  type Diagnostic,
  type Dialect,
  type Rule,
} from '@orchlint/core';
import { MANIFEST } from '@orchlint/prompt-runner';
import { dialectById, dialects } from '@orchlint/rules/dialects';
import { Baseline } from './baseline.js';
import { LintCache, DEFAULT_CACHE_FILE, noteReads, settingsKey, type InputNotes } from './cache.js';
import { ConfigError, ConfigResolver } from './config-file.js';
import { decodeFile, type DecodedText } from './decode.js';
import { discover, toPosix, UsageError, type Target } from './discover.js';
import { fixUnit, unifiedDiff, writeChanges, type FileChange } from './fix.js';
import { counts, escapeControls, type FormatContext, type RuleInfo } from './formatters/index.js';
import { detectDialect, mergeOutcomes, readTargetText, type UnitOutcome } from './lint.js';
import type { Io } from './io.js';
import { planOutputs, writeOutputs, type OutputPlan } from './outputs.js';
import { replayable, RunRecorder, runKey } from './run-record.js';
import { presence } from '@orchlint/node-cache/stamp';
import { lintInWorkers, workerCount, type Job, type JobResult } from './parallel.js';
import { startProgress } from './progress.js';
import { inShard, type Shard } from './shard.js';
import { shellcheckInstalled } from './shellcheck.js';
import { unusedEntries } from './unused-config-entries.js';

export interface LintOptions {
  format?: string[];
  output?: string[];
  strict?: boolean;
  maxWarnings?: number;
  dialect?: string;
  config?: string;
  printConfig?: string;
  fix?: boolean;
  fixDryRun?: boolean;
  baseline?: string;
  updateBaseline?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  concurrency: 'auto' | 'off' | number;
  stdin?: boolean;
  stdinFilename?: string;
  shard?: Shard;
  quiet?: boolean;
  /** False with --no-error-on-unmatched-pattern: a named folder with nothing to lint is not an error. */
  errorOnUnmatchedPattern?: boolean;
  /** --ignore-unknown: a named file of no known format is skipped without a word, as a walked one is. */
  ignoreUnknown?: boolean;
  /** --persona / --min-confidence: which security findings show; over the config file's. */
  persona?: Persona;
  minConfidence?: Confidence;
  /** --max-file-size, as written (checked by runLint). */
  maxFileSize?: string;
  /** --sarif-all-rules: SARIF describes every rule, not only those with results. */
  sarifAllRules?: boolean;
}

/**
 * The rules, loaded when a run needs them: to lint a file the cache does not hold, to fix, to
 * check a config file's rule ids, to describe every rule (SARIF). A run whose files are all cached
 * loads none.
 */
type Rules = typeof import('./rule-infos.js');
const loadRules = (): Promise<Rules> => import('./rule-infos.js');
/** What a report knows of rules when none was loaded: the engine's own findings and the dialects'. */
const engineFindings: readonly RuleInfo[] = [...coreRules, ...dialects.flatMap((d) => d.findings ?? [])];
const MACHINE_FORMATS = new Set(['json', 'sarif', 'junit']);
/**
 * How many files' texts the reports' look-ups keep at a time (least recently asked for goes first):
 * reports ask in path order, so two; more live long enough to reach the old generation, which is
 * then collected late (10,000 workflows, stylish: 91 → 57 MB of heap kept by the main thread).
 */
const SOURCES_KEPT = 2;

/** `orchlint [lint]`: returns the exit code. */
export async function runLint(
  paths: string[],
  options: LintOptions,
  io: Io,
  readStdin: () => Promise<string>,
): Promise<number> {
  const plan = planOutputs(options.format ?? [], options.output ?? []);
  checkCombinations(paths, options);
  const maxFileSize = options.maxFileSize === undefined ? undefined : parseFileSize(options.maxFileSize);
  if (options.maxFileSize !== undefined && maxFileSize === undefined)
    throw new UsageError(
      `--max-file-size '${options.maxFileSize}' is not a size; write a number of bytes or one with a unit, e.g. 40MB or 64MiB`,
    );
  const forced = options.dialect ? dialectById(options.dialect) : undefined;
  // With --cache, the run notes every file and folder it depends on and what it prints, so that an
  // identical run with nothing changed prints it again without linting (run-record.ts).
  const recorder = options.cache && replayable(options) ? new RunRecorder() : undefined;
  const note = recorder && ((key: string, stamp: string | null | undefined) => recorder.note(key, stamp));
  const out = recorder ? recorder.capture(io) : io;
  let loaded = options.config !== undefined || options.printConfig !== undefined ? await loadRules() : undefined;
  const resolver = (all: Rules | undefined) =>
    new ConfigResolver(all?.ruleInfos.map((r) => r.id) ?? [], options.config, options.strict, maxFileSize, note);
  // A --config that is not there is said before anything is read.
  const named = options.config !== undefined ? resolver(loaded) : undefined;
  if (options.printConfig !== undefined) {
    io.stdout(printConfig(named ?? resolver(loaded), options.printConfig, forced, loaded!.rules, options));
    return 0;
  }

  const targets: Target[] = options.stdin
    ? [
        {
          file: toPosix(options.stdinFilename ?? '<stdin>'),
          explicit: true,
          root: '.',
          text: await readStdin(),
          ...(options.stdinFilename ? {} : { detectAs: 'stdin.yaml' }),
        },
      ]
    : withoutOwnFiles(discover(paths.length ? paths : ['.'], options.ignoreUnknown, note), options, plan);
  const configDirs = new Map<string, boolean>();
  if (!loaded && (options.fix || options.fixDryRun || targets.some((t) => configAbove(t.file, configDirs))))
    loaded = await loadRules();
  // Without the rules, no config file applies (configAbove): the resolver never checks a rule id.
  const configs = named ?? resolver(loaded);
  const jobs: Job[] = [];
  /** Folders with units that another shard lints: not empty, whatever this shard's share of them. */
  const otherShards = new Set<string | undefined>();
  try {
    for (const target of targets) {
      if (options.shard && !inShard(target.file, options.shard)) {
        otherShards.add(target.folder);
        continue;
      }
      const resolved = configs.resolve(target.file);
      if (!resolved.ignored) jobs.push({ target, settings: withSecurityLevel(resolved.settings, options) });
    }
  } catch (error) {
    // The run stops (exit 2, the findings on stderr), but every report asked for is written: CI steps
    // after it (a SARIF upload `if: always()`) find their file, and it says why nothing was linted.
    if (error instanceof ConfigError) writeStoppedReports(plan, error, options, io);
    throw error;
  }

  const rulesToLint = async () => {
    loaded ??= await loadRules();
    return loaded.rules;
  };
  const cache = options.cache ? new LintCache(options.cacheLocation ?? DEFAULT_CACHE_FILE) : undefined;
  const outcomes = await lintJobs(
    jobs,
    options,
    forced,
    rulesToLint,
    cache,
    note && { note, sharedNoted: new WeakSet() },
  );
  if (paths.length && options.errorOnUnmatchedPattern !== false)
    refuseEmptyFolders(paths, targets, jobs, outcomes, otherShards);
  const fixedTexts =
    options.fix || options.fixDryRun
      ? fixJobs(jobs, outcomes, loaded!.rules, Boolean(options.fixDryRun), forced, io)
      : new Map<string, string>();
  let run = mergeOutcomes(outcomes);
  // Config entries that do nothing are the run's to find: an entry may match files of several units.
  const unused = unusedEntries(configs, run, paths, Boolean(options.shard || options.stdin));
  if (unused.length) run = { ...run, diagnostics: sortAndDedupe([...run.diagnostics, ...unused]) };
  const stdinText = new Map(targets.filter((t) => t.text !== undefined).map((t) => [t.file, t.text!]));
  // Reports ask for the text of each finding's file in path order: the last few are kept, not all
  // of a run's, so formatting a large run holds a few files in memory at a time.
  const texts = new Map<string, Source | undefined>();
  const sourceOf = (p: string) => {
    let source = texts.get(p);
    if (source === undefined && !texts.has(p)) {
      const text = fixedTexts.get(p) ?? stdinText.get(p) ?? safeRead(p);
      source = text === undefined ? undefined : new Source(p, text);
      if (texts.size >= SOURCES_KEPT) texts.delete(texts.keys().next().value!);
    } else texts.delete(p);
    texts.set(p, source);
    return source;
  };
  let recorded: string | undefined;
  if (options.baseline) {
    note?.(`f:${options.baseline}`, presence(options.baseline));
    const baseline = Baseline.read(options.baseline, Boolean(options.updateBaseline));
    if (options.updateBaseline) {
      const n = baseline.write(run, sourceOf);
      recorded = `orchlint: recorded ${n} finding${n === 1 ? '' : 's'} in ${baseline.file}\n`;
    }
    // An entry of a file this run did not lint is stale once that file is gone: a replay checks it is still there.
    const exists = (p: string) => {
      note?.(`f:${p}`, presence(p));
      return existsSync(p);
    };
    const filtered = Baseline.read(options.baseline, false).filter(run, sourceOf, exists);
    run = { files: filtered.files, diagnostics: sortAndDedupe(filtered.diagnostics) };
  }

  // A SARIF report describes every rule: loaded now, not while workers lint (the main thread's memory is then at its peak).
  if (plan.outputs.some((o) => o.format === 'sarif')) loaded ??= await loadRules();
  const context: FormatContext = {
    color: io.color,
    source: sourceOf,
    rules: loaded?.ruleInfos ?? engineFindings,
    strict: Boolean(options.strict),
    ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
    ...(options.sarifAllRules ? { allRules: true } : {}),
  };
  writeOutputs(plan, run, context, out.stdout, recorder && ((file, text) => recorder.output(file, text)));
  // Said where the user reads the run, unless standard output carries a report for a machine.
  if (recorded) (plan.outputs.some((o) => !o.file && MACHINE_FORMATS.has(o.format)) ? io.stderr : io.stdout)(recorded);
  const code = exitCodeFor(run.diagnostics, options, (line) => out.stderr(`orchlint: ${line}\n`));
  const stored = recorder?.record(runKey(paths, options, io.color), code);
  if (stored) {
    cache!.keepRun(stored);
    cache!.save();
  }
  return code;
}

/**
 * The reports of a run an invalid config stopped: the config's findings as the run's, SARIF's as
 * notifications of a failed invocation. A stylish report for standard output is left out: the
 * findings go to standard error as stylish already (main.ts).
 */
function writeStoppedReports(plan: OutputPlan, error: ConfigError, options: LintOptions, io: Io): void {
  const outputs = plan.outputs.filter((o) => o.file || o.format !== 'stylish');
  const context: FormatContext = {
    color: io.color,
    source: (p) => (p === error.source.path ? error.source : undefined),
    rules: engineFindings,
    strict: Boolean(options.strict),
    stopped: true,
  };
  writeOutputs({ outputs }, { files: [], diagnostics: error.diagnostics }, context, io.stdout);
}

/**
 * 3 when orchlint failed on a file (a bug), 1 for errors or warnings beyond what --strict and
 * --max-warnings allow, else 0; `say` is told why a run fails on warnings alone, or on a bug.
 */
export function exitCodeFor(
  diagnostics: ReadonlyArray<Pick<Diagnostic, 'severity' | 'rule'>>,
  options: { strict?: boolean; maxWarnings?: number },
  say: (line: string) => void = () => {},
): number {
  const failures = diagnostics.filter((d) => d.rule === INTERNAL_ERROR).length;
  if (failures > 0) {
    say(
      `orchlint failed on ${failures === 1 ? 'a file' : `${failures} files`} (${INTERNAL_ERROR}): that is a bug; please report it at ${ISSUES_URL}`,
    );
    return 3;
  }
  const { errors, warnings } = counts(diagnostics);
  if (errors > 0) return 1;
  const failing = warnings === 1 ? '1 warning fails' : `${warnings} warnings fail`;
  if (options.strict && warnings > 0) {
    say(`${failing} the run: --strict counts warnings as errors`);
    return 1;
  }
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    say(`${failing} the run: --max-warnings allows at most ${options.maxWarnings}`);
    return 1;
  }
  return 0;
}

/** Fixes each unit that has fixes, replacing its outcome; writes the files or prints the diff. Returns the fixed texts. */
function fixJobs(
  jobs: readonly Job[],
  outcomes: UnitOutcome[],
  rules: readonly Rule<any>[],
  dryRun: boolean,
  forced: Dialect<any> | undefined,
  io: Io,
): Map<string, string> {
  const changes = new Map<string, FileChange>();
  let refused = 0;
  jobs.forEach((job, i) => {
    if (!outcomes[i]!.diagnostics.some((d) => d.fix)) return;
    const fixed = fixUnit(job.target, outcomes[i]!, rules, job.settings, forced);
    outcomes[i] = fixed.outcome;
    for (const [p, c] of fixed.changes) changes.set(p, c);
    for (const [p, why] of fixed.refused) io.stderr(`orchlint: ${escapeControls(p)} was not fixed: ${why}\n`);
    refused += fixed.refused.size;
  });
  if (dryRun) io.stdout(unifiedDiff(changes));
  else {
    writeChanges(changes);
    // Said on standard error, so a report on standard output stays what its format says.
    if (changes.size || !refused) io.stderr(fixSummary(changes));
  }
  return new Map([...changes].map(([p, c]) => [p, c.after]));
}

/** Files --fix names one per line; past them, the total says the rest. */
const FIXED_FILES_LISTED = 20;

/** What --fix wrote: a line per file (the first few) with its number of fixes, the total for several, or that it wrote none. */
function fixSummary(changes: ReadonlyMap<string, FileChange>): string {
  if (!changes.size) return 'orchlint: --fix changed no file (no finding had a fix it could apply)\n';
  const lines = [...changes]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(0, FIXED_FILES_LISTED)
    .map(([p, c]) => `orchlint: fixed ${c.fixes} finding${c.fixes === 1 ? '' : 's'} in ${escapeControls(p)}\n`);
  const total = [...changes.values()].reduce((n, c) => n + c.fixes, 0);
  const more = changes.size > FIXED_FILES_LISTED ? ` (${changes.size - FIXED_FILES_LISTED} of them not listed)` : '';
  if (changes.size > 1) lines.push(`orchlint: fixed ${total} findings in ${changes.size} files${more}\n`);
  return lines.join('');
}

/**
 * A folder named on the command line in which nothing was linted is most likely a wrong path: as
 * ESLint does, that is a usage error (--no-error-on-unmatched-pattern turns it off).
 */
function refuseEmptyFolders(
  paths: readonly string[],
  targets: readonly Target[],
  jobs: readonly Job[],
  outcomes: readonly UnitOutcome[],
  otherShards: ReadonlySet<string | undefined>,
): void {
  const linted = new Set<string | undefined>(otherShards);
  jobs.forEach((job, i) => {
    if (job.target.folder !== undefined && outcomes[i]!.files.length) linted.add(job.target.folder);
  });
  const named = new Set(targets.filter((t) => !t.explicit).map((t) => t.folder));
  for (const p of paths) {
    if (!statSync(p).isDirectory() || linted.has(p)) continue;
    const why = named.has(p)
      ? 'none of its files is of a format orchlint knows, or all are ignored'
      : 'it holds no .json, .yaml, .yml or .md file';
    throw new UsageError(`nothing to lint in ${p}: ${why} (pass --no-error-on-unmatched-pattern to allow this)`);
  }
}

function checkCombinations(paths: string[], o: LintOptions): void {
  if (o.stdin && paths.length) throw new UsageError('--stdin lints standard input; do not name paths as well');
  if (o.stdinFilename !== undefined && !o.stdin)
    throw new UsageError('--stdin-filename names standard input; add --stdin');
  if (o.stdin && o.fix)
    throw new UsageError('--fix cannot write standard input; use --fix-dry-run to see the changes as a diff');
  if (o.fix && o.fixDryRun) throw new UsageError('choose one of --fix and --fix-dry-run');
  if (o.updateBaseline && !o.baseline) throw new UsageError('--update-baseline needs --baseline FILE');
  if (o.shard && (o.stdin || o.updateBaseline))
    throw new UsageError(
      `--shard splits the files of a run; it does not go with ${o.stdin ? '--stdin' : '--update-baseline'}`,
    );
}

/** Cached results where they hold; the rest in this thread or, for many files, in worker threads. */
async function lintJobs(
  jobs: readonly Job[],
  options: LintOptions,
  forced: Dialect<any> | undefined,
  loadRules: () => Promise<readonly Rule<any>[]>,
  cache: LintCache | undefined,
  notes: InputNotes | undefined,
): Promise<UnitOutcome[]> {
  const outcomes: Array<UnitOutcome | undefined> = new Array(jobs.length);
  const pending: number[] = [];
  const texts = new Map<number, DecodedText>();
  const stamps = new Map<number, string | null | undefined>();
  jobs.forEach((job, i) => {
    if (cache && job.target.text === undefined) {
      // Stamped before it is read, so a write after the stamp shows as a changed stamp next time.
      stamps.set(i, cache.stamp(`f:${job.target.file}`, job.target.file));
      const read = () => {
        if (!texts.has(i)) {
          const decoded = readTargetText(job.target, [], job.settings.maxFileSize);
          if (decoded) texts.set(i, decoded);
        }
        return texts.get(i)?.text;
      };
      outcomes[i] = cache.lookup(job.target, settingsKey(job.settings, forced?.id, job.target), read);
      if (!outcomes[i]) read();
      else if (notes) cache.inputsOf(job.target, notes);
    }
    if (!outcomes[i]) pending.push(i);
  });
  const todo = pending.map((i): Job => (texts.has(i) ? { ...jobs[i]!, read: texts.get(i)! } : jobs[i]!));
  const progress = startProgress(todo.length, {
    stream: process.stderr,
    env: process.env,
    quiet: Boolean(options.quiet),
  });
  let results: JobResult[];
  try {
    results = await lintInWorkers(
      todo,
      workerCount(todo.length, options.concurrency),
      loadRules,
      forced,
      Boolean(cache),
      (n) => progress.advance(n),
    );
  } finally {
    progress.stop();
  }
  results.forEach((r, n) => {
    const i = pending[n]!;
    outcomes[i] = r.outcome;
    const text = texts.get(i)?.text;
    if (notes) {
      notes.note(`f:${jobs[i]!.target.file}`, stamps.get(i));
      if (r.reads) noteReads(r.reads, notes);
    }
    if (cache && r.reads && text !== undefined)
      cache.store(
        jobs[i]!.target,
        settingsKey(jobs[i]!.settings, forced?.id, jobs[i]!.target),
        text,
        r.outcome,
        r.reads,
        stamps.get(i) ?? undefined,
      );
  });
  cache?.save();
  return outcomes as UnitOutcome[];
}

/**
 * The settings that apply to a file: the rules of the dialect it is linted as (with the engine's own)
 * and that dialect's target, its default filled in; a folder gets every dialect's.
 */
function printConfig(
  configs: ConfigResolver,
  file: string,
  forced: Dialect<any> | undefined,
  rules: readonly Rule<any>[],
  options: Pick<LintOptions, 'persona' | 'minConfidence'>,
): string {
  if (!existsSync(file)) throw new UsageError(`no such file or directory: ${file}`);
  const isDir = statSync(file).isDirectory();
  const resolved = configs.resolve(file, isDir);
  // A packet folder is linted as its manifest's unit; any other folder holds files of every dialect.
  const probe = !isDir ? file : existsSync(path.join(file, MANIFEST)) ? path.join(file, MANIFEST) : undefined;
  const everyDialect = probe === undefined && !forced;
  const target: Target | undefined =
    probe === undefined ? undefined : { file: toPosix(probe), explicit: true, root: path.dirname(probe) };
  const text = target === undefined || forced ? undefined : readTargetText(target, [])?.text;
  const dialect = forced ?? (target === undefined || text === undefined ? undefined : detectDialect(target, text));
  const applying = everyDialect ? dialects : dialect ? [dialect] : [];
  const severities: Record<string, string> = {};
  // The dialect's own load findings (promptpack/empty-file) are configured like its rules.
  const dialectFindings = applying.flatMap((d) => d.findings ?? []);
  for (const r of [
    ...coreRules,
    ...dialectFindings,
    ...rules.filter((r) => applying.some((d) => d.id === r.dialect)),
  ].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    severities[r.id] = resolved.settings.rules[r.id] ?? r.severity;
  }
  const dialectIds = new Set(dialects.map((d) => d.id));
  const targets: Record<string, string> = {};
  for (const d of applying)
    if (d.defaultTarget !== undefined || resolved.settings.targets[d.id] !== undefined)
      targets[d.id] = resolved.settings.targets[d.id] ?? d.defaultTarget!;
  // Targets no dialect owns by name (the PromptPack runtime) apply as configured.
  for (const [k, v] of Object.entries(resolved.settings.targets)) if (!dialectIds.has(k)) targets[k] = v;
  const report = {
    path: toPosix(file),
    config: resolved.config?.file ?? null,
    ignored: resolved.ignored,
    dialect: everyDialect ? null : (dialect?.id ?? null),
    rules: severities,
    targets,
    ignores: (resolved.settings.ignores?.entries ?? []).map((e) => ({ rules: e.rules, path: e.text })),
    requireSuppressionReasons: Boolean(resolved.settings.requireSuppressionReasons),
    // Security findings below this confidence are not shown (regular persona: high).
    minConfidence: withSecurityLevel(resolved.settings, options).minConfidence ?? 'high',
    // The archon/shellcheck and prompt-runner/shellcheck rules run it when it is installed; else they report nothing.
    shellcheck: shellcheckInstalled() ?? null,
    maxFileSize: resolved.settings.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
  };
  return JSON.stringify(report, null, 2) + '\n';
}

/**
 * The targets less the files this run writes that a walk found (`--output json=report.json`,
 * `--cache-location cache.json` in the folder walked): orchlint's own, no files to lint, and
 * rewritten by each run, which would make them inputs no replay could ever match.
 */
function withoutOwnFiles(
  targets: Target[],
  options: Pick<LintOptions, 'cache' | 'cacheLocation'>,
  plan: OutputPlan,
): Target[] {
  const own = new Set(plan.outputs.flatMap((o) => (o.file === undefined ? [] : [path.resolve(o.file)])));
  if (options.cache) own.add(path.resolve(options.cacheLocation ?? DEFAULT_CACHE_FILE));
  return targets.filter((t) => t.explicit || !own.has(path.resolve(t.file)));
}

/** The config's settings with --min-confidence, else --persona, over its security level. */
function withSecurityLevel(
  settings: LintSettings,
  options: Pick<LintOptions, 'persona' | 'minConfidence'>,
): LintSettings {
  const level = options.minConfidence ?? (options.persona ? PERSONA_CONFIDENCE[options.persona] : undefined);
  return level ? { ...settings, minConfidence: level } : settings;
}

/**
 * Whether a config file sits in a file's folder or above it (where ConfigResolver looks, without
 * --config): `seen` remembers, per folder, what was found there or above.
 */
function configAbove(file: string, seen: Map<string, boolean>): boolean {
  const walk = (dir: string): boolean => {
    let found = seen.get(dir);
    if (found === undefined) {
      found =
        CONFIG_NAMES.some((n) => isFile(path.join(dir, n))) || (path.dirname(dir) !== dir && walk(path.dirname(dir)));
      seen.set(dir, found);
    }
    return found;
  };
  return walk(path.dirname(path.resolve(file)));
}
function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A file's text as it was linted, for excerpts: none for a binary file, whose bytes would reach the terminal. */
function safeRead(path: string): string | undefined {
  try {
    return decodeFile(readFileSync(path))?.text;
  } catch {
    return undefined;
  }
}
