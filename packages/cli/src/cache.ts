import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Host, LintSettings } from '@orchlint/core';
import { UsageError, type Target } from './discover.js';
import { fileHost, type ReadMemo } from './host.js';
import { shellcheckStamp } from './shellcheck.js';
import {
  EntryStore,
  keyOf,
  sealed,
  unsealed,
  type InputNotes,
  type ReadLog,
  type StoredEntries,
} from '@orchlint/node-cache';
import { parseRuns, withRun, type StoredRun } from './run-record.js';
import { buildId } from './stamp.js';
import { readRoot, type UnitOutcome } from './lint.js';

export { DEFAULT_CACHE_FILE } from './choices.js';
export { noteReads, recordingHost, type InputNotes, type ReadLog } from '@orchlint/node-cache';

interface CacheFile extends StoredEntries<UnitOutcome> {
  /** The build of orchlint that wrote it (see buildId). */
  version: string;
}

/**
 * What, besides the files, decides a unit's findings: the settings, the forced dialect, whether
 * the file was named (a named file of no known format is a finding, a named prompt its own unit;
 * walked, neither is), and the folder its reads are confined to (a read outside it finds nothing,
 * which a stored stamp of that file, taken from a wider run, does not show).
 */
export function settingsKey(settings: LintSettings, forced: string | undefined, target: Target): string {
  const root = path
    .relative(process.cwd(), path.resolve(readRoot(target)))
    .split(path.sep)
    .join('/');
  return keyOf([settings, forced ?? null, target.explicit, root, shellcheck()]);
}
/** The ShellCheck rules' findings come from the program installed: a cached result is of that one. */
let shellcheckSeen: string | null | undefined;
const shellcheck = () => (shellcheckSeen === undefined ? (shellcheckSeen = shellcheckStamp()) : shellcheckSeen);

/**
 * The CLI's cache file: the content-keyed entries (see EntryStore) of orchlint's build (see buildId)
 * after a line of run records (see run-record.ts).
 */
export class LintCache {
  private readonly entries: EntryStore<UnitOutcome>;
  /** Entries share dependencies (the workflows of one folder): each file is read and hashed once per run. */
  private readonly reads: ReadMemo = new Map();

  /** The run records (the file's first line, see run-record.ts) and this run's, when it is to be kept. */
  private readonly runs: StoredRun[];
  private run: StoredRun | undefined;

  constructor(private readonly file: string) {
    let stored: Partial<CacheFile> = {};
    let runs = '';
    try {
      const text = readFileSync(file, 'utf8');
      const lineEnd = text.indexOf('\n');
      runs = lineEnd < 0 ? '' : text.slice(0, lineEnd);
      stored = (unsealed(text.slice(lineEnd + 1)) as Partial<CacheFile> | undefined) ?? {};
    } catch {
      // No cache yet, or an unreadable one: start afresh.
    }
    const current = stored.version === buildId();
    this.entries = new EntryStore(current ? stored : undefined);
    this.runs = current ? parseRuns(runs) : [];
  }

  /** Notes, for a run record, every file and folder a stored entry depends on, with this run's stamps. */
  inputsOf(target: Target, notes: InputNotes): void {
    this.entries.inputsOf(target.file, notes);
  }

  /** Keeps a run record with the entries (see run-record.ts). */
  keepRun(run: StoredRun): void {
    this.run = run;
    this.entries.dirty = true;
  }

  /**
   * The stored outcome when it still holds. `text` is the main file's text, or what reads it: it is
   * called only when the file's stamp changed since the entry was stored.
   */
  lookup(target: Target, settings: string, text: string | (() => string | undefined)): UnitOutcome | undefined {
    // Made only when a stamp changed and a file must be read again.
    let host: Host | undefined;
    return this.entries.lookup(target.file, settings, text, () => (host ??= fileHost(readRoot(target), this.reads)));
  }

  /**
   * The stamp of a path for this run (taken once), to note before reading a file that goes in an
   * entry: null when it is absent, undefined when it cannot be trusted.
   */
  stamp(key: string, p: string): string | null | undefined {
    return this.entries.stamp(key, p);
  }

  /** `stamp`: the main file's, taken before `text` was read. */
  store(target: Target, settings: string, text: string, outcome: UnitOutcome, reads: ReadLog, stamp?: string): void {
    this.entries.store(target.file, settings, text, outcome, reads, stamp);
  }

  /**
   * Writes the file in place, not by a temporary file renamed over it: a rename changes the folder's
   * listing, and the cache usually sits in the folder a run walks, whose stamp its run record keeps.
   * A write cut short, or two runs writing at once, leaves lines whose hashes do not match (see
   * sealed), which the next run reads as no cache.
   */
  save(): void {
    if (!this.entries.dirty) return;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const data: CacheFile = { version: buildId(), ...this.entries.stored() };
      // The run records first, on a line of their own: a cached run reads that line alone.
      const runs = this.run
        ? withRun(this.runs, this.run)
        : sealed(JSON.stringify({ version: buildId(), runs: this.runs }));
      writeFileSync(this.file, `${runs}\n${sealed(JSON.stringify(data))}`);
    } catch (error) {
      throw new UsageError(
        `cannot write the cache file ${this.file}: ${(error as Error).message}; choose another with --cache-location`,
      );
    }
  }
}
