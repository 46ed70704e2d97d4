import type { Host } from '@orchlint/core';
import { hashText } from './sealed.js';
import { stampSafely } from './stamp.js';

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

/** A folder listing's hash: its names in order, so the order a file system lists them in does not count. */
export function hashListing(names: readonly string[]): string {
  return hashText([...names].sort().join('\n'));
}

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
  /**
   * Each path's stamp as taken before its first read: a later read may be served from the run's
   * memory of that read, and a stamp taken then, after a write, would vouch for text it never saw.
   */
  stamps: Map<string, string | undefined>;
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
    state = sharedLogsOf.get(shared) ?? { logs: new Map(), building: new Set(), stamps: new Map() };
    sharedLogsOf.set(shared, state);
  }
  const used = new Set<ReadLog>();
  /** Without a run's shared state, this unit's own first stamps (its host may still remember texts). */
  const ownStamps = new Map<string, string | undefined>();
  const use = (key: string) => {
    const sharedLog = state!.logs.get(key)!;
    // A shared state built from another is made of its reads too.
    for (const k of state!.building) if (k !== key) mergeLog(state!.logs.get(k)!, sharedLog);
    if (!used.has(sharedLog)) {
      used.add(sharedLog);
      log.shared ??= [];
      log.shared.push(sharedLog);
    }
  };
  /** A path's stamp before its first read through a host over this run's memory (see SharedLogs.stamps). */
  const firstStamp = (key: string, p: string): string | undefined => {
    const stamps = state?.stamps ?? ownStamps;
    if (!stamps.has(key)) stamps.set(key, stampSafely(p));
    return stamps.get(key);
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
        const stamp = firstStamp(`f:${p}`, p);
        const text = base.readFile(p);
        note('files', `f:${p}`, p, text === undefined ? null : hashText(text), stamp);
        return text;
      },
      readDir(p) {
        const stamp = firstStamp(`d:${p}`, p);
        const names = base.readDir(p);
        note('dirs', `d:${p}`, p, names === undefined ? null : hashListing(names), stamp);
        return names;
      },
    },
  };
}

/**
 * Where a run notes the files and folders it depends on: `note` takes each path (`f:`/`d:` key) with
 * the stamp taken before it was read (undefined when none could be trusted), or null when it was
 * absent. A shared log goes in once (`sharedNoted`), not once for each unit that used it: in a
 * folder of 1,000 workflows, each unit's log names the project's, which read all 1,000. (From worker
 * threads each batch of results brings its own copy of the log: once per batch there.)
 */
export interface InputNotes {
  note: (key: string, stamp: string | null | undefined) => void;
  sharedNoted: WeakSet<object>;
}

/** Notes, for a record of inputs, what a unit read: its own log and each shared log not noted yet. */
export function noteReads(log: ReadLog, notes: InputNotes): void {
  for (const l of [log, ...(log.shared ?? []).filter((s) => firstNote(s, notes))]) {
    // Read as absent but there (a link out of the root, say): its stamp, as a later run's stat gives it.
    for (const p in l.files) notes.note(`f:${p}`, l.stamps?.[`f:${p}`] ?? (l.files[p] === null ? null : undefined));
    for (const p in l.dirs) notes.note(`d:${p}`, l.stamps?.[`d:${p}`] ?? (l.dirs[p] === null ? null : undefined));
  }
}

/** True the first time a run notes this shared log, false after. */
export function firstNote(shared: object, notes: InputNotes): boolean {
  if (notes.sharedNoted.has(shared)) return false;
  notes.sharedNoted.add(shared);
  return true;
}

/** A unit's own reads less those a shared log it used holds already (the unit that built it made them). */
export function withoutShared(own: Omit<ReadLog, 'shared'>, shared: readonly ReadLog[]): Omit<ReadLog, 'shared'> {
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
