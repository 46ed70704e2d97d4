import {
  detectDialect,
  lintUnit,
  Source,
  type Diagnostic,
  type Dialect,
  type Host,
  type Lens,
  type Outline,
  type ResolvedSettings,
  type Rule,
} from '@orchlint/core';
import { editorHost, readDiskText } from './editor-host.js';
import { isFilePath, isInside, rootFor } from './paths.js';

/** One linted unit: a file, or a multi-file unit rooted at it, as it was at its last lint. */
export interface UnitState {
  main: string;
  dialect: Dialect<any>;
  /** True for a member file (a packet's prompt, say) linted alone because no known unit reads it. */
  alone: boolean;
  /** The dialect's model; undefined when the unit did not load, or was restored. */
  model: unknown;
  /** Every file the unit read, by path, with the text the lint saw (undefined in a restored unit). */
  sources: Map<string, Source | undefined>;
  /** Files and folders it looked at beyond those (other workflows' names): a change to one, or under one, re-lints it too. */
  consulted: PathSet;
  diagnostics: Diagnostic[];
  /** For each file read, the version of its open document at lint time (undefined: read from disk). */
  versions: Map<string, number | undefined>;
  outline?: Outline | undefined;
  /**
   * Restored from the start-up cache, not linted in this session: it has its findings and knows what
   * it read, but holds no model or texts until `live` lints it.
   */
  restored?: boolean;
}

/** The paths a unit consulted: a Set, or a view over a restored unit's read logs. */
export interface PathSet extends Iterable<string> {
  has(path: string): boolean;
}

/** What the editor holds: open documents by path. */
export interface OpenDocuments {
  text(path: string): string | undefined;
  version(path: string): number | undefined;
  isOpen(path: string): boolean;
}

export interface UnitsOptions {
  dialects: readonly Dialect<any>[];
  rules: readonly Rule<any>[];
  documents: OpenDocuments;
  folders(): readonly string[];
  /** The settings for a unit's main file; an ignored one is loaded (for hover and navigation) but reports nothing. */
  settingsFor(path: string): ResolvedSettings;
  /** A restored unit was linted for real (see `live`): these files' diagnostics may have changed. */
  relinted?(paths: Set<string>): void;
}

/** How the workspace scan lints: with the state its units share, through a host that records what they read. */
export interface ScanHost {
  shared: Map<string, unknown>;
  wrap?(host: Host): Host;
}

/**
 * Every unit the server knows, and which files each one read (`UnitResult.sources`), so a change
 * to any file re-lints exactly the units that read it: a packet manifest and its prompts, an
 * include target and its includers. Nothing here knows a dialect by name.
 */
export class Units {
  private readonly units = new Map<string, UnitState>();
  /** The main files of the units that read each path, and each unit's place in `units`, for `containing`. */
  private readonly readers = new Map<string, Set<string>>();
  private readonly order = new Map<string, number>();
  private added = 0;

  constructor(private readonly options: UnitsOptions) {}

  get(main: string): UnitState | undefined {
    return this.units.get(main);
  }

  all(): IterableIterator<UnitState> {
    return this.units.values();
  }

  /** Units that read `path` (as their main file or as a member), in the order they were first stored. */
  containing(path: string): UnitState[] {
    const mains = [...(this.readers.get(path) ?? [])];
    if (mains.length > 1) mains.sort((a, b) => this.order.get(a)! - this.order.get(b)!);
    return mains.map((main) => this.units.get(main)!);
  }

  /** Units that read `path`, each as linted in this session (see `live`): for what needs their models. */
  liveContaining(path: string): UnitState[] {
    return this.containing(path).flatMap((unit) => this.live(unit) ?? []);
  }

  /**
   * The units a change to `path` concerns: those that read or (unless `consulted` is false) consulted
   * it, and the file itself when it is one.
   */
  affectedBy(path: string, consulted = true): string[] {
    const mains = new Set(this.containing(path).map((u) => u.main));
    if (consulted) {
      const within = [path];
      for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) within.push(path.slice(0, at));
      for (const unit of this.units.values()) if (within.some((p) => unit.consulted.has(p))) mains.add(unit.main);
    }
    const text = this.read(path);
    if (text !== undefined && this.detect(path, text)) mains.add(path);
    else if (this.units.has(path)) mains.add(path); // it stopped being one: lint() says so, and it is dropped
    return [...mains];
  }

  /** The main file's dialect: the first that claims it as a unit, else the first that claims it as a member. */
  detect(path: string, text: string): { dialect: Dialect<any>; alone: boolean } | undefined {
    const detected = detectDialect(this.options.dialects, path, text);
    return detected && { dialect: detected.dialect, alone: detected.member };
  }

  /**
   * Lints one unit from the editor's buffers and the disk. Undefined when it is no unit any more
   * (deleted, no longer detected, or a member that a known unit now reads).
   */
  lint(main: string, scan?: ScanHost): UnitState | undefined {
    const text = this.read(main);
    if (text === undefined) return undefined;
    const detected = this.detect(main, text);
    if (!detected) return undefined;
    if (detected.alone && this.containing(main).some((u) => u.main !== main)) return undefined;
    const { dialect } = detected;
    const previous = this.units.get(main);
    // Typing changes a line or two: the parse starts from the last lint's and reads only those again.
    const source = new Source(main, text, { reparseFrom: previous?.sources.get(main)?.parseBasis });
    const host = scan ? { ...this.hostFor(main), shared: scan.shared } : this.hostFor(main);
    const result = lintOrLoad(
      source,
      dialect,
      this.options.rules,
      scan?.wrap ? scan.wrap(host) : host,
      this.options.settingsFor(main),
    );
    const sources = new Map<string, Source | undefined>();
    for (const s of result.sources) sources.set(s.path, s);
    if (!sources.has(main)) sources.set(main, source);
    const versions = new Map<string, number | undefined>();
    for (const path of sources.keys()) versions.set(path, this.options.documents.version(path));
    return {
      main,
      dialect,
      alone: detected.alone,
      // While the user types, a unit may not load for a moment; services keep the last model meanwhile.
      model: result.model ?? (previous?.dialect === dialect ? previous.model : undefined),
      sources,
      consulted: new Set(result.consulted),
      diagnostics: result.diagnostics,
      versions,
    };
  }

  /**
   * The unit as linted in this session: a restored one (which has no model, outline or texts) is
   * linted now, once, and stored in its place. Undefined when it is no unit any more.
   */
  live(unit: UnitState): UnitState | undefined {
    if (!unit.restored) return unit;
    const linted = this.lint(unit.main);
    this.options.relinted?.(this.commit(unit.main, linted));
    return linted;
  }

  /** True when an open document the lint read has changed since: its result is out of date. */
  isStale(unit: UnitState): boolean {
    for (const [path, version] of unit.versions) {
      if (this.options.documents.version(path) !== version) return true;
    }
    return false;
  }

  /** Stores a lint result (or drops the unit) and returns every file whose diagnostics may have changed. */
  commit(main: string, unit: UnitState | undefined): Set<string> {
    const touched = new Set<string>();
    const previous = this.units.get(main);
    if (previous) for (const path of previous.sources.keys()) touched.add(path);
    if (!unit) {
      this.drop(main);
      return touched;
    }
    if (previous) this.unindex(previous);
    else this.order.set(main, this.added++);
    this.units.set(main, unit);
    for (const path of unit.sources.keys()) {
      touched.add(path);
      this.readersOf(path).add(main);
      const standalone = this.units.get(path);
      // A member linted alone gives way to the unit that reads it.
      if (path !== main && standalone?.alone) {
        for (const p of standalone.sources.keys()) touched.add(p);
        this.drop(path);
      }
    }
    return touched;
  }

  private drop(main: string): void {
    const unit = this.units.get(main);
    if (unit) this.unindex(unit);
    this.units.delete(main);
    this.order.delete(main);
  }

  private unindex(unit: UnitState): void {
    for (const path of unit.sources.keys()) {
      const mains = this.readers.get(path);
      mains?.delete(unit.main);
      if (mains?.size === 0) this.readers.delete(path);
    }
  }

  private readersOf(path: string): Set<string> {
    let mains = this.readers.get(path);
    if (!mains) {
      mains = new Set();
      this.readers.set(path, mains);
    }
    return mains;
  }

  /** True when one of the files the unit read is open: only then do its findings reach the editor. */
  isActive(unit: UnitState): boolean {
    for (const path of unit.sources.keys()) if (this.options.documents.isOpen(path)) return true;
    return false;
  }

  outline(unit: UnitState): Outline | undefined {
    if (unit.outline === undefined && unit.model !== undefined && unit.dialect.outline) {
      try {
        unit.outline = unit.dialect.outline(unit.model);
      } catch {
        unit.outline = { symbols: [], references: [] };
      }
    }
    return unit.outline;
  }

  /** The dialect's lenses for the unit (fixture coverage), read through the unit's host; none when it has none. */
  lenses(unit: UnitState): Lens[] {
    if (unit.model === undefined || !unit.dialect.lenses) return [];
    try {
      return unit.dialect.lenses(
        unit.model,
        this.hostFor(unit.main),
        this.options.settingsFor(unit.main).settings.targets,
      );
    } catch {
      return [];
    }
  }

  /**
   * A file's text: the open buffer (the lint says when it is over the size limit), else the disk;
   * undefined when missing, binary, or on disk over the limit.
   */
  read(path: string): string | undefined {
    const open = this.options.documents.text(path);
    if (open !== undefined) return open;
    return isFilePath(path) ? readDiskText(path, undefined, this.maxFileSize(path)) : undefined;
  }

  private maxFileSize(main: string): number | undefined {
    return this.options.settingsFor(main).settings.maxFileSize;
  }

  /** The folder a unit's reads are confined to: its project's root (an Archon workflow's), else its workspace folder. */
  readRoot(main: string): string {
    const folder = rootFor(main, this.options.folders());
    const project = this.options.dialects.map((d) => d.projectRoot?.(main)).find((r) => r !== undefined);
    return project !== undefined && isInside(project, folder) ? project : folder;
  }

  /** What a unit of `main` reads through: the editor's buffers, then the disk, within its read root. */
  hostFor(main: string): Host {
    const open = (p: string) => this.options.documents.text(p);
    if (!isFilePath(main)) return { readFile: open, readDir: () => undefined };
    return editorHost(this.readRoot(main), open, this.maxFileSize(main));
  }

  forget(): void {
    this.units.clear();
    this.readers.clear();
    this.order.clear();
  }
}

/** Lints a unit; an ignored one is only loaded, so hover and navigation still work in it. */
function lintOrLoad(
  source: Source,
  dialect: Dialect<any>,
  rules: readonly Rule<any>[],
  host: Host,
  { ignored, settings }: ResolvedSettings,
): { model: unknown; diagnostics: Diagnostic[]; sources: readonly Source[]; consulted: readonly string[] } {
  if (!ignored) return lintUnit(source, dialect, rules, host, settings);
  try {
    const loaded = dialect.load(source, host, settings.targets);
    return { model: loaded.model, diagnostics: [], sources: loaded.sources, consulted: loaded.consulted ?? [] };
  } catch {
    return { model: undefined, diagnostics: [], sources: [source], consulted: [] };
  }
}
