import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  DEFAULT_CACHE_FILE,
  DEFAULT_MAX_FILE_SIZE_TEXT,
  DIALECT_IDS,
  FORMAT_NAMES,
  PACKET_DESCRIPTION,
} from './choices.js';
import { UsageError } from './usage-error.js';
import { escapeControls } from './formatters/report.js';
import type { LintOptions } from './lint-command.js';
import type { TraceOptions } from './trace/options.js';
import { parseShard } from './shard.js';
import { version } from './version.js';
import type { Io } from './io.js';

export type { Io } from './io.js';

const nodeIo: Io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
};

// Each command loads its modules when it runs (and the rules only when a file needs them), so
// --version, --help and a bad flag load commander and this file.
/** Runs the CLI and returns its exit code: 0 clean, 1 lint errors, 2 bad usage or config, 3 a bug. */
export async function main(argv: readonly string[], io: Io = nodeIo): Promise<number> {
  let exitCode = 0;
  const program = new Command('orchlint')
    .description('Lint PromptPack packs, Archon workflows and Prompt Runner packets')
    .version(version, '-v, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

  const lint = program
    .command('lint', { isDefault: true })
    .description('the default command: lint files and directories (default: .)')
    .argument('[paths...]', 'files and directories to lint')
    .option('--format <format>', `report format, repeatable: ${FORMAT_NAMES.join('|')} (default: stylish)`, collect)
    .option(
      '--output <[format=]file>',
      'write a report to a file instead of standard output, repeatable (e.g. --output sarif=orchlint.sarif)',
      collect,
    )
    .option('--strict', 'warnings count as errors for the exit code; suppressions must give a reason')
    .option('--max-warnings <n>', 'exit 1 when there are more than n warnings', parseCount)
    .addOption(new Option('--dialect <dialect>', 'lint the given files as this dialect').choices(DIALECT_IDS))
    .option('--config <file>', 'the config file (default: orchlint.config.{yaml,yml,json} found upward from each file)')
    .option('--print-config <path>', 'print the settings that apply to a file, then exit')
    .option('--fix', 'apply safe fixes in place')
    .option('--fix-dry-run', 'print the fixes as a unified diff; write nothing')
    .option('--baseline <file>', 'ignore the findings recorded in this file; report its stale entries')
    .option('--update-baseline', 'record the current findings in the --baseline file')
    .option('--cache', 'reuse results for unchanged files (content hash)')
    .option('--cache-location <file>', `where --cache keeps its results (default: ${DEFAULT_CACHE_FILE})`)
    .option(
      '--concurrency <n>',
      'threads that lint: auto (worker threads only for many files), off (this thread), or a number',
      parseConcurrency,
      'auto',
    )
    .option(
      '--shard <i/N>',
      'lint only the i-th of N parts of the units (for a CI matrix; join the reports with merge-reports)',
      parseShard,
    )
    .addOption(
      new Option(
        '--persona <persona>',
        'which security findings show: regular (high confidence only, the default), pedantic (and medium), auditor (all)',
      ).choices(['regular', 'pedantic', 'auditor']),
    )
    .addOption(
      new Option(
        '--min-confidence <level>',
        'the least confidence a security finding needs to show (wins over --persona)',
      ).choices(['high', 'medium', 'low']),
    )
    .option('--quiet', 'no progress on standard error (shown only on a terminal, outside CI, for runs over 2 s)')
    .option('--stdin', 'lint standard input')
    .option('--stdin-filename <name>', 'the path standard input stands for (format detection, config, reports)')
    .option('--no-error-on-unmatched-pattern', 'a named folder with nothing to lint is not an error')
    .option(
      '--ignore-unknown',
      'skip named files of no known format without a warning, as a folder walk does (for pre-commit)',
    )
    .option('--sarif-all-rules', 'SARIF: describe every rule in tool.driver.rules, not only those with results')
    .option(
      '--max-file-size <size>',
      `files larger than this get core/file-too-large and are not parsed, e.g. 40MB (default: ${DEFAULT_MAX_FILE_SIZE_TEXT})`,
    )
    .action(async (paths: string[], options: LintOptions) => {
      // An identical --cache run with nothing changed is printed again before anything else loads.
      const replayed = options.cache ? (await import('./run-record.js')).replayRun(paths, options, io) : undefined;
      if (replayed !== undefined) {
        exitCode = replayed;
        return;
      }
      const { runLint } = await import('./lint-command.js');
      exitCode = await runLint(paths, options, io, io.stdin ?? readProcessStdin);
    });

  program
    .command('graph')
    .description("draw a workflow's state machine or DAG")
    .argument('<file>', 'the unit to draw')
    .addOption(new Option('--format <format>', 'diagram language').choices(['mermaid', 'dot']).default('mermaid'))
    .addOption(new Option('--dialect <dialect>', 'read the file as this dialect').choices(DIALECT_IDS))
    .option('--config <file>', 'default: orchlint.config.{yaml,yml,json} found upward from the file')
    .action(async (file: string, options: { format: 'mermaid' | 'dot'; dialect?: string; config?: string }) => {
      exitCode = (await import('./graph/command.js')).runGraph(file, options, io);
    });

  program
    .command('trace')
    .description('a static dry run: which nodes or states run, in what order, without running anything')
    .argument('<file>', 'a workflow, a stub fixture, a pack or a packet (a folder with --coverage)')
    .option('--stubs <file>', 'Archon: the dry-run stub file (default: each fixture of the package in turn)')
    .option('--arg <name=value>', 'Archon: an input, $INPUTS.name (repeatable; --input is the same)', collect)
    .addOption(new Option('--input <name=value>').hideHelp().argParser(collect))
    .option('--message <text>', 'Archon: the run message, $ARGUMENTS')
    .option('--pause-at-gates', 'Archon: stop at the first approval gate instead of approving it')
    .option('--reject <node>', 'Archon: reject this approval node instead of approving it (repeatable)', collect)
    .option('--follow-workflows', "Archon: run a workflow: node's target with its own fixture instead of failing it")
    .option(
      '--events <list|file>',
      'PromptPack: the events in order, comma-separated, or a file listing them (default: each fixtures/*.events.yaml beside the pack in turn)',
    )
    .option('--only <prompt>', 'Prompt Runner: the prompts selected, by id (repeatable)', collect)
    .option('--from <prompt>', 'Prompt Runner: start the run order at this prompt, as prompt_runner start --from does')
    .option(
      '--through <prompt>',
      'Prompt Runner: end the run order at this prompt, as prompt_runner start --through does',
    )
    .option('--coverage', 'what no fixture exercises, per workflow and pack of a folder (text, json or mermaid)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'mermaid']).default('text'))
    .addOption(new Option('--dialect <dialect>', 'read the file as this dialect').choices(DIALECT_IDS))
    .option('--config <file>', 'default: orchlint.config.{yaml,yml,json} found upward from the file')
    .action(async (file: string, options: TraceOptions & { input?: string[] }) => {
      const { runTrace } = await import('./trace/command.js');
      const arg = [...(options.arg ?? []), ...(options.input ?? [])];
      exitCode = await runTrace(file, { ...options, arg }, io);
    });

  // The packet commands are defined where they run: loaded when the word is on the command line,
  // else listed by name, as the top-level help shows them.
  if (argv.includes('packet'))
    (await import('./packet/command.js')).registerPacketCommands(program, io, (code) => (exitCode = code));
  else program.command('packet').description(PACKET_DESCRIPTION);
  program.addHelpText(
    'after',
    () => `\nLint options (orchlint [lint] [options] [paths...]):\n${lintOptionsHelp(lint)}\n${EXIT_CODES}`,
  );

  program
    .command('merge-reports')
    .description(
      'join the JSON or SARIF reports of the --shard runs into the report of one run; exits as that run would',
    )
    .argument('<files...>', 'the reports of the shards')
    .option('--output <file>', 'write the report to a file instead of standard output')
    .option('--strict', 'warnings count as errors for the exit code')
    .option('--max-warnings <n>', 'exit 1 when there are more than n warnings', parseCount)
    .action(async (files: string[], options: { output?: string; strict?: boolean; maxWarnings?: number }) => {
      const [{ mergeReports }, { writeReport }, { exitCodeFor }] = await Promise.all([
        import('./merge-reports.js'),
        import('./outputs.js'),
        import('./lint-command.js'),
      ]);
      const merged = mergeReports(files);
      writeReport(options.output, merged.text, io.stdout);
      exitCode = exitCodeFor(merged.findings, options, (line) => io.stderr(`orchlint: ${line}\n`));
    });

  program
    .command('rules')
    .description('list every rule with its severity and basis')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: { format: 'text' | 'json' }) => {
      const [{ formatRules }, { ruleInfos }] = await Promise.all([
        import('./rules-listing.js'),
        import('./rule-infos.js'),
      ]);
      io.stdout(formatRules(ruleInfos, options.format));
    });

  program
    .command('mcp')
    .description(
      'an MCP server over stdio for coding agents (tools: lint, fix, explain_rule, list_rules, graph, trace)',
    )
    // Loaded on use: the MCP SDK is no part of a lint run's start-up.
    .action(async () => (await import('./mcp/server.js')).runMcpServer());

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0;
      // A command group run without a subcommand: commander has printed its help already.
      if (error.code === 'commander.help') return 2;
      io.stderr(`orchlint: ${error.message.replace(/^error: /, '')}\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      // A usage error may quote a flag's value or a name from a file: neither drives the terminal.
      io.stderr(`orchlint: ${escapeControls(error.message)}\n`);
      return 2;
    }
    // Loaded on this path alone: a config error is thrown from there, once it is loaded.
    const [{ ConfigError }, { formatStylish }] = await Promise.all([
      import('./config-file.js'),
      import('./formatters/stylish.js'),
    ]);
    if (error instanceof ConfigError) {
      const source = (p: string) => (p === error.source.path ? error.source : undefined);
      io.stderr(
        formatStylish(
          { files: [], diagnostics: error.diagnostics },
          { color: false, source, rules: [], strict: false },
        ),
      );
      io.stderr('orchlint: the configuration file is invalid; fix it, or pass --config to use another\n');
      return 2;
    }
    io.stderr(`orchlint: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.ORCHLINT_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`);
    return 3;
  }
}

const EXIT_CODES = `Exit codes:
  0  no errors (and, with --strict, no warnings)
  1  lint errors, warnings with --strict, or more warnings than --max-warnings
  2  bad usage, a bad config file, or a path that does not exist
  3  internal failure (a bug in orchlint)
`;

/** The lint command's option list as its own help prints it, for the top-level help. */
function lintOptionsHelp(lint: Command): string {
  const help = lint.createHelp();
  const width = help.longestOptionTermLength(lint, help);
  return (
    help
      .visibleOptions(lint)
      .filter((o) => o.long !== '--help')
      .map((o) => `  ${help.optionTerm(o).padEnd(width)}  ${help.optionDescription(o)}`)
      .join('\n') + '\n'
  );
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number');
  return Number(value);
}

function parseConcurrency(value: string): 'auto' | 'off' | number {
  if (value === 'auto' || value === 'off') return value;
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError("expected 'auto', 'off' or a number of threads");
  return Number(value);
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
