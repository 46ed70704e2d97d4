/**
 * The one list of the files orchlint lints: the names each dialect claims outright, and the
 * extensions whose files a dialect may claim by their content (a pack with a promptpack.org
 * `$schema`, an Archon workflow outside `.archon/workflows`, a Prompt Runner workspace manifest, a
 * Markdown prompt in a packet folder). The VS Code extension's activation events and document
 * selector (both kinds), the CLI's folder walk and the pre-commit hooks' `files:` patterns (every
 * extension: the hook runs with --ignore-unknown) are generated from it by
 * scripts/sync-file-patterns.mjs or read from it; a test fails when they drift.
 */
export interface FilePatterns {
  /** Globs (relative to a workspace folder) of files that are of the dialect by their name alone. */
  named: readonly string[];
  /** Extensions (no dot) of files the dialect recognises by their content. */
  byContent: readonly string[];
}

import picomatch from 'picomatch';

export const FILE_PATTERNS = {
  promptpack: {
    // A pack's name in JSON and its YAML spellings alike: a `support.pack.yaml` is as much a pack as a `support.pack.json`.
    named: ['**/*.pack.json', '**/*.pack.yaml', '**/*.pack.yml', '**/*.promptpack.yaml', '**/*.promptpack.yml'],
    byContent: ['json', 'yaml', 'yml'],
  },
  archon: { named: ['**/.archon/workflows/**/*.yaml', '**/.archon/workflows/**/*.yml'], byContent: ['yaml', 'yml'] },
  'prompt-runner': { named: ['**/prompt_runner_packet.md', '**/*.prompt.md'], byContent: ['yaml', 'yml', 'md'] },
} as const satisfies Record<string, FilePatterns>;

/**
 * Whether a '/'-separated path (relative, `../`-led or absolute) is named like a file of a dialect by
 * its `named` globs, ignoring case as the walk's extension test does: the dialect's detection and
 * everything generated from the list agree on the names.
 */
export function namedBy(patterns: FilePatterns): (path: string) => boolean {
  const match = picomatch([...patterns.named], { dot: true, nocase: true });
  return (path) => match(path.replace(/^(\.\.?\/)+/, ''));
}

/** The extensions a dialect may claim by content: every file a folder walk reads has one. */
export const CANDIDATE = new RegExp(
  `\\.(${[...new Set(Object.values(FILE_PATTERNS).flatMap((p) => p.byContent))].join('|')})$`,
  'i',
);

/** Folders a walk never enters, whatever the ignore files say. */
export const ALWAYS_SKIPPED: ReadonlySet<string> = new Set(['.git', 'node_modules', '.hg', '.svn']);
