import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import {
  coreFinding,
  DEFAULT_MAX_FILE_SIZE,
  detectDialect as detectIn,
  fileTooLarge,
  lintFile,
  mergeOutcomes,
  Source,
  type Diagnostic,
  type Dialect,
  type Host,
  type LintRun,
  type LintSettings,
  type Rule,
  type UnitOutcome,
} from '@orchlint/core';
import { dialects } from '@orchlint/rules/dialects';
// Validators compiled at build time, for every unit this module lints.
import './compiled-schemas.js';
import { decodeFile, type DecodedText } from './decode.js';
import type { Target } from './discover.js';
import { fileHost, overlayHost, staysInside, type ReadMemo } from './host.js';

export type { LintedFile, LintRun, UnitOutcome } from '@orchlint/core';
export { mergeOutcomes };

export type SettingsFor = (target: Target) => LintSettings;

/** Lints targets in order in this process. A file already linted as part of an earlier unit is not linted again. */
export function lintTargets(
  targets: readonly Target[],
  rules: readonly Rule<any>[],
  settings: LintSettings | SettingsFor,
  forced?: Dialect<any>,
): LintRun {
  const settingsFor = typeof settings === 'function' ? settings : () => settings;
  const outcomes: UnitOutcome[] = [];
  const covered = new Set<string>();
  const memo: ReadMemo = new Map();
  for (const target of targets) {
    if (covered.has(target.file)) continue;
    const outcome = lintTarget(target, rules, settingsFor(target), forced, hostFor(target, memo));
    for (const f of outcome.files) covered.add(f.path);
    outcomes.push(outcome);
  }
  return mergeOutcomes(outcomes);
}

/** Lints one target as its own unit, or as the unit it is a member of when named explicitly. */
export function lintTarget(
  target: Target,
  rules: readonly Rule<any>[],
  settings: LintSettings,
  forced?: Dialect<any>,
  host: Host = hostFor(target),
  /** The target's text, when the caller has read it already. */
  preread?: DecodedText,
): UnitOutcome {
  const diagnostics: Diagnostic[] = [];
  const read =
    target.text !== undefined
      ? { text: target.text }
      : (preread ?? readTargetText(target, diagnostics, settings.maxFileSize));
  if (read === undefined) return unread(target, diagnostics, forced);
  return lintFile(
    {
      path: target.file,
      text: read.text,
      explicit: target.explicit,
      ...(target.detectAs !== undefined ? { detectAs: target.detectAs } : {}),
      located: absolute(target.file),
      ...(read.invalidAt !== undefined ? { invalidAt: read.invalidAt } : {}),
      ...(read.encoding !== undefined ? { encoding: read.encoding } : {}),
    },
    {
      dialects,
      rules,
      settings,
      host,
      forced,
      unknownAdvice: unknownAdvice(target),
    },
  ).outcome;
}

/**
 * A target that was not read. One over the size limit is reported as what its head shows it to be
 * (detection reads no further than that), and, when that is nothing orchlint lints and no one named
 * it, skipped as a walk skips any file of another format: a big data file beside the workflows is
 * not an error.
 */
function unread(target: Target, diagnostics: Diagnostic[], forced: Dialect<any> | undefined): UnitOutcome {
  if (!diagnostics.some((d) => d.rule === 'core/file-too-large')) return { file: target.file, files: [], diagnostics };
  const dialect = forced ?? detectDialect(target, readHead(target.file));
  if (!dialect) return unknownFormat(target, new Source(target.file, ''), []);
  return { file: target.file, files: [{ path: target.file, dialect: dialect.id }], diagnostics };
}

/** A target no dialect claims: skipped, as a walk skips it, unless it was named (then a warning says so). */
function unknownFormat(target: Target, source: Source, diagnostics: Diagnostic[]): UnitOutcome {
  if (target.explicit !== true) return { file: target.file, files: [], diagnostics };
  diagnostics.push(
    coreFinding(
      source,
      { start: 0, end: 0 },
      'core/unknown-format',
      `not a format orchlint knows (${dialects.map((d) => d.id).join(', ')}); ${unknownAdvice(target)}`,
    ),
  );
  return { file: target.file, files: [{ path: target.file, dialect: 'unknown' }], diagnostics };
}

function unknownAdvice(target: Target): string {
  return target.text === undefined
    ? 'pass --dialect to lint it as one'
    : 'name it with --stdin-filename (e.g. x.pack.json) or pass --dialect';
}

/** The files a target's unit may read: its root folder, with the target's own text when it is not on disk. */
export function hostFor(target: Target, memo?: ReadMemo): Host {
  const base = fileHost(readRoot(target), memo);
  return target.text === undefined ? base : overlayHost(base, new Map([[target.file, target.text]]));
}

/**
 * The folder a target's unit may read: its root, widened to the project the file sits in when a
 * dialect names one above it (an Archon project's root, whatever folder was linted), never beyond.
 */
export function readRoot(target: Target): string {
  const root = path.resolve(target.root);
  for (const d of dialects) {
    const project = d.projectRoot?.(absolute(target.file));
    if (project !== undefined && staysInside(path.relative(project, root))) return project;
  }
  return target.root;
}

/** The dialect a target is linted as, if any (a member file only when named). */
export function detectDialect(target: Target, text: string): Dialect<any> | undefined {
  const detected = detectIn(dialects, target.detectAs ?? target.file, text, absolute(target.file));
  return detected && (!detected.member || target.explicit) ? detected.dialect : undefined;
}

/** A path as an absolute '/'-path, the way a dialect finds the project a file sits in. */
function absolute(file: string): string {
  return path.resolve(file).split(path.sep).join('/');
}

/**
 * The target file's text, or undefined with a finding when it is over the size limit (checked
 * before a byte is read), unreadable or binary.
 */
export function readTargetText(
  target: Target,
  diagnostics: Diagnostic[],
  maxFileSize = DEFAULT_MAX_FILE_SIZE,
): DecodedText | undefined {
  const empty = new Source(target.file, '');
  let buffer: Buffer;
  try {
    const read = readWhole(target.file, maxFileSize);
    if (typeof read === 'number') {
      diagnostics.push(fileTooLarge(empty, read, maxFileSize));
      return undefined;
    }
    buffer = read;
  } catch (error) {
    diagnostics.push(
      coreFinding(
        empty,
        { start: 0, end: 0 },
        'core/unreadable-file',
        `cannot read the file: ${(error as Error).message}`,
      ),
    );
    return undefined;
  }
  const decoded = decodeFile(buffer);
  if (decoded === undefined) {
    if (target.explicit === true) {
      diagnostics.push(
        coreFinding(
          empty,
          { start: 0, end: 0 },
          'core/unknown-format',
          'a binary file, not a workflow definition; orchlint skips it',
        ),
      );
    }
    return undefined;
  }
  return decoded;
}

/**
 * Every dialect's detection reads at most a text's first 200,000 characters (a big file is one of
 * a format by its head): this many bytes hold them whatever their UTF-8 lengths.
 */
const DETECTED_HEAD_BYTES = 800_000;

/** The head of a file that is too large to read whole, as text (empty when it cannot be read). */
function readHead(file: string): string {
  try {
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.allocUnsafe(DETECTED_HEAD_BYTES);
      const n = readSync(fd, buffer, 0, DETECTED_HEAD_BYTES, 0);
      return buffer.toString('utf8', 0, n);
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * A file's bytes by one open, one fstat (its size, checked before anything is read) and reads up
 * to that size, as readFileSync reads; its size when that is over `limit`.
 */
function readWhole(file: string, limit: number): Buffer | number {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > limit) return size;
    const buffer = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buffer, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return got === size ? buffer : buffer.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}
