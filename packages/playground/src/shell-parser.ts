import { loadScript } from './load-script.js';

/** mvdan-sh as a classic script: it sets `orchlintMvdanSh`, which mvdan-sh-on-page.cjs hands the engine. */
const SHELL_PARSER_SCRIPT = 'assets/mvdan-sh.js';

interface OnPage {
  orchlintMvdanSh?: unknown;
  orchlintMvdanShWanted?: boolean;
}
const page = globalThis as OnPage;
let failed = false;

/**
 * Runs a lint and gives its result, or, when it asked for the shell parser before the page had it,
 * the parser's loading: the lint is then to be done again, as this one's findings are not the CLI's.
 * Where the parser cannot be loaded, the result stands (its shell bodies are internal errors).
 */
export function withShellParser<T>(lint: () => T): { result: T } | { loading: Promise<void> } {
  page.orchlintMvdanShWanted = false;
  const result = lint();
  return page.orchlintMvdanShWanted && !failed ? { loading: loadShellParser() } : { result };
}

/** Loads the shell parser once (a lint of files without shell bodies never does); never rejects. */
export function loadShellParser(): Promise<void> {
  return loadScript(SHELL_PARSER_SCRIPT).catch(() => {
    failed = true;
  });
}

/** Whether the page tried to load the shell parser and could not. */
export const shellParserFailed = (): boolean => failed;
