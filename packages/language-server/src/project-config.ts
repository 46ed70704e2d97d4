import path from 'node:path';
import {
  CONFIG_NAMES,
  readConfig,
  Source,
  type Diagnostic,
  type OrchlintConfig,
  type TargetVersions,
} from '@orchlint/core';
import { editorHost } from './editor-host.js';
import { isFilePath, isInside, rootFor, toSlashes } from './paths.js';

/** A project config file as last read. */
export interface ProjectConfig {
  path: string;
  /** Its folder: the globs in it are relative to this. */
  dir: string;
  /** Undefined when the file does not validate: documents are linted with the defaults meanwhile. */
  config?: OrchlintConfig;
  /** Its positioned findings (rule core/config), shown on the file itself. */
  diagnostics: Diagnostic[];
}

export interface ProjectConfigsOptions {
  /** Rule ids a config may name. */
  knownRules: readonly string[];
  /** The versions each dialect models, which `targets` must name. */
  knownTargets?: readonly TargetVersions[];
  folders(): readonly string[];
  /** The text of an open editor buffer. */
  openText(path: string): string | undefined;
  /** A config file was read anew (or forgotten): its findings may have changed. */
  changed(path: string): void;
}

/**
 * Finds, reads and validates the config files documents use, through the same view the units have
 * (open buffers first, then the disk, never outside the workspace folder). Each file is parsed
 * and validated once per text it holds.
 */
export class ProjectConfigs {
  private readonly cache = new Map<string, { text: string; config: ProjectConfig }>();

  constructor(private readonly options: ProjectConfigsOptions) {}

  /**
   * The config file for a document: `configPath` (the client's setting) resolved against the
   * document's workspace folder, else the nearest config name in its folder or above, up to the
   * workspace folder. Undefined for a `configPath` outside the folder.
   */
  locate(file: string, configPath: string): string | undefined {
    const root = rootFor(file, this.options.folders());
    if (configPath) {
      const explicit = toSlashes(path.resolve(root, configPath));
      return isInside(root, explicit) ? explicit : undefined;
    }
    for (let dir = toSlashes(path.dirname(file)); isInside(root, dir); dir = toSlashes(path.dirname(dir))) {
      for (const name of CONFIG_NAMES) {
        const candidate = `${dir}/${name}`;
        if (this.read(candidate) !== undefined) return candidate;
      }
      if (dir === root) break;
    }
    return undefined;
  }

  /** Whether a change to `file` changes some document's settings (the client's `configPath` decides which names count). */
  isConfigFile(file: string, configPath: string): boolean {
    if (!isFilePath(file)) return false;
    if (configPath)
      return [...this.options.folders(), path.dirname(file)].some(
        (root) => toSlashes(path.resolve(root, configPath)) === file,
      );
    return CONFIG_NAMES.includes(path.basename(file));
  }

  /** The config file as it reads now; undefined when it cannot be read. */
  load(file: string): ProjectConfig | undefined {
    const text = this.read(file);
    if (text === undefined) {
      this.forget(file);
      return undefined;
    }
    const cached = this.cache.get(file);
    if (cached?.text === text) return cached.config;
    const read = readConfig(new Source(file, text), this.options.knownRules, this.options.knownTargets);
    const config: ProjectConfig = { path: file, dir: toSlashes(path.dirname(file)), diagnostics: read.diagnostics };
    if (read.config) config.config = read.config;
    this.cache.set(file, { text, config });
    this.options.changed(file);
    return config;
  }

  /** What to show on the config file itself. */
  findings(file: string): Diagnostic[] {
    return this.cache.get(file)?.config.diagnostics ?? [];
  }

  forget(file: string): void {
    if (this.cache.delete(file)) this.options.changed(file);
  }

  /** Forgets every file read (the client's settings changed which ones apply); they are read again on use. */
  clear(): void {
    for (const file of [...this.cache.keys()]) this.forget(file);
  }

  private read(file: string): string | undefined {
    return editorHost(rootFor(file, this.options.folders()), this.options.openText).readFile(file);
  }
}
