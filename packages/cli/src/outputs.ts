import { closeSync, fstatSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ownValue } from '@orchlint/core';
import { UsageError } from './discover.js';
import { formatters, type FormatContext } from './formatters/index.js';
import type { LintRun } from './lint.js';

/** Where each requested report goes: a file, or standard output (`file` undefined). */
export interface OutputPlan {
  outputs: Array<{ format: string; file?: string }>;
}

/**
 * `--format F` (repeatable) chooses reports; `--output F=FILE` (repeatable) sends report F to FILE,
 * adding F when it was not chosen; a bare `--output FILE` takes the one chosen format. Every other
 * chosen format prints to standard output, and only one may. With no --format, stylish.
 */
export function planOutputs(formats: readonly string[], outputs: readonly string[]): OutputPlan {
  const chosen = [...new Set(formats)];
  for (const f of chosen)
    if (!ownValue(formatters, f))
      throw new UsageError(`unknown format '${f}'; choose from ${Object.keys(formatters).join(', ')}`);
  const files = new Map<string, string>();
  const bare: string[] = [];
  for (const o of outputs) {
    const m = /^([a-z]+)=(.+)$/.exec(o);
    if (m && !ownValue(formatters, m[1]!)) {
      // A typo in the format name would otherwise write the report to a file named 'sarf=x.sarif'.
      throw new UsageError(
        `--output ${o}: unknown format '${m[1]}'; choose from ${Object.keys(formatters).join(', ')}`,
      );
    }
    if (m) {
      if (files.has(m[1]!)) throw new UsageError(`--output names the ${m[1]} report twice`);
      files.set(m[1]!, m[2]!);
      if (!chosen.includes(m[1]!)) chosen.push(m[1]!);
    } else {
      bare.push(o);
    }
  }
  if (!formats.length && chosen.every((f) => files.has(f))) chosen.unshift('stylish');
  if (bare.length) {
    const open = chosen.filter((f) => !files.has(f));
    if (bare.length > 1 || open.length !== 1) {
      throw new UsageError(
        `--output ${bare[0]} is ambiguous with several formats; write --output FORMAT=FILE, e.g. --output sarif=orchlint.sarif`,
      );
    }
    files.set(open[0]!, bare[0]!);
  }
  const toStdout = chosen.filter((f) => !files.has(f));
  if (toStdout.length > 1) {
    throw new UsageError(
      `only one report can go to standard output (${toStdout.join(', ')} were asked for); send the others to files with --output FORMAT=FILE`,
    );
  }
  return { outputs: chosen.map((format) => ({ format, ...(files.has(format) ? { file: files.get(format)! } : {}) })) };
}

/** Renders each report and writes it where the plan says, piece by piece; stdout gets colour only when it is a terminal. */
export function writeOutputs(
  plan: OutputPlan,
  run: LintRun,
  context: FormatContext,
  stdout: (s: string) => void,
  /** Hears of what is written to each report file, piece by piece. */
  written?: (file: string, text: string) => void,
): void {
  for (const { format, file } of plan.outputs) {
    const chunks = formatters[format]!(run, file ? { ...context, color: false } : context);
    if (!file) {
      for (const text of batched(chunks)) stdout(text);
      continue;
    }
    const fd = openReport(file, format);
    written?.(file, '');
    try {
      for (const text of batched(chunks)) {
        try {
          writeSync(fd, text);
        } catch (error) {
          throw new UsageError(`cannot write the ${format} report to ${file}: ${(error as Error).message}`);
        }
        written?.(file, text);
      }
    } catch (error) {
      // No half report is left for a later step to read as whole: a formatter that failed (a bug,
      // exit 3) or a full disk (exit 2) takes the file it started with it.
      dropReport(fd, file);
      throw error;
    }
    closeSync(fd);
  }
}

/** Closes and removes a report file left unfinished; a device or pipe named as the file is only closed. */
function dropReport(fd: number, file: string): void {
  const regular = fstatSync(fd).isFile();
  closeSync(fd);
  if (regular) rmSync(file, { force: true });
}

/** Pieces of a report joined into writes of about 64 KB: one write per finding would be slow, one for all needs it all in memory. */
function* batched(chunks: Iterable<string>): Generator<string> {
  let pending: string[] = [];
  let size = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= 65_536) {
      yield pending.join('');
      pending = [];
      size = 0;
    }
  }
  if (pending.length) yield pending.join('');
}

function openReport(file: string, format: string): number {
  try {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    return openSync(file, 'w');
  } catch (error) {
    throw new UsageError(`cannot write the ${format} report to ${file}: ${(error as Error).message}`);
  }
}

/** A report to its file, or to standard output when there is none. */
export function writeReport(
  file: string | undefined,
  text: string,
  stdout: (s: string) => void,
  format = 'merged',
): void {
  if (!file) {
    stdout(text);
    return;
  }
  try {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(`cannot write the ${format} report to ${file}: ${(error as Error).message}`);
  }
}
