import {
  coreRules,
  defaultSettings,
  lintFiles,
  readConfig,
  renderMermaid,
  resolveSettings,
  sortAndDedupe,
  Source,
  unusedConfigEntries,
  type ConfigText,
  type Diagnostic,
  type FilesRun,
  type LintSettings,
} from '@orchlint/core';
import { dialectById, dialects, rules } from '@orchlint/rules';
import { CONFIG_FILE, type PlaygroundState } from './state.js';

/** Every id a config may name: the engine's findings, the dialects' load findings and the rules, as for the CLI. */
const knownRules = [...coreRules, ...dialects.flatMap((d) => d.findings ?? []), ...rules].map((r) => r.id);
/** The versions each dialect models, which a config's `targets` must name. */
export const knownTargets = dialects.flatMap((d) => d.targets ?? []);

export interface SessionResult {
  run: FilesRun;
  /** The config text's own findings; when there are any the files were linted with the defaults (the CLI would stop, exit 2). */
  configDiagnostics: Diagnostic[];
}

/**
 * Lints the playground's files as `orchlint` lints a folder holding them and, when its text is not
 * empty, an orchlint.config.yaml with the config text: the same entry point, detection, settings
 * and findings as the CLI on disk.
 */
export function lintState(state: Pick<PlaygroundState, 'files' | 'config' | 'dialect'>): SessionResult {
  const files = new Map(state.files.map((f) => [f.path, f.text]));
  let read: ConfigText | undefined;
  if (state.config.trim() !== '') {
    files.set(CONFIG_FILE, state.config);
    read = readConfig(new Source(CONFIG_FILE, state.config), knownRules, knownTargets);
  }
  const config = read?.config;
  const settingsFor = (path: string) =>
    config
      ? resolveSettings(config, path, { root: '', dir: '' }, (i, j) => read?.ignoreAt[i]?.[j])
      : { ignored: false, settings: defaultSettings };
  const run = lintFiles(files, { dialects, rules, settingsFor, forced: dialectOf(state.dialect) });
  if (config && read) {
    // The playground is a folder linted whole, the config at its top: its unused entries, as the CLI finds them.
    const unused = unusedConfigEntries({
      config,
      sites: read,
      linted: run.files.map((f) => f.path),
      inUse: new Set(run.ignoresInUse),
      walked: () => true,
    });
    run.diagnostics = sortAndDedupe([...run.diagnostics, ...unused]);
  }
  return { run, configDiagnostics: read?.diagnostics ?? [] };
}

/** A fixture case as the CLI lints it (see test/support/fixture-cases.ts): given settings, named files or a walk. */
export interface FixtureCase {
  files: Record<string, string>;
  named?: string[];
  settings: LintSettings;
  dialect: string;
}

export function lintFixture(c: FixtureCase): Diagnostic[] {
  return lintFiles(new Map(Object.entries(c.files)), {
    dialects,
    rules,
    settingsFor: () => ({ ignored: false, settings: c.settings }),
    forced: dialectOf(c.dialect),
    ...(c.named ? { named: c.named } : {}),
  }).diagnostics;
}

/** The Mermaid text of the unit a file belongs to (as `orchlint graph` draws it), if its dialect draws one. */
export function graphOf(run: FilesRun, path: string): string | undefined {
  const unit = run.units.find((u) => u.outcome.files.some((f) => f.path === path));
  if (!unit?.dialect?.graph || unit.model === undefined) return undefined;
  const view = unit.dialect.graph(unit.model);
  return view && renderMermaid(view);
}

/** The dialects a user may force, by id (`--dialect`). */
export const dialectIds: readonly string[] = dialects.map((d) => d.id);

function dialectOf(id: string) {
  return id === '' ? undefined : dialectById(id);
}
