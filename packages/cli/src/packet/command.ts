import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { Source, type IgnoreEntries } from '@orchlint/core';
import {
  isModelledRelease,
  MANIFEST,
  manifestLoadError,
  promptRunnerTarget,
  readMarkdown,
} from '@orchlint/prompt-runner';
import { PACKET_DESCRIPTION } from '../choices.js';
import { ConfigResolver } from '../config-file.js';
import { toPosix, UsageError } from '../discover.js';
import { fileHost } from '../host.js';
import type { Io } from '../io.js';
import { ruleInfos } from '../rule-infos.js';
import { lintPacket } from './findings.js';
import { formatHuman, formatJson } from './format.js';

/**
 * `orchlint packet lint [DIR] [--strict] [--json]`: a drop-in for `prompt_runner packet lint`. Like
 * it, unknown flags and extra arguments are ignored, and the exit code is 1 unless `pass?`.
 */
export function registerPacketCommands(program: Command, io: Io, exit: (code: number) => void): void {
  const packet = program.command('packet').description(PACKET_DESCRIPTION);
  packet
    .command('lint')
    .description(
      "lint a Prompt Runner packet directory as `prompt_runner packet lint` does, plus orchlint's own checks",
    )
    .argument('[dir]', 'the packet directory (holding prompt_runner_packet.md)', '.')
    .option('--strict', 'promote every finding to an error')
    .option('--json', 'print the report as JSON')
    .option('--target-version <version>', 'lint against this Prompt Runner release (default 0.12.1)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action((dir: string, options: { strict?: boolean; json?: boolean; targetVersion?: string }) => {
      if (options.targetVersion !== undefined && !isModelledRelease(options.targetVersion)) {
        throw new UsageError(
          `--target-version ${options.targetVersion} is not a Prompt Runner release orchlint models; it knows ${promptRunnerTarget.versions.join(', ')}`,
        );
      }
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`no such packet directory: ${dir}`);
      const manifestPath = path.join(dir, MANIFEST);
      // A folder that is no packet is a usage error (exit 2, orchlint's contract), where Prompt Runner exits 1.
      if (!existsSync(manifestPath))
        throw new UsageError(`${dir} has no ${MANIFEST}; pass the packet directory, the folder that holds ${MANIFEST}`);
      const manifest = new Source(toPosix(manifestPath), readFileSync(manifestPath, 'utf8'));
      // Like the runner: a manifest that does not load is one ERROR line and exit 1, with no report.
      const loadError = manifestLoadError(readMarkdown(manifest));
      if (loadError !== undefined) {
        io.stdout((io.color ? `\x1b[31m${loadError}\x1b[0m` : loadError) + '\n');
        exit(1);
        return;
      }
      const ignores = configIgnores(manifest.path);
      const report = lintPacket(manifest, fileHost(dir), path.resolve(dir), {
        strict: options.strict === true,
        ...(options.targetVersion ? { version: options.targetVersion } : {}),
        ...(ignores ? { ignores } : {}),
      });
      io.stdout(options.json ? formatJson(report) : formatHuman(report, io.color));
      exit(report['pass?'] ? 0 : 1);
    });
}

/**
 * The nearest config file's entries that silence rules at paths, as `orchlint lint` applies them:
 * where the drop-in departs from the runner, so that an entry that silences a finding in
 * `orchlint .` silences it in the pre-commit hook too. Its severities and targets do not apply
 * (the runner's severities stay; `--target-version` picks the release). An entry that silences
 * nothing is reported on the packet file's line, as the editor reports it.
 */
function configIgnores(manifest: string): IgnoreEntries | undefined {
  const ignores = new ConfigResolver(ruleInfos.map((r) => r.id)).resolve(manifest).settings.ignores;
  return ignores && { ...ignores, entries: ignores.entries.map(({ at: _at, ...entry }) => entry) };
}
