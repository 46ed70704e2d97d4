/**
 * What the command line's help and option checks name, as plain lists, so that `--version`,
 * `--help` and a bad flag need none of the modules behind them. test/cli/startup.test.ts checks each
 * against the registry it stands for.
 */

/** The dialects' ids, in the order detection asks them (rules/dialects.ts). */
export const DIALECT_IDS: readonly string[] = ['promptpack', 'archon', 'prompt-runner'];

/** The report formats (formatters/index.ts). */
export const FORMAT_NAMES: readonly string[] = [
  'stylish',
  'json',
  'sarif',
  'github',
  'junit',
  'compact',
  'codeclimate',
];

/** In the working directory, as ESLint's .eslintcache: no extension, so discovery never lints it. */
export const DEFAULT_CACHE_FILE = '.orchlintcache';

/** The size limit's default as --help names it (core's DEFAULT_MAX_FILE_SIZE). */
export const DEFAULT_MAX_FILE_SIZE_TEXT = '8MB';

/** The `packet` command group's line in the top-level help (packet/command.ts defines the group). */
export const PACKET_DESCRIPTION = 'Prompt Runner packet commands';
