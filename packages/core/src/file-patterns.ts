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

export const FILE_PATTERNS = {
  promptpack: {
    named: ['**/*.pack.json', '**/*.promptpack.yaml', '**/*.promptpack.yml'],
    byContent: ['json', 'yaml', 'yml'],
  },
  archon: { named: ['**/.archon/workflows/**/*.yaml', '**/.archon/workflows/**/*.yml'], byContent: ['yaml', 'yml'] },
  'prompt-runner': { named: ['**/prompt_runner_packet.md', '**/*.prompt.md'], byContent: ['yaml', 'yml', 'md'] },
} as const satisfies Record<string, FilePatterns>;

/** The extensions a dialect may claim by content: every file a folder walk reads has one. */
export const CANDIDATE = new RegExp(
  `\\.(${[...new Set(Object.values(FILE_PATTERNS).flatMap((p) => p.byContent))].join('|')})$`,
  'i',
);

/** Folders a walk never enters, whatever the ignore files say. */
export const ALWAYS_SKIPPED: ReadonlySet<string> = new Set(['.git', 'node_modules', '.hg', '.svn']);
