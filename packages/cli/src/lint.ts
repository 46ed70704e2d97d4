import { readFileSync, statSync } from 'node:fs';
import { lintUnit, makeDiagnostic, sortAndDedupe, Source, type Diagnostic, type Dialect, type LintSettings, type Rule } from '@flowlint/core';
import { dialects } from '@flowlint/rules';
import { decodeText, invalidUtf8, type DecodedText } from './decode.js';
import { toPosix, type Target } from './discover.js';
import { fileHost } from './host.js';

export interface LintedFile {
  path: string;
  dialect: string;
}

export interface LintRun {
  files: LintedFile[];
  diagnostics: Diagnostic[];
}

/** Files past this size are reported, not read: no workflow definition is this large. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

export function lintTargets(
  targets: readonly Target[],
  rules: readonly Rule<any>[],
  settings: LintSettings,
  forced?: Dialect<any>,
): LintRun {
  const files: LintedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const covered = new Set<string>();
  for (const target of targets) {
    if (covered.has(target.file)) continue;
    const read = readText(target, diagnostics);
    if (read === undefined) continue;
    const { text, invalidAt } = read;
    const source = new Source(target.file, text);
    let dialect = forced;
    if (!dialect) {
      let memberOf: Dialect<any> | undefined;
      for (const d of dialects) {
        const detection = d.detect(target.file, text);
        if (detection === 'unit') {
          dialect = d;
          break;
        }
        if (detection === 'member') memberOf ??= d;
      }
      // A member file (say, a prompt of a packet) is linted with its unit; named alone, it is its own unit.
      if (!dialect && memberOf && target.explicit) dialect = memberOf;
    }
    if (!dialect) {
      if (target.explicit) {
        diagnostics.push(
          makeDiagnostic(source, { start: 0, end: 0 }, 'core/unknown-format', 'warning',
            `not a format flowlint knows (${dialects.map((d) => d.id).join(', ')}); pass --dialect to lint it as one`),
        );
        files.push({ path: target.file, dialect: 'unknown' });
      }
      continue;
    }
    if (invalidAt !== undefined) diagnostics.push(invalidUtf8(source, invalidAt));
    const result = lintUnit(source, dialect, rules, fileHost(target.root), settings);
    for (const s of result.sources) {
      if (covered.has(s.path)) continue;
      covered.add(s.path);
      files.push({ path: s.path, dialect: result.dialect });
    }
    diagnostics.push(...result.diagnostics);
  }
  return { files, diagnostics: sortAndDedupe(diagnostics) };
}

function readText(target: Target, diagnostics: Diagnostic[]): DecodedText | undefined {
  const empty = new Source(target.file, '');
  let buffer: Buffer;
  try {
    if (statSync(target.file).size > MAX_FILE_BYTES) {
      diagnostics.push(makeDiagnostic(empty, { start: 0, end: 0 }, 'core/unknown-format', 'warning', `the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; flowlint does not read it`));
      return undefined;
    }
    buffer = readFileSync(target.file);
  } catch (error) {
    diagnostics.push(makeDiagnostic(empty, { start: 0, end: 0 }, 'core/unknown-format', 'error', `cannot read the file: ${(error as Error).message}`));
    return undefined;
  }
  if (buffer.subarray(0, 8000).includes(0)) {
    if (target.explicit) {
      diagnostics.push(makeDiagnostic(empty, { start: 0, end: 0 }, 'core/unknown-format', 'warning', 'a binary file, not a workflow definition; flowlint skips it'));
    }
    return undefined;
  }
  return decodeText(buffer);
}

export { toPosix };
