import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  detectDialect,
  FILE_PATTERNS,
  isSyntaxFinding,
  namedBy,
  Source,
  type Dialect,
  type Host,
  type LoadResult,
  type Targets,
} from '@orchlint/core';
import { MANIFEST } from '@orchlint/prompt-runner';
import { dialectById, dialects } from '@orchlint/rules';
import { ConfigResolver } from './config-file.js';
import { escapeControls } from './formatters/report.js';
import { toPosix, UsageError } from './discover.js';
import type { Io } from './io.js';
import { hostFor, readTargetText } from './lint.js';
import { ruleInfos } from './rule-infos.js';

/** One unit named on the command line, loaded as lint loads it (its project's folder readable, its targets applied). */
export interface NamedUnit {
  file: string;
  dialect: Dialect<any>;
  loaded: LoadResult<any>;
  host: Host;
  targets: Targets;
}

/**
 * Loads the unit a command such as `graph` or `trace` names: a file, or a packet folder (its manifest).
 * A bad path or an unknown format is a UsageError; a syntax error is one warning line on stderr.
 */
export function loadNamedUnit(
  named: string,
  options: { dialect?: string; config?: string },
  io: Io,
  use: { verb: string; noun: string },
): NamedUnit {
  const { verb, noun } = use;
  if (!existsSync(named)) throw new UsageError(`no such file or directory: ${named}`);
  // A packet folder stands for its manifest, as `lint` and `packet lint` take it.
  const file = statSync(named).isDirectory() ? path.join(named, MANIFEST) : named;
  if (!existsSync(file)) throw new UsageError(notAPacket(named));
  const target = { file: toPosix(file), explicit: true, root: path.dirname(file) };
  // The project's version targets decide how the unit reads (a pack's spec version, Archon's engine).
  const { settings } = new ConfigResolver(
    ruleInfos.map((r) => r.id),
    options.config,
  ).resolve(target.file);
  const problems: Parameters<typeof readTargetText>[1] = [];
  const text = readTargetText(target, problems, settings.maxFileSize)?.text;
  if (text === undefined) throw new UsageError(`cannot ${verb} ${file}: ${problems[0]?.message ?? 'unreadable'}`);
  const dialect: Dialect<any> | undefined = options.dialect
    ? dialectById(options.dialect)
    : detectDialect(dialects, target.file, text, path.resolve(file).split(path.sep).join('/'))?.dialect;
  if (!dialect) throw new UsageError(`${file} is not a format orchlint knows; pass --dialect`);
  const host = hostFor(target);
  const loaded = dialect.load(new Source(target.file, text), host, settings.targets);
  const syntax = loaded.diagnostics.find(isSyntaxFinding);
  if (syntax) {
    io.stderr(
      `orchlint: warning: ${syntax.path} has a syntax error at line ${syntax.range.start.line + 1} (${syntax.message}); the ${noun} shows only what parsed: run orchlint ${syntax.path}\n`,
    );
  }
  return { file: target.file, dialect, loaded, host, targets: settings.targets };
}

/** What to say of a folder that is no packet: a packet folder works, else name a unit's file, the ones in it first. */
function notAPacket(folder: string): string {
  const named = Object.values(FILE_PATTERNS).map(namedBy);
  const units = readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isFile() && named.some((isNamed) => isNamed(toPosix(path.join(folder, e.name)))))
    .map((e) => escapeControls(toPosix(path.join(folder, e.name))))
    .sort();
  const example = units.length ? `: ${units.slice(0, 3).join(', ')}${units.length > 3 ? ', …' : ''}` : '';
  return `${escapeControls(folder)} is a folder but not a packet (it holds no ${MANIFEST}); name a pack or a workflow file instead${example}`;
}
