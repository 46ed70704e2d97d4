import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '@orchlint/cli';
import type { DryRunResult } from '@orchlint/archon';

/*
 * Archon 0.9's own dry run as the judge of `orchlint trace`. ORCHLINT_ARCHON_SRC names a checkout of
 * the snapshot orchlint targets (commit 3d9af974b, package version 0.9.0; not the older v0.9.0 tag)
 * that runs under bun (its dependencies installed); nothing of it is part of this repository. Each case is a project on disk: the oracle runs
 * `archon workflow run NAME --dry-run --stubs F --json` in it, orchlint runs `trace FILE --stubs F`.
 */

export const archonSrc = process.env.ORCHLINT_ARCHON_SRC;
const archonCli = archonSrc ? path.join(archonSrc, 'packages/cli/src/cli.ts') : undefined;

/** Why the oracle cannot run here, or undefined when it can. */
export function oracleMissing(): string | undefined {
  if (!archonSrc) return 'ORCHLINT_ARCHON_SRC is not set (an Archon 0.9 checkout that runs under bun)';
  if (!archonCli || !existsSync(archonCli)) return `${archonSrc} has no packages/cli/src/cli.ts`;
  if (!existsSync(path.join(archonSrc, 'node_modules')))
    return `${archonSrc} has no node_modules (its dependencies are not installed)`;
  // The v0.9.0 tag carries the same package version and another dry run: judge by the snapshot only.
  const dryRun = path.join(archonSrc, 'packages/workflows/src/dry-run.ts');
  if (!existsSync(dryRun) || !readFileSync(dryRun, 'utf8').includes('function loopIterationCompletes'))
    return `${archonSrc} is not the snapshot orchlint targets (commit 3d9af974b): its dry run predates until_bash and until_field`;
  const bun = spawnSync('bun', ['--version'], { encoding: 'utf8' });
  if (bun.status !== 0) return 'bun is not on PATH';
  return undefined;
}

export interface OracleCase {
  /** How the case is named in reports. */
  name: string;
  /** Project files, by project-relative path. */
  files: Record<string, string>;
  /** The workflow's file and its `name:`. */
  workflowFile: string;
  workflowName: string;
  /** The stub file (project-relative), written among `files`. */
  stubsFile: string;
  /** Stop at the first approval gate (`--pause-at-gates`). */
  pauseAtGates?: boolean;
  /** Input values the caller supplies (`--input name=value`), over the declared defaults. */
  inputs?: Record<string, string>;
}

export function writeCase(c: OracleCase): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchlint-oracle-'));
  for (const [rel, text] of Object.entries(c.files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dir;
}

export type OracleAnswer = { result: DryRunResult } | { error: string };

/**
 * The calls `archon workflow run NAME --dry-run --stubs F --json` makes (commands/workflow.ts):
 * discovery with the project's config, the workflow of that name, the stub file
 * loaded and the dry run, one JSON line per case, in one bun process (a process per case costs
 * seconds each). It imports the checkout by absolute path and is written to a temporary folder.
 */
const driver = (src: string) => `
import { loadConfig } from '${src}/packages/core/src/index.ts';
import { setLogLevel } from '${src}/packages/paths/src/index.ts';
import { discoverWorkflowsWithConfig } from '${src}/packages/workflows/src/workflow-discovery.ts';
import { dryRunWorkflow, loadDryRunStubs } from '${src}/packages/workflows/src/dry-run.ts';
import { join } from 'node:path';
setLogLevel('silent');
const cases = JSON.parse(await Bun.file(process.argv[2]).text());
for (const c of cases) {
  let line;
  try {
    const { workflows, errors } = await discoverWorkflowsWithConfig(c.dir, loadConfig);
    // By exact name: the router's fuzzy match would take a bundled workflow for one that failed to load.
    const workflow = workflows.map((w) => w.workflow).find((w) => w.name === c.workflowName);
    if (!workflow) {
      const e = errors.find((e) => e.filename.replace(/\\.ya?ml$/, '') === c.workflowName);
      throw new Error(e ? 'failed to load: ' + e.error : 'not found: ' + errors.map((e) => e.error).join('; '));
    }
    const stubs = await loadDryRunStubs(join(c.dir, c.stubsFile));
    const result = await dryRunWorkflow({ workflow, userMessage: '', cwd: c.dir, stubs, pauseAtGates: c.pauseAtGates, inputs: c.inputs });
    line = { result };
  } catch (error) {
    line = { error: String(error?.message ?? error).split('\\n')[0] };
  }
  process.stdout.write(JSON.stringify(line) + '\\n');
}
`;

/** Archon's dry runs of the cases (each written to its folder), in one process, in order. */
export function archonDryRuns(cases: ReadonlyArray<{ c: OracleCase; dir: string }>): Promise<OracleAnswer[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'orchlint-oracle-driver-'));
  const script = path.join(work, 'driver.ts');
  const list = path.join(work, 'cases.json');
  writeFileSync(script, driver(archonSrc!));
  writeFileSync(
    list,
    JSON.stringify(
      cases.map(({ c, dir }) => ({
        dir,
        workflowName: c.workflowName,
        stubsFile: c.stubsFile,
        pauseAtGates: c.pauseAtGates === true,
        ...(c.inputs ? { inputs: c.inputs } : {}),
      })),
    ),
  );
  return new Promise((resolve, reject) => {
    // HOME points at the driver's folder so that no user-level workflow, command or config takes part.
    const child = spawn('bun', [script, list], {
      cwd: work,
      env: { ...process.env, HOME: work, NO_COLOR: '1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', () => {
      rmSync(work, { recursive: true, force: true });
      const lines = Buffer.concat(out)
        .toString('utf8')
        .split('\n')
        .filter((l) => l.startsWith('{"result"') || l.startsWith('{"error"'));
      if (lines.length !== cases.length)
        reject(
          new Error(
            `the Archon driver answered ${lines.length} of ${cases.length}: ${Buffer.concat(err).toString('utf8').slice(-500)}`,
          ),
        );
      else resolve(lines.map((l) => JSON.parse(l) as OracleAnswer));
    });
  });
}

/** `orchlint trace --format json` on the case, in this process. */
export async function orchlintDryRun(c: OracleCase, dir: string): Promise<OracleAnswer> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (s: string) => (stdout += s), stderr: (s: string) => (stderr += s), color: false };
  const code = await main(
    [
      'trace',
      path.join(dir, c.workflowFile),
      '--stubs',
      path.join(dir, c.stubsFile),
      '--format',
      'json',
      ...(c.pauseAtGates ? ['--pause-at-gates'] : []),
      ...Object.entries(c.inputs ?? {}).flatMap(([k, v]) => ['--input', `${k}=${v}`]),
    ],
    io,
  );
  if (code > 1 || !stdout.trim()) return { error: stderr.trim() || `exit ${code}` };
  return { result: JSON.parse(stdout) as DryRunResult };
}

/** What must agree: the outcome, each entry's node, state, iteration, reason (but for a failure's wording) and output, the summary, the stub lists. */
export function comparable(result: DryRunResult) {
  return {
    outcome: result.outcome,
    trace: result.trace.map((e) => ({
      nodeId: e.nodeId,
      nodeType: e.nodeType,
      state: e.state,
      ...(e.iteration ? { iteration: e.iteration } : {}),
      reason: e.state === 'failed' ? failureKind(e.reason ?? '') : e.reason,
      output: e.output,
    })),
    summary: result.summary,
    missingStubs: result.missingStubs,
    unusedStubs: result.unusedStubs,
  };
}

/** Failures compared by kind: orchlint words a reference error in its own way. */
function failureKind(reason: string): string {
  if (reason.startsWith('Missing reachable stub')) return reason;
  if (/^Loop (group )?exceeded max iterations/.test(reason)) return reason;
  if (reason.startsWith('Loop group body failed')) return reason;
  if (reason.startsWith('Dry-run does not execute')) return reason.replace(/ \(orchlint.*\)$/, '');
  return 'failed';
}
