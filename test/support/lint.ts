import path from 'node:path';
import { defaultSettings, lintUnit, memoryHost, Source, type Diagnostic, type LintSettings } from '@orchlint/core';
import { discover, lintTargets } from '@orchlint/cli';
import { dialectById, rules } from '@orchlint/rules';

/** Lints files or folders on disk exactly as the CLI does, optionally forcing a dialect. */
export function lintPaths(paths: string[], dialect?: string, settings: LintSettings = defaultSettings): Diagnostic[] {
  return lintTargets(discover(paths), rules, settings, dialect ? dialectById(dialect) : undefined).diagnostics;
}

/** Lints in-memory files; the first one is the unit's main file. */
export function lintMemory(
  files: Record<string, string>,
  dialect: string,
  settings: LintSettings = defaultSettings,
): Diagnostic[] {
  const d = dialectById(dialect);
  if (!d) throw new Error(`unknown dialect ${dialect}`);
  const main = Object.keys(files)[0]!;
  return lintUnit(new Source(main, files[main]!), d, rules, memoryHost(files), settings).diagnostics;
}

/** `# expect: rule-id` (or `<!-- expect: rule-id -->`) on a line: that line must carry that rule. */
export function expectedFindings(text: string, file: string): Array<{ rule: string; line: number; file: string }> {
  const out: Array<{ rule: string; line: number; file: string }> = [];
  text.split(/\r?\n/).forEach((line, i) => {
    for (const m of line.matchAll(/(?:#|<!--)\s*expect:\s*([\w/-]+(?:\s*,\s*[\w/-]+)*)/g)) {
      for (const rule of m[1]!.split(',')) out.push({ rule: rule.trim(), line: i + 1, file });
    }
  });
  return out;
}

export const relative = (p: string) => path.relative(process.cwd(), p).split(path.sep).join('/');
