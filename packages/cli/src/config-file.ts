import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIG_NAMES,
  readConfig,
  resolveSettings,
  Source,
  type Diagnostic,
  type OrchlintConfig,
  type LintSettings,
  type ResolvedSettings,
  type RuleIgnore,
} from '@orchlint/core';
import { dialects } from '@orchlint/rules/dialects';
import { toPosix, UsageError, withSlashes } from './discover.js';
import { staysInside } from './host.js';
import { presence } from '@orchlint/node-cache/stamp';

/** The versions each dialect models, which a config's `targets` must name. */
const knownTargets = dialects.flatMap((d) => d.targets ?? []);

export interface LoadedConfig {
  /** The config file, relative to cwd. */
  file: string;
  /** Absolute path of its folder: globs in it are relative to this. */
  dir: string;
  config: OrchlintConfig;
  /** Where each `ignore[i].paths[j]` is written, so an unused entry is reported at it. */
  ignoreAt: Array<Array<RuleIgnore['at']>>;
  /** Where each `overrides[i].files[j]` is written, likewise. */
  overridesAt: Array<Array<RuleIgnore['at']>>;
}

/** A config file that does not validate: its positioned findings. */
export class ConfigError extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    /** The config file, for excerpts. */
    readonly source: Source,
  ) {
    super('the configuration file has errors');
  }
}

/**
 * Which config applies to each linted file: the one given with --config, else the nearest
 * orchlint.config.{yaml,yml,json} in the file's folder or above. Each config is read and validated
 * once; an invalid one throws ConfigError.
 */
export class ConfigResolver {
  private readonly byDir = new Map<string, LoadedConfig | undefined>();
  private readonly loaded = new Map<string, LoadedConfig>();

  constructor(
    private readonly knownRules: readonly string[],
    private readonly explicit?: string,
    private readonly strict = false,
    /** --max-file-size, in bytes: wins over every config's maxFileSize. */
    private readonly maxFileSize?: number,
    /** Hears of each place a config file was looked for, with its stamp (null: none there; see run-record.ts). */
    private readonly note?: (key: string, stamp: string | null | undefined) => void,
  ) {
    if (explicit && !existsSync(explicit)) throw new UsageError(`no such config file: ${explicit}`);
  }

  /** The config for a file (or a folder, with `isDir`), if any. */
  configFor(file: string, isDir = false): LoadedConfig | undefined {
    if (this.explicit) return this.load(path.resolve(this.explicit));
    return this.find(isDir ? path.resolve(file) : path.dirname(path.resolve(file)));
  }

  resolve(file: string, isDir = false): ResolvedSettings & { config?: LoadedConfig } {
    const loaded = this.configFor(file, isDir);
    const strictness = {
      ...(this.strict ? { requireSuppressionReasons: true } : {}),
      ...(this.maxFileSize !== undefined ? { maxFileSize: this.maxFileSize } : {}),
    };
    if (!loaded) return { ignored: false, settings: { rules: {}, targets: {}, ...strictness } };
    const relative = path.relative(loaded.dir, path.resolve(file));
    const rel = staysInside(relative) ? withSlashes(relative) : '';
    // Reported paths are relative to cwd, which may sit above or beside the config's folder: ignores match in absolute terms.
    const resolved = resolveSettings(
      loaded.config,
      rel,
      { root: absolutePosix(process.cwd()), dir: absolutePosix(loaded.dir) },
      (i, j) => loaded.ignoreAt[i]?.[j],
    );
    const settings: LintSettings = { ...resolved.settings, ...strictness };
    return { ignored: rel !== '' && resolved.ignored, settings, config: loaded };
  }

  /** Every config file the run has read so far. */
  configs(): LoadedConfig[] {
    return [...this.loaded.values()];
  }

  private find(dir: string): LoadedConfig | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found: LoadedConfig | undefined;
    const name = CONFIG_NAMES.find((n) => {
      this.note?.(`f:${path.join(dir, n)}`, presence(path.join(dir, n)));
      return isFile(path.join(dir, n));
    });
    if (name) found = this.load(path.join(dir, name));
    else if (path.dirname(dir) !== dir) found = this.find(path.dirname(dir));
    this.byDir.set(dir, found);
    return found;
  }

  private load(abs: string): LoadedConfig {
    const cached = this.loaded.get(abs);
    if (cached) return cached;
    const file = toPosix(abs);
    this.note?.(`f:${abs}`, presence(abs));
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read the config file ${file}: ${(error as Error).message}`);
    }
    const source = new Source(file, text);
    const { config, diagnostics, ignoreAt, overridesAt } = readConfig(source, this.knownRules, knownTargets);
    if (!config) throw new ConfigError(diagnostics, source);
    const loaded = { file, dir: path.dirname(abs), config, ignoreAt, overridesAt };
    this.loaded.set(abs, loaded);
    return loaded;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function absolutePosix(p: string): string {
  return path.resolve(p).split(path.sep).join('/');
}
