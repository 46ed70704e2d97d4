import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, Dialect, Host, Position, Range, ResolvedSettings } from '@orchlint/core';
import {
  buildIdOf,
  EntryStore,
  hashText,
  keyOf,
  sealed,
  unsealed,
  type ReadLog,
  type StoredEntries,
} from '@orchlint/node-cache';
import type { PathSet, UnitState } from './units.js';
import { SERVER_VERSION } from './version.js';

/** What the cache keeps of a unit's lint: what publishing it, and knowing what re-lints it, take. */
interface StoredUnit {
  dialect: string;
  diagnostics: Diagnostic[];
  /** The files it read as sources, its main file first. */
  paths: string[];
  /** What it consulted beyond what it read through its host (every such read counts as consulted too). */
  consulted: string[];
}

interface CacheFile extends StoredEntries<StoredUnit> {
  /** The server's build that wrote it (see buildIdOf). */
  version: string;
  /** The workspace folder it is of. */
  folder: string;
}

type Log = Omit<ReadLog, 'shared'>;

/** The files open in the editor, and whether a buffer's text is not its file's on disk. */
export interface OpenFiles {
  paths: readonly string[];
  differs(path: string): boolean;
}

const readsPath = (logs: readonly Log[], p: string) =>
  logs.some((l) => Object.hasOwn(l.files, p) || Object.hasOwn(l.dirs, p));

/**
 * The units one workspace folder's scan found, as they were linted, kept between sessions in one file
 * of the directory the client gave (`initializationOptions.cacheDirectory`): a unit whose inputs are
 * all unchanged (see EntryStore: the settings, the main file's text, every file and folder listing it
 * read) is restored instead of linted. The file holds only what the last scan found, and is replaced
 * whole (written aside, then renamed): a damaged file, or one of another build or folder, is no cache.
 */
export class StartupCache {
  private readonly entries: EntryStore<StoredUnit>;
  /** The units this scan restored or stored: the next file holds only these. */
  private readonly found = new Set<string>();

  private constructor(
    private readonly file: string,
    private readonly folder: string,
  ) {
    let stored: Partial<CacheFile> | undefined;
    try {
      const parsed = unsealed(readFileSync(file, 'utf8')) as Partial<CacheFile> | undefined;
      if (parsed?.version === buildId() && parsed.folder === folder) stored = parsed;
    } catch {
      // None yet, or unreadable: start afresh.
    }
    this.entries = new EntryStore(stored);
  }

  /** The cache of `folder` in `directory`: a file named by the folder's hash. */
  static of(directory: string, folder: string): StartupCache {
    return new StartupCache(path.join(directory, `workspace-${hashText(folder).slice(0, 32)}.json`), folder);
  }

  /**
   * The unit of `main` as the cache has it, when it still holds and read nothing from the editor that
   * the disk does not hold: no open file of its own, and no buffer that differs from its file. `host`
   * reads, as the unit would, a file whose stamp changed; `text` reads the main file when its own did.
   */
  restore(
    main: string,
    settings: string,
    dialects: readonly Dialect<any>[],
    open: OpenFiles,
    host: () => Host,
    text: () => string | undefined,
  ): UnitState | undefined {
    const logs = this.entries.readsOf(main);
    if (!logs.length) return undefined;
    if (open.paths.some((p) => p === main || (readsPath(logs, p) && open.differs(p)))) {
      // Kept for a session with the file closed: this one lints the unit, and stores nothing of it.
      this.found.add(main);
      return undefined;
    }
    let reader: Host | undefined;
    const stored = this.entries.lookup(main, settings, text, () => (reader ??= host()));
    if (!isStoredUnit(stored, main, logs)) return undefined;
    const dialect = dialects.find((d) => d.id === stored.dialect);
    if (!dialect) return undefined;
    // A unit holds the texts of its sources, with their versions: one open is linted from its buffer.
    if (stored.paths.some((p) => open.paths.includes(p))) {
      this.found.add(main);
      return undefined;
    }
    this.found.add(main);
    const extra = new Set(stored.consulted);
    const consulted: PathSet = {
      has: (p) => extra.has(p) || readsPath(logs, p),
      *[Symbol.iterator]() {
        yield* extra;
        for (const l of logs) yield* [...Object.keys(l.files), ...Object.keys(l.dirs)];
      },
    };
    return {
      main,
      dialect,
      alone: false,
      model: undefined,
      sources: new Map(stored.paths.map((p) => [p, undefined])),
      consulted,
      diagnostics: stored.diagnostics,
      versions: new Map(stored.paths.map((p) => [p, undefined])),
      restored: true,
    };
  }

  /**
   * Keeps a unit the scan linted, with what it read (`reads`) and the main file's stamp taken before
   * its text was read; not one that read a buffer the disk does not hold.
   */
  store(
    unit: UnitState,
    settings: string,
    text: string,
    reads: ReadLog,
    stamp: string | undefined,
    open: OpenFiles,
  ): void {
    const logs = [reads, ...(reads.shared ?? [])];
    if (open.paths.some((p) => p === unit.main || (readsPath(logs, p) && open.differs(p)))) return;
    const stored: StoredUnit = {
      dialect: unit.dialect.id,
      diagnostics: unit.diagnostics,
      paths: [...unit.sources.keys()],
      consulted: [...unit.consulted].filter((p) => !readsPath(logs, p)),
    };
    this.entries.store(unit.main, settings, text, stored, reads, stamp);
    this.found.add(unit.main);
  }

  /** Keeps the entry of a unit this scan leaves to the editor (its main file is open). */
  keep(main: string): void {
    this.found.add(main);
  }

  /** Writes what this scan found, when it differs from what the file holds. */
  save(): void {
    this.entries.keepOnly(this.found);
    if (!this.entries.dirty) return;
    const data: CacheFile = { version: buildId(), folder: this.folder, ...this.entries.stored() };
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(temp, sealed(JSON.stringify(data)));
      renameSync(temp, this.file);
    } finally {
      rmSync(temp, { force: true });
    }
  }
}

/**
 * A stored unit of the shape `store` writes, whose files are all verified: its main file, and files
 * its read logs (which the lookup checked) hold; findings only on those files. A file is data: a
 * finding restored on a file the cache did not check would reach the editor unchecked.
 */
function isStoredUnit(value: unknown, main: string, logs: readonly Log[]): value is StoredUnit {
  if (typeof value !== 'object' || value === null) return false;
  const { dialect, diagnostics, paths, consulted } = value as Partial<StoredUnit>;
  const verified = (p: unknown) =>
    p === main || (typeof p === 'string' && logs.some((l) => Object.hasOwn(l.files, p) && l.files[p] !== null));
  if (typeof dialect !== 'string' || !Array.isArray(paths) || !paths.includes(main) || !paths.every(verified))
    return false;
  if (!Array.isArray(consulted) || !consulted.every((p) => typeof p === 'string')) return false;
  return Array.isArray(diagnostics) && diagnostics.every((d) => isDiagnostic(d, paths));
}

const SEVERITIES = new Set<unknown>(['error', 'warning', 'info']);
const isPosition = (p: unknown) =>
  typeof p === 'object' &&
  p !== null &&
  Number.isInteger((p as Position).line) &&
  Number.isInteger((p as Position).character);
const isRange = (r: unknown) =>
  typeof r === 'object' && r !== null && isPosition((r as Range).start) && isPosition((r as Range).end);

/** A finding as publishing and hover take it (see toLspDiagnostic, findingsAt), on one of `paths`. */
function isDiagnostic(value: unknown, paths: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<Diagnostic>;
  return (
    typeof d.rule === 'string' &&
    SEVERITIES.has(d.severity) &&
    typeof d.message === 'string' &&
    paths.includes(d.path!) &&
    isRange(d.range) &&
    Number.isInteger(d.span?.start) &&
    Number.isInteger(d.span?.end) &&
    (d.related === undefined ||
      (Array.isArray(d.related) &&
        d.related.every((r) => typeof r?.path === 'string' && typeof r.message === 'string' && isRange(r.range))))
  );
}

/**
 * What besides the files decides a unit's findings in the editor: its resolved settings (the client's,
 * the config file's for it) and the folder its reads are confined to.
 */
export function settingsKey(settings: ResolvedSettings, readRoot: string): string {
  return keyOf([settings, readRoot]);
}

let build: string | undefined;
/** This build of the server: its version and its bundle's digest, or the stamps of this module's build (see buildIdOf). */
function buildId(): string {
  build ??= buildIdOf(SERVER_VERSION, import.meta.url);
  return build;
}
