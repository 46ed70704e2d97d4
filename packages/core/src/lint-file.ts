import type { LintSettings } from './config.js';
import { coreFinding } from './core-rules.js';
import { claimOf, detectDialect, type DetectedDialect } from './detect.js';
import { sortAndDedupe, type Diagnostic } from './diagnostic.js';
import type { Dialect, Host } from './dialect.js';
import { lintUnit } from './engine.js';
import type { Rule } from './rule.js';
import { Source } from './source.js';

/** A file to lint, as a host has it: its text, and how the user came to name it. */
export interface FileToLint {
  path: string;
  text: string;
  /**
   * True when the user named this file, so an unknown format is worth saying; 'ignore-unknown' when
   * named but to be skipped without a word if no dialect knows it; false for a file a folder walk found.
   * A named member file (a packet's prompt) is linted alone when no unit of the run reads it.
   */
  explicit: boolean | 'ignore-unknown';
  /** The name detection reads instead of `path`, when `path` tells nothing (unnamed standard input). */
  detectAs?: string;
  /** The absolute path, when the host knows it (see detectDialect). */
  located?: string;
  /** Offset of the first byte that was not valid UTF-8, when the host decoded bytes. */
  invalidAt?: number;
  /** The encoding other than UTF-8 the host decoded the bytes from, as their byte order mark declared. */
  encoding?: string;
}

export interface LintContext {
  dialects: readonly Dialect<any>[];
  rules: readonly Rule<any>[];
  settings: LintSettings;
  host: Host;
  /** The dialect every file is linted as (`--dialect`), instead of detecting one. */
  forced?: Dialect<any> | undefined;
  /** What to do about a named file of no known format, in the host's own terms (a flag, a control). */
  unknownAdvice: string;
}

export interface LintedFile {
  path: string;
  dialect: string;
}

/** What linting one file gave: the unit's files (main first) and findings. */
export interface UnitOutcome {
  file: string;
  files: LintedFile[];
  diagnostics: Diagnostic[];
  /** The config's positioned ignore entries the unit used or could not judge (ignoreKey): the run reports the others. */
  ignoresInUse?: string[];
}

export interface LintRun {
  files: LintedFile[];
  diagnostics: Diagnostic[];
  /** Every unit's ignoresInUse. */
  ignoresInUse?: string[];
}

/** A file's outcome with the unit behind it: its dialect and model, for the surfaces' other services (a graph). */
export interface LintedUnit {
  outcome: UnitOutcome;
  dialect?: Dialect<any>;
  model?: unknown;
}

/**
 * The one entry point every host lints a file through: detection as the CLI does it, the
 * finding for a named file of no known format, then the engine on the unit rooted at the file.
 */
export function lintFile(file: FileToLint, context: LintContext): LintedUnit {
  const diagnostics: Diagnostic[] = [];
  const source = new Source(file.path, file.text);
  const detected = context.forced
    ? forcedOn(context.forced, file)
    : detectDialect(context.dialects, file.detectAs ?? file.path, file.text, file.located);
  const dialect = detected && (!detected.member || file.explicit) ? detected.dialect : undefined;
  if (!dialect) {
    if (file.explicit !== true) return { outcome: { file: file.path, files: [], diagnostics } };
    diagnostics.push(
      coreFinding(
        source,
        { start: 0, end: 0 },
        'core/unknown-format',
        `not a format orchlint knows (${context.dialects.map((d) => d.id).join(', ')}); ${context.unknownAdvice}`,
      ),
    );
    return { outcome: { file: file.path, files: [{ path: file.path, dialect: 'unknown' }], diagnostics } };
  }
  if (file.invalidAt !== undefined) diagnostics.push(invalidUtf8(source, file.invalidAt));
  if (file.encoding !== undefined) diagnostics.push(notUtf8(source, file.encoding));
  const result = lintUnit(source, dialect, context.rules, context.host, context.settings);
  const files = result.sources.map((s) => ({ path: s.path, dialect: result.dialect }));
  const inUse = result.ignoresInUse.length ? { ignoresInUse: result.ignoresInUse } : {};
  return {
    outcome: { file: file.path, files, diagnostics: [...diagnostics, ...result.diagnostics], ...inUse },
    dialect,
    model: result.model,
  };
}

/**
 * A forced dialect (`--dialect`) claims every file, but for a file a folder walk found that the
 * dialect knows is data of a project it reads (an Archon project's `.archon/config.yaml`, its command
 * files): that is read by the units, never a unit of its own.
 */
function forcedOn(dialect: Dialect<any>, file: FileToLint): DetectedDialect | undefined {
  const where = file.located ?? file.path;
  if (
    file.explicit === false &&
    dialect.projectRoot?.(where) !== undefined &&
    claimOf(dialect, where, file.text) === false
  )
    return undefined;
  return { dialect, member: false };
}

/**
 * One run from the outcomes of its files, in order, as if they had been linted one after the
 * other: a unit whose main file an earlier unit already read is dropped, files are listed once.
 */
export function mergeOutcomes(outcomes: readonly UnitOutcome[]): LintRun {
  const files: LintedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const inUse = new Set<string>();
  const covered = new Set<string>();
  for (const o of outcomes) {
    if (covered.has(o.file)) continue;
    for (const f of o.files) {
      if (covered.has(f.path)) continue;
      covered.add(f.path);
      files.push(f);
    }
    covered.add(o.file);
    diagnostics.push(...o.diagnostics);
    for (const key of o.ignoresInUse ?? []) inUse.add(key);
  }
  return { files, diagnostics: sortAndDedupe(diagnostics), ...(inUse.size ? { ignoresInUse: [...inUse] } : {}) };
}

export function invalidUtf8(source: Source, offset: number): Diagnostic {
  return coreFinding(
    source,
    { start: offset, end: offset + 1 },
    'core/encoding',
    'these bytes are not valid UTF-8, so orchlint read them as U+FFFD; YAML and JSON files must be Unicode text: ' +
      're-save the file as UTF-8',
  );
}

/** A file decoded from another encoding its byte order mark declared: linted as read, and said at its start. */
function notUtf8(source: Source, encoding: string): Diagnostic {
  return coreFinding(
    source,
    { start: 0, end: Math.min(1, source.text.length) },
    'core/encoding',
    `the file is ${encoding} (its byte order mark says so), but YAML and JSON files must be UTF-8 text for the ` +
      'runtimes that load them: re-save the file as UTF-8 (orchlint linted it as decoded)',
  );
}
