import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LintSettings } from '@orchlint/core';
import { casesOf, documented, settingsOf } from '../../scripts/rule-contracts.mjs';
import { repoRoot } from './paths.js';

/**
 * One fixture case as the CLI reads it from the repository root: every file its run may read (a
 * file case's whole folder, a folder case's files), keyed by repository-relative path; the files
 * named on the command line (a file case) or none (a folder case: it is walked); its settings,
 * and the dialect its rule forces.
 */
export interface FixtureCase {
  rule: string;
  /** Repository-relative path of the case, as the CLI is given it. */
  case: string;
  files: Record<string, string>;
  named?: string[];
  settings: LintSettings;
  dialect: string;
}

const posix = (p: string) => p.split(path.sep).join('/');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** The first case (in name order) of every rule's and load finding's fixture folder. */
export function firstFixtureCases(): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const rule of documented as Array<{ id: string; dialect: string }>) {
    const first = (casesOf(rule) as string[]).sort()[0];
    if (!first) continue;
    const isDir = statSync(first).isDirectory();
    const root = isDir ? first : path.dirname(first);
    const files: Record<string, string> = {};
    for (const f of walk(root)) files[posix(path.relative(repoRoot, f))] = readFileSync(f, 'utf8');
    const rel = posix(path.relative(repoRoot, first));
    out.push({
      rule: rule.id,
      case: rel,
      files,
      ...(isDir ? {} : { named: [rel] }),
      settings: settingsOf(first),
      dialect: rule.dialect,
    });
  }
  return out;
}
