import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ALWAYS_SKIPPED, CANDIDATE, type Dialect, type Host, type ResolvedSettings } from '@orchlint/core';
import { recordingHost, stampSafely, type ReadLog } from '@orchlint/node-cache';
import { systemClock, type Clock } from './clock.js';
import type { ProjectConfig } from './project-config.js';
import { readDiskText } from './editor-host.js';
import { settingsKey, StartupCache, type OpenFiles } from './startup-cache.js';
import type { Units } from './units.js';

/** A workspace this large is scanned only this far; open files are always linted. */
export const MAX_SCANNED_FILES = 10_000;

/**
 * Every file of a folder a dialect might claim (at most MAX_SCANNED_FILES), listed a folder a turn
 * so the server keeps answering the editor meanwhile: the scan counts them first, to say how far it
 * has got. Stops early, with what it found, when `cancelled()` says so.
 */
export async function listCandidates(
  root: string,
  cancelled: () => boolean,
  clock: Clock = systemClock,
): Promise<string[]> {
  const stack = [root];
  const found: string[] = [];
  while (stack.length) {
    if (cancelled()) return found;
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const entry of entries) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const full = `${dir}/${entry.name}`;
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile() && CANDIDATE.test(entry.name)) {
        found.push(full);
        if (found.length >= MAX_SCANNED_FILES) return found;
      }
    }
    await clock.nextTurn();
  }
  return found;
}

/** What the scan tells the client of how far it has got (LSP work-done progress). */
export interface ScanProgress {
  begin(title: string, percentage?: number, message?: string): void;
  report(percentage: number, message?: string): void;
  done(): void;
}

export interface ScanOptions {
  units: Units;
  dialects: readonly Dialect<any>[];
  /** Where the start-up cache is kept; none, no cache (nothing is written). */
  cacheDirectory: string | undefined;
  /** The config file that applies to a file, and the settings it gives the file. */
  configFor(file: string): ProjectConfig | undefined;
  settingsFor(file: string, config: ProjectConfig | undefined): ResolvedSettings;
  /** The files open in the editor. */
  openPaths(): string[];
  /** Files whose diagnostics may have changed. */
  publish(paths: Iterable<string>): void;
  /** Counts the edits and file changes so far: the state the scan's units share is built again after one. */
  changes(): number;
  stopped(): boolean;
  /** Runs one step; a step that fails is logged and does not stop the scan. */
  safely<R>(where: string, fallback: R, run: () => R): R;
  clock: Clock;
  progress?: ScanProgress | undefined;
}

/** What the units the scan finds share while nothing changes. */
interface ScanState {
  changes: number;
  shared: Map<string, unknown>;
  configs: Map<string, ProjectConfig | undefined>;
  open: OpenFilesByUnit;
}

/**
 * Finds the units of every workspace folder, so a member file's unit is known before it is opened:
 * each restored from the start-up cache when its inputs are unchanged, else linted (and kept in the
 * cache), a file a turn. Says how far it has got as it goes. Returns false when stopped early.
 */
export async function scanWorkspace(folders: readonly string[], options: ScanOptions): Promise<boolean> {
  const { clock, progress } = options;
  const found: Array<[string, string[]]> = [];
  for (const folder of folders) found.push([folder, await listCandidates(folder, options.stopped, clock)]);
  const total = found.reduce((n, [, files]) => n + files.length, 0);
  const say = (done: number) => `linting the workspace ${done}/${total}`;
  progress?.begin('orchlint', 0, say(0));
  try {
    let done = 0;
    let shown = 0;
    for (const [folder, files] of found) {
      const directory = options.cacheDirectory;
      const cache =
        directory === undefined
          ? undefined
          : options.safely('reading the start-up cache', undefined, () => StartupCache.of(directory, folder));
      const fresh = (): ScanState => ({
        changes: options.changes(),
        shared: new Map(),
        configs: new Map(),
        open: openFiles(options),
      });
      let state = fresh();
      for (const file of files) {
        if (options.stopped()) return false;
        if (state.changes !== options.changes()) state = fresh();
        const now = state;
        options.safely('scanning the workspace', undefined, () => scanFile(file, now, cache, options));
        const percent = Math.floor((++done * 100) / total);
        if (percent !== shown || done === total) progress?.report(percent, say(done));
        shown = percent;
        await clock.nextTurn();
      }
      if (cache) options.safely('writing the start-up cache', undefined, () => cache.save());
    }
    return true;
  } finally {
    progress?.done();
  }
}

/** The open files, and how each unit sees them. */
interface OpenFilesByUnit {
  paths: readonly string[];
  /**
   * The open files as a unit reads them: a buffer differs when it is not what the unit's own reader
   * would take from disk with the file closed (confined to the unit's read root, under its size
   * limit), each compared once per root and limit.
   */
  forUnit(root: string, maxFileSize: number | undefined): OpenFiles;
}

function openFiles({ units, openPaths }: ScanOptions): OpenFilesByUnit {
  const differs = new Map<string, boolean>();
  const paths = openPaths();
  return {
    paths,
    forUnit: (root, maxFileSize) => ({
      paths,
      differs(p) {
        const key = `${root}\0${maxFileSize}\0${p}`;
        let known = differs.get(key);
        if (known === undefined) {
          known = units.read(p) !== readDiskText(p, root, maxFileSize);
          differs.set(key, known);
        }
        return known;
      },
    }),
  };
}

function scanFile(file: string, state: ScanState, cache: StartupCache | undefined, options: ScanOptions): void {
  const { units } = options;
  if (units.get(file)) return;
  if (state.open.paths.includes(file)) {
    cache?.keep(file);
    return;
  }
  // The config file that applies is the same for every file of a folder (its overrides may not be).
  const dir = path.dirname(file);
  if (!state.configs.has(dir)) state.configs.set(dir, options.configFor(file));
  const settings = options.settingsFor(file, state.configs.get(dir));
  const root = units.readRoot(file);
  const open = state.open.forUnit(root, settings.settings.maxFileSize);
  const key = cache && settingsKey(settings, root);
  const restored = cache?.restore(
    file,
    key!,
    options.dialects,
    open,
    () => units.hostFor(file),
    () => units.read(file),
  );
  if (restored) {
    options.publish(units.commit(file, restored));
    return;
  }
  // Stamped before it is read, so a write after the stamp shows as a changed stamp next session.
  const stamp = cache && stampSafely(file);
  const text = units.read(file);
  const detected = text === undefined ? undefined : units.detect(file, text);
  if (!detected || detected.alone) return;
  let reads: ReadLog | undefined;
  const record = (host: Host) => {
    const recorded = recordingHost(host);
    reads = recorded.log;
    return recorded.host;
  };
  const unit = units.lint(file, { shared: state.shared, ...(cache ? { wrap: record } : {}) });
  options.publish(units.commit(file, unit));
  const seen = unit?.sources.get(file)?.text;
  if (cache && unit && reads && seen !== undefined) cache.store(unit, key!, seen, reads, stamp, open);
}
