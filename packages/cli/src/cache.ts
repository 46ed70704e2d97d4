import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Host, LintSettings } from '@orchlint/core';
import { UsageError, type Target } from './discover.js';
import { fileHost, type ReadMemo } from './host.js';
import { shellcheckStamp } from './shellcheck.js';
import { parseRuns, sealed, unsealed, withRun, type StoredRun } from './run-record.js';
import { buildId, presence, stampSafely } from './stamp.js';
import { readRoot, type UnitOutcome } from './lint.js';

export { DEFAULT_CACHE_FILE } from './choices.js';

/** Every file and folder listing a unit read through its host: content hashes, null for "absent". */
export interface ReadLog {
  files: Record<string, string | null>;
  dirs: Record<string, string | null>;
  /** Each path's stamp (see stampOf) taken before it was read, where one can be trusted: `f:` files, `d:` folders. */
  stamps?: Record<string, string>;
  /**
   * The reads of the state the unit used that the run's units share (an Archon project model, see
   * Host.shared): built once, by whichever unit asked first, and a dependency of every unit that used it.
   * The same log object for each of them, so the cache file holds it once.
   */
  shared?: ReadLog[];
}

/** A ReadLog as the cache file holds it: the shared logs by their id in the file's `shared` table. */
interface StoredLog extends Omit<ReadLog, 'shared'> {
  shared?: string[];
}

interface Entry {
  /** Hash of the resolved settings and the forced dialect. */
  settings: string;
  /** Hash of the main file's text. */
  text: string;
  /** The main file's stamp when its text was read. */
  stamp?: string;
  reads: StoredLog;
  outcome: UnitOutcome;
}

interface CacheFile {
  /** The build of orchlint that wrote it (see buildId). */
  version: string;
  /** Shared read logs by id (a hash of the log), each stored once whatever the number of units that used it. */
  shared?: Record<string, ReadLog>;
  entries: Record<string, Entry>;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
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
  const text = JSON.stringify([settings, forced ?? null, target.explicit, root, shellcheck()]);
  // The files of a run mostly share their settings: each distinct one is hashed once.
  let key = settingsKeys.get(text);
  if (key === undefined) settingsKeys.set(text, (key = hashText(text)));
  return key;
}
const settingsKeys = new Map<string, string>();
/** The ShellCheck rules' findings come from the program installed: a cached result is of that one. */
let shellcheckSeen: string | null | undefined;
const shellcheck = () => (shellcheckSeen === undefined ? (shellcheckSeen = shellcheckStamp()) : shellcheckSeen);

/** Keyed by paths from the disk: null-prototype records. */
const emptyLog = (): ReadLog => ({
  files: Object.create(null),
  dirs: Object.create(null),
  stamps: Object.create(null),
});

/**
 * What the recording hosts over one shared map (one run, or one thread's share of it) know: the log
 * of each shared state by its key, and the keys being built now (asked for, not yet set), whose
 * logs take every read until they are set.
 */
interface SharedLogs {
  logs: Map<string, ReadLog>;
  building: Set<string>;
}
const sharedLogsOf = new WeakMap<Map<string, unknown>, SharedLogs>();

/**
 * A host that notes what it served, so a cached result can name every input it depended on. The
 * state the run's units share (Host.shared) stays shared: each unit's log names the logs of the
 * shared state it used rather than repeating their reads, so a folder's project model is built once
 * per run, not once per unit, and each of its reads is stored once.
 */
export function recordingHost(base: Host): { host: Host; log: ReadLog } {
  const log = emptyLog();
  const shared = base.shared;
  let state: SharedLogs | undefined;
  if (shared) {
    state = sharedLogsOf.get(shared) ?? { logs: new Map(), building: new Set() };
    sharedLogsOf.set(shared, state);
  }
  const used = new Set<ReadLog>();
  const use = (key: string) => {
    const sharedLog = state!.logs.get(key)!;
    // A shared state built from another is made of its reads too.
    for (const k of state!.building) if (k !== key) mergeLog(state!.logs.get(k)!, sharedLog);
    if (!used.has(sharedLog)) {
      used.add(sharedLog);
      (log.shared ??= []).push(sharedLog);
    }
  };
  /** Into the unit's own log, and the log of each shared state being built (a read it is made of). */
  const note = (into: 'files' | 'dirs', key: string, p: string, hash: string | null, stamp: string | undefined) => {
    for (const l of [log, ...[...(state?.building ?? [])].map((k) => state!.logs.get(k)!)]) {
      l[into][p] = hash;
      if (stamp !== undefined) l.stamps![key] = stamp;
    }
  };
  return {
    log,
    host: {
      // Where a file sits (its Archon project) is the base's to say, and ShellCheck the base's to run.
      ...(base.locate ? { locate: base.locate } : {}),
      ...(base.shellcheck ? { shellcheck: base.shellcheck } : {}),
      ...(shared && state ? { shared: sharedView(shared, state, use) } : {}),
      readFile(p) {
        const stamp = stampSafely(p);
        const text = base.readFile(p);
        note('files', `f:${p}`, p, text === undefined ? null : hashText(text), stamp);
        return text;
      },
      readDir(p) {
        const stamp = stampSafely(p);
        const names = base.readDir(p);
        note('dirs', `d:${p}`, p, names === undefined ? null : hashText([...names].sort().join('\n')), stamp);
        return names;
      },
    },
  };
}

/**
 * Notes, for a run record, what a unit read: each file and folder with the stamp taken before it
 * was read (undefined when none could be trusted), or null when it was absent.
 */
export function noteReads(log: ReadLog, note: (key: string, stamp: string | null | undefined) => void): void {
  for (const l of [log, ...(log.shared ?? [])]) {
    for (const p in l.files) note(`f:${p}`, l.files[p] === null ? null : l.stamps?.[`f:${p}`]);
    for (const p in l.dirs) note(`d:${p}`, l.dirs[p] === null ? null : l.stamps?.[`d:${p}`]);
  }
}

/** A unit's own reads less those a shared log it used holds already (the unit that built it made them). */
function withoutShared(own: Omit<ReadLog, 'shared'>, shared: readonly ReadLog[]): Omit<ReadLog, 'shared'> {
  const out = { files: { ...own.files }, dirs: { ...own.dirs }, stamps: { ...own.stamps } };
  const drop = (kind: 'files' | 'dirs', prefix: string) => {
    for (const p of Object.keys(out[kind])) {
      const key = prefix + p;
      if (shared.some((l) => p in l[kind] && l[kind][p] === out[kind][p] && l.stamps?.[key] === out.stamps[key])) {
        delete out[kind][p];
        delete out.stamps[key];
      }
    }
  };
  drop('files', 'f:');
  drop('dirs', 'd:');
  return out;
}

function mergeLog(into: ReadLog, from: ReadLog): void {
  Object.assign(into.files, from.files);
  Object.assign(into.dirs, from.dirs);
  Object.assign(into.stamps!, from.stamps);
}

/**
 * The shared map as one unit sees it: a value it gets, or sets once built, is a dependency of the
 * unit; asking for one that is not there starts the log of its build, closed when it is set.
 */
function sharedView(shared: Map<string, unknown>, state: SharedLogs, use: (key: string) => void): Map<string, unknown> {
  const view = new Map<string, unknown>();
  view.get = (key) => {
    const value = shared.get(key);
    // A value whose reads are not known (set by a host that did not record) is built again here, in the open.
    if (value !== undefined && state.logs.has(key) && !state.building.has(key)) {
      use(key);
      return value;
    }
    if (!state.building.has(key)) {
      state.building.add(key);
      state.logs.set(key, emptyLog());
    }
    return undefined;
  };
  view.has = (key) => shared.has(key);
  view.set = (key, value) => {
    shared.set(key, value);
    state.building.delete(key);
    if (!state.logs.has(key)) state.logs.set(key, emptyLog());
    use(key);
    return view;
  };
  return view;
}

/**
 * Lint results keyed by content: a unit's entry holds when orchlint's build (see buildId), the resolved
 * settings, the main file's text and everything else the unit read (other files of a packet,
 * included files, folder listings) are all unchanged. A file or folder whose stamp is what it was
 * is not read again: only a changed (or missing) stamp costs a read and a content hash.
 */
export class LintCache {
  private readonly entries: Record<string, Entry>;
  /** Shared read logs by id, as read from the file and added by this run. */
  private readonly shared: Record<string, ReadLog>;
  private dirty = false;
  /** Entries share dependencies (the workflows of one folder): each file is read and hashed once per run. */
  private readonly reads: ReadMemo = new Map();
  private readonly hashes = new Map<string, string>();
  /** This run's stamps, by `f:`/`d:` path: units of one folder share most of their reads. */
  private readonly stamps = new Map<string, string | null | undefined>();
  /** Whether each shared log still holds, checked once per run, and each stored log's id. */
  private readonly sharedHolds = new Map<string, boolean>();
  private readonly sharedIds = new WeakMap<ReadLog, string>();

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
    const current = stored.version === buildId() && stored.entries;
    this.entries = current ? stored.entries! : {};
    this.shared = (current && stored.shared) || {};
    this.runs = current ? parseRuns(runs) : [];
  }

  /** Notes, for a run record, every file and folder a stored entry depends on, with this run's stamps. */
  inputsOf(target: Target, note: (key: string, stamp: string | null | undefined) => void): void {
    const entry = this.entries[target.file];
    if (!entry) {
      note(`f:${target.file}`, undefined);
      return;
    }
    note(`f:${target.file}`, this.stamp(`f:${target.file}`, target.file));
    for (const log of [entry.reads, ...(entry.reads.shared ?? []).map((id) => this.shared[id]!)]) {
      for (const p in log.files) note(`f:${p}`, this.stamp(`f:${p}`, p));
      for (const p in log.dirs) note(`d:${p}`, this.stamp(`d:${p}`, p));
    }
  }

  /** Keeps a run record with the entries (see run-record.ts). */
  keepRun(run: StoredRun): void {
    this.run = run;
    this.dirty = true;
  }

  /**
   * The stored outcome when it still holds. `text` is the main file's text, or what reads it: it is
   * called only when the file's stamp changed since the entry was stored.
   */
  lookup(target: Target, settings: string, text: string | (() => string | undefined)): UnitOutcome | undefined {
    const entry = this.entries[target.file];
    if (!entry || entry.settings !== settings) return undefined;
    if (typeof text === 'string' || !entry.stamp || entry.stamp !== this.stamp(`f:${target.file}`, target.file)) {
      const now = typeof text === 'string' ? text : text();
      if (now === undefined || entry.text !== hashText(now)) return undefined;
    }
    // Made only when a stamp changed and a file must be read again.
    let host: Host | undefined;
    const holds = (log: Omit<ReadLog, 'shared'>) =>
      this.holds(log, () => (host ??= fileHost(readRoot(target), this.reads)));
    for (const id of entry.reads.shared ?? []) {
      let known = this.sharedHolds.get(id);
      if (known === undefined) {
        const log = this.shared[id];
        known = log !== undefined && holds(log);
        this.sharedHolds.set(id, known);
      }
      if (!known) return undefined;
    }
    return holds(entry.reads) ? entry.outcome : undefined;
  }

  /** Whether every file and folder listing a log names is as it was: by its stamp, else by its content. */
  private holds(log: Omit<ReadLog, 'shared'>, host: () => Host): boolean {
    const stamps = log.stamps ?? {};
    const same = (key: string, p: string) => stamps[key] !== undefined && stamps[key] === this.stamp(key, p);
    for (const p in log.files) {
      if (same(`f:${p}`, p)) continue;
      const now = host().readFile(p);
      if ((now === undefined ? null : this.hashOf(now)) !== log.files[p]) return false;
    }
    for (const p in log.dirs) {
      if (same(`d:${p}`, p)) continue;
      const now = host().readDir(p);
      if ((now === undefined ? null : hashText([...now].sort().join('\n'))) !== log.dirs[p]) return false;
    }
    return true;
  }

  /**
   * The stamp of a path for this run (taken once), to note before reading a file that goes in an
   * entry: null when it is absent, undefined when it cannot be trusted.
   */
  stamp(key: string, p: string): string | null | undefined {
    if (!this.stamps.has(key)) this.stamps.set(key, presence(p));
    return this.stamps.get(key);
  }

  /** The memo hands back the same string for a file each time, so its hash is computed once. */
  private hashOf(text: string): string {
    let hash = this.hashes.get(text);
    if (hash === undefined) this.hashes.set(text, (hash = hashText(text)));
    return hash;
  }

  /** `stamp`: the main file's, taken before `text` was read. */
  store(target: Target, settings: string, text: string, outcome: UnitOutcome, reads: ReadLog, stamp?: string): void {
    const { shared, ...own } = reads;
    const stored: StoredLog = shared
      ? { ...withoutShared(own, shared), shared: shared.map((l) => this.sharedId(l)) }
      : own;
    this.entries[target.file] = { settings, text: hashText(text), ...(stamp ? { stamp } : {}), reads: stored, outcome };
    this.dirty = true;
  }

  /** A shared log's id: the hash of its content, so logs of different runs that read the same never clash. */
  private sharedId(log: ReadLog): string {
    let id = this.sharedIds.get(log);
    if (id === undefined) {
      id = hashText(JSON.stringify(log));
      this.sharedIds.set(log, id);
      this.shared[id] = log;
    }
    return id;
  }

  /**
   * Writes the file in place, not by a temporary file renamed over it: a rename changes the folder's
   * listing, and the cache usually sits in the folder a run walks, whose stamp its run record keeps.
   * A write cut short, or two runs writing at once, leaves lines whose hashes do not match (see
   * sealed), which the next run reads as no cache.
   */
  save(): void {
    if (!this.dirty) return;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      // Only the shared logs some entry still names.
      const shared: Record<string, ReadLog> = {};
      for (const entry of Object.values(this.entries))
        for (const id of entry.reads.shared ?? []) if (this.shared[id]) shared[id] = this.shared[id];
      const data: CacheFile = { version: buildId(), shared, entries: this.entries };
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
