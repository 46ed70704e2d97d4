import type { Host } from '@orchlint/core';
import { firstNote, hashListing, withoutShared, type InputNotes, type ReadLog } from './read-log.js';
import { hashText } from './sealed.js';
import { presence } from './stamp.js';

/** A ReadLog as a cache file holds it: the shared logs by their id in the file's `shared` table. */
export interface StoredLog extends Omit<ReadLog, 'shared'> {
  shared?: string[];
}

export interface Entry<Outcome> {
  /** Hash of what besides the files decides the outcome (the resolved settings, …). */
  settings: string;
  /** Hash of the main file's text. */
  text: string;
  /** The main file's stamp when its text was read. */
  stamp?: string;
  reads: StoredLog;
  outcome: Outcome;
}

/** What a cache file keeps of a store: its entries by main file, and the shared read logs they name. */
export interface StoredEntries<Outcome> {
  /** Shared read logs by id (a hash of the log), each stored once whatever the number of units that used it. */
  shared?: Record<string, ReadLog>;
  entries: Record<string, Entry<Outcome>>;
}

/**
 * Lint results keyed by content: a unit's entry holds when the settings key, the main file's text and
 * everything else the unit read (other files of a packet, included files, folder listings) are all
 * unchanged. A file or folder whose stamp is what it was is not read again: only a changed (or
 * missing) stamp costs a read and a content hash. The caller checks the build and keeps the file.
 */
export class EntryStore<Outcome> {
  private readonly entries: Record<string, Entry<Outcome>>;
  /** Shared read logs by id, as read from the file and added since. */
  private readonly shared: Record<string, ReadLog>;
  /** Set by a store: the file needs writing. */
  dirty = false;
  private readonly hashes = new Map<string, string>();
  /** This run's stamps, by `f:`/`d:` path: units of one folder share most of their reads. */
  private readonly stamps = new Map<string, string | null | undefined>();
  /** Whether each shared log still holds, checked once per run, and each stored log's id. */
  private readonly sharedHolds = new Map<string, boolean>();
  private readonly sharedIds = new WeakMap<ReadLog, string>();

  /**
   * `stored`: what a cache file held (anything else, a file of another shape, starts afresh). Its
   * entries and shared logs are checked as they are first used: one of another shape is none.
   */
  constructor(stored?: Partial<StoredEntries<Outcome>>) {
    const valid = isRecord(stored?.entries) && (stored.shared === undefined || isRecord(stored.shared));
    // Own keys only: a name from the file is never looked up on Object.prototype.
    this.entries = Object.assign(Object.create(null), valid ? stored.entries : undefined);
    this.shared = Object.assign(Object.create(null), valid ? stored.shared : undefined);
  }

  /** A main file's entry, when the file holds one of the shape this store writes. */
  private entryOf(file: string): Entry<Outcome> | undefined {
    const entry = this.entries[file];
    if (entry === undefined) return undefined;
    if (isEntry(entry)) return entry;
    delete this.entries[file];
    this.dirty = true;
    return undefined;
  }

  /** Notes every file and folder a stored entry depends on, with this run's stamps (a shared log once a run). */
  inputsOf(file: string, notes: InputNotes): void {
    const entry = this.entryOf(file);
    notes.note(`f:${file}`, entry ? this.stamp(`f:${file}`, file) : undefined);
    if (!entry) return;
    const noteLog = (log: Omit<ReadLog, 'shared'>) => {
      for (const p in log.files) notes.note(`f:${p}`, this.stamp(`f:${p}`, p));
      for (const p in log.dirs) notes.note(`d:${p}`, this.stamp(`d:${p}`, p));
    };
    noteLog(entry.reads);
    for (const id of entry.reads.shared ?? []) {
      const log = this.shared[id];
      if (isLog(log) && firstNote(log, notes)) noteLog(log);
    }
  }

  /** What a stored entry read besides its main file: its own log and the shared ones it names; none when there is no entry. */
  readsOf(file: string): Array<Omit<ReadLog, 'shared'>> {
    const entry = this.entryOf(file);
    return entry ? this.logsOf(entry) : [];
  }

  /**
   * The stored outcome when it still holds. `text` is the main file's text, or what reads it: it is
   * called only when the file's stamp changed since the entry was stored. `host` reads a file or
   * folder whose stamp changed, to compare its content.
   */
  lookup(
    file: string,
    settings: string,
    text: string | (() => string | undefined),
    host: () => Host,
  ): Outcome | undefined {
    const entry = this.entryOf(file);
    if (!entry || entry.settings !== settings) return undefined;
    if (typeof text === 'string' || !entry.stamp || entry.stamp !== this.stamp(`f:${file}`, file)) {
      const now = typeof text === 'string' ? text : text();
      if (now === undefined || entry.text !== hashText(now)) return undefined;
    }
    for (const id of entry.reads.shared ?? []) {
      let known = this.sharedHolds.get(id);
      if (known === undefined) {
        const log = this.shared[id];
        known = isLog(log) && this.holds(log, host);
        this.sharedHolds.set(id, known);
      }
      if (!known) return undefined;
    }
    return this.holds(entry.reads, host) ? entry.outcome : undefined;
  }

  /** Whether every file and folder listing a log names is as it was: by its stamp, else by its content. */
  private holds(log: Omit<ReadLog, 'shared'>, host: () => Host): boolean {
    const stamps = log.stamps ?? {};
    // Absent then and absent now (most of what a unit looks for and does not find) needs no read either.
    const same = (key: string, p: string, was: string | null | undefined) =>
      was === null ? this.stamp(key, p) === null : stamps[key] !== undefined && stamps[key] === this.stamp(key, p);
    for (const p in log.files) {
      if (same(`f:${p}`, p, log.files[p])) continue;
      const now = host().readFile(p);
      if ((now === undefined ? null : this.hashOf(now)) !== log.files[p]) return false;
    }
    for (const p in log.dirs) {
      if (same(`d:${p}`, p, log.dirs[p])) continue;
      const now = host().readDir(p);
      if ((now === undefined ? null : hashListing(now)) !== log.dirs[p]) return false;
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

  /** A host that remembers hands back the same string for a file each time, so its hash is computed once. */
  private hashOf(text: string): string {
    const known = this.hashes.get(text);
    if (known !== undefined) return known;
    const hash = hashText(text);
    this.hashes.set(text, hash);
    return hash;
  }

  /** `stamp`: the main file's, taken before `text` was read. */
  store(file: string, settings: string, text: string, outcome: Outcome, reads: ReadLog, stamp?: string): void {
    const { shared, ...own } = reads;
    const stored: StoredLog = shared
      ? { ...withoutShared(own, shared), shared: shared.map((l) => this.sharedId(l)) }
      : own;
    this.entries[file] = { settings, text: hashText(text), ...(stamp ? { stamp } : {}), reads: stored, outcome };
    this.dirty = true;
  }

  /** Drops every entry but those of `kept`. */
  keepOnly(kept: ReadonlySet<string>): void {
    for (const file of Object.keys(this.entries)) {
      if (kept.has(file)) continue;
      delete this.entries[file];
      this.dirty = true;
    }
  }

  /** What to write: the entries, and only the shared logs some entry still names. */
  stored(): StoredEntries<Outcome> {
    const shared: Record<string, ReadLog> = Object.create(null);
    for (const file of Object.keys(this.entries))
      for (const id of this.entryOf(file)?.reads.shared ?? []) if (isLog(this.shared[id])) shared[id] = this.shared[id];
    return { shared, entries: this.entries };
  }

  private logsOf(entry: Entry<Outcome>): Array<Omit<ReadLog, 'shared'>> {
    return [
      entry.reads,
      ...(entry.reads.shared ?? []).flatMap((id) => (isLog(this.shared[id]) ? this.shared[id] : [])),
    ];
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
}

const isRecord = (value: unknown): value is Record<string, never> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every value of a record from a cache file is of the type `is` admits. */
const recordOf = (value: unknown, is: (v: unknown) => boolean): boolean =>
  isRecord(value) && Object.values(value).every(is);
const isHash = (v: unknown) => typeof v === 'string' || v === null;
const isString = (v: unknown): v is string => typeof v === 'string';

/** A read log as this store writes it; checked once per object, since many entries name one shared log. */
function isLog(value: unknown): value is StoredLog {
  if (!isRecord(value)) return false;
  let known = checkedLogs.get(value);
  if (known === undefined) {
    const { files, dirs, stamps, shared } = value as Partial<StoredLog>;
    known =
      recordOf(files, isHash) &&
      recordOf(dirs, isHash) &&
      (stamps === undefined || recordOf(stamps, isString)) &&
      (shared === undefined || (Array.isArray(shared) && shared.every(isString)));
    checkedLogs.set(value, known);
  }
  return known;
}
const checkedLogs = new WeakMap<object, boolean>();

function isEntry<Outcome>(value: unknown): value is Entry<Outcome> {
  if (!isRecord(value)) return false;
  const { settings, text, stamp, reads } = value as Partial<Entry<Outcome>>;
  return (
    isString(settings) &&
    isString(text) &&
    (stamp === undefined || isString(stamp)) &&
    isLog(reads) &&
    'outcome' in value
  );
}
