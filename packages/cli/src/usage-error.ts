/** A bad flag, path or argument: one line on stderr, exit 2. Its own module, so parsing flags loads nothing else. */
export class UsageError extends Error {}
