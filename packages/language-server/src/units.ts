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
  /** The dialect's model; undefined when the unit did not load. */
  model: unknown;
  /** Every file the unit read, by path, with the text the lint saw. */
  sources: Map<string, Source>;
  /** Files and folders it looked at beyond those (other workflows' names): a change to one, or under one, re-lints it too. */
  consulted: ReadonlySet<string>;
  diagnostics: Diagnostic[];
  /** For each file read, the version of its open document at lint time (undefined: read from disk). */
  versions: Map<string, number | undefined>;
  outline?: Outline | undefined;
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
}

/**
 * Every unit the server knows, and which files each one read (`UnitResult.sources`), so a change
 * to any file re-lints exactly the units that read it: a packet manifest and its prompts, an
 * include target and its includers. Nothing here knows a dialect by name.
 */
export class Units {
  private readonly units = new Map<string, UnitState>();

  constructor(private readonly options: UnitsOptions) {}

  get(main: string): UnitState | undefined {
    return this.units.get(main);
  }

  all(): IterableIterator<UnitState> {
    return this.units.values();
  }

  /** Units that read `path` (as their main file or as a member). */
  containing(path: string): UnitState[] {
    const out: UnitState[] = [];
    for (const unit of this.units.values()) if (unit.sources.has(path)) out.push(unit);
    return out;
  }

  /** The units a change to `path` concerns: those that read or consulted it, and the file itself when it is one. */
  affectedBy(path: string): string[] {
    const mains = new Set(this.containing(path).map((u) => u.main));
    const within = [path];
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) within.push(path.slice(0, at));
    for (const unit of this.units.values()) if (within.some((p) => unit.consulted.has(p))) mains.add(unit.main);
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
  lint(main: string): UnitState | undefined {
    const text = this.read(main);
    if (text === undefined) return undefined;
    const detected = this.detect(main, text);
    if (!detected) return undefined;
    if (detected.alone && this.containing(main).some((u) => u.main !== main)) return undefined;
    const { dialect } = detected;
    const previous = this.units.get(main);
    // Typing changes a line or two: the parse starts from the last lint's and reads only those again.
    const source = new Source(main, text, { reparseFrom: previous?.sources.get(main)?.parseBasis });
    const result = lintOrLoad(source, dialect, this.options.rules, this.hostFor(main), this.options.settingsFor(main));
    const sources = new Map<string, Source>();
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
      this.units.delete(main);
      return touched;
    }
    this.units.set(main, unit);
    for (const path of unit.sources.keys()) {
      touched.add(path);
      const standalone = this.units.get(path);
      // A member linted alone gives way to the unit that reads it.
      if (path !== main && standalone?.alone) {
        for (const p of standalone.sources.keys()) touched.add(p);
        this.units.delete(path);
      }
    }
    return touched;
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

  private hostFor(main: string): Host {
    const open = (p: string) => this.options.documents.text(p);
    if (!isFilePath(main)) return { readFile: open, readDir: () => undefined };
    const folder = rootFor(main, this.options.folders());
    // A file of a project (an Archon workflow, say) reads up to the project's root, never beyond.
    const project = this.options.dialects.map((d) => d.projectRoot?.(main)).find((r) => r !== undefined);
    return editorHost(
      project !== undefined && isInside(project, folder) ? project : folder,
      open,
      this.maxFileSize(main),
    );
  }

  forget(): void {
    this.units.clear();
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
