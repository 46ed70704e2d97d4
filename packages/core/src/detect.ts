import type { Dialect } from './dialect.js';

/** The dialect a file is linted as, and whether it claimed the file only as a member of a unit rooted elsewhere. */
export interface DetectedDialect {
  dialect: Dialect<any>;
  /** A packet's prompt, say: linted with its unit, or alone when named and no unit reads it. */
  member: boolean;
}

/**
 * How every host (CLI, language server, MCP server, playground) tells what a file is: the first
 * dialect that claims it as a unit; else one that claims it as a unit by where `located` (its
 * absolute path, when the host knows it) puts it in a project, as an Archon stub fixture named from
 * inside `.archon/workflows` is; else the first that claims it as a member. A dialect whose
 * detection throws claims nothing.
 */
export function detectDialect(
  dialects: readonly Dialect<any>[],
  path: string,
  text: string,
  located?: string,
): DetectedDialect | undefined {
  let member: Dialect<any> | undefined;
  for (const dialect of dialects) {
    const claim = claimOf(dialect, path, text);
    if (claim === 'unit') return { dialect, member: false };
    if (claim === 'member') member ??= dialect;
  }
  if (located !== undefined && located !== path) {
    for (const dialect of dialects)
      if (dialect.projectRoot?.(located) !== undefined && claimOf(dialect, located, text) === 'unit')
        return { dialect, member: false };
  }
  return member ? { dialect: member, member: true } : undefined;
}

/** What a dialect's detection says of a file; one whose detection throws claims nothing. */
export function claimOf(dialect: Dialect<any>, path: string, text: string) {
  try {
    return dialect.detect(path, text);
  } catch {
    return false;
  }
}
