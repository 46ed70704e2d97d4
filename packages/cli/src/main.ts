import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { defaultSettings, type Diagnostic } from '@flowlint/core';
import { dialectById, dialects, rules } from '@flowlint/rules';
import { discover, UsageError } from './discover.js';
import { counts, formatters } from './formatters/index.js';
import { lintTargets } from './lint.js';
import { formatRules } from './rules-listing.js';
import { version } from './version.js';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  color: boolean;
}

const nodeIo: Io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
};

/** Runs the CLI and returns its exit code: 0 clean, 1 lint errors, 2 bad usage, 3 a bug. */
export async function main(argv: readonly string[], io: Io = nodeIo): Promise<number> {
  let exitCode = 0;
  const program = new Command('flowlint')
    .description('Lint PromptPack packs, Archon workflows and Prompt Runner packets')
    .version(version, '-v, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

  program
    .command('lint', { isDefault: true })
    .description('lint files and directories (default: .)')
    .argument('[paths...]', 'files and directories to lint')
    .addOption(new Option('--format <format>', 'output format').choices(Object.keys(formatters)).default('stylish'))
    .option('--strict', 'warnings count as errors for the exit code')
    .option('--max-warnings <n>', 'exit 1 when there are more than n warnings', parseCount)
    .addOption(new Option('--dialect <dialect>', 'lint the given files as this dialect').choices(dialects.map((d) => d.id)))
    .action((paths: string[], options: { format: string; strict?: boolean; maxWarnings?: number; dialect?: string }) => {
      const targets = discover(paths.length ? paths : ['.']);
      const forced = options.dialect ? dialectById(options.dialect) : undefined;
      const run = lintTargets(targets, rules, defaultSettings, forced);
      const texts = new Map<string, string>();
      io.stdout(
        formatters[options.format]!(run, {
          color: io.color,
          text: (p) => {
            if (!texts.has(p)) texts.set(p, safeRead(p) ?? '');
            return texts.get(p) ?? undefined;
          },
        }),
      );
      exitCode = exitCodeFor(run.diagnostics, options);
    });

  program
    .command('rules')
    .description('list every rule with its severity and basis')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action((options: { format: 'text' | 'json' }) => {
      io.stdout(formatRules(rules, options.format));
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0;
      io.stderr(`flowlint: ${error.message.replace(/^error: /, '')}\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.stderr(`flowlint: ${error.message}\n`);
      return 2;
    }
    io.stderr(`flowlint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.FLOWLINT_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`);
    return 3;
  }
}

export function exitCodeFor(diagnostics: readonly Diagnostic[], options: { strict?: boolean; maxWarnings?: number }): number {
  const { errors, warnings } = counts(diagnostics);
  if (errors > 0) return 1;
  if (options.strict && warnings > 0) return 1;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) return 1;
  return 0;
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number');
  return Number(value);
}

function safeRead(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
