import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect } from 'vitest';
import { cliBin, distBin, repoRoot } from './paths.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `orchlint` binary as a user would, in `cwd`, with optional standard input. */
export function orchlint(
  args: string[],
  options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {},
): CliResult {
  const r = spawnSync(process.execPath, [cliBin, ...args], {
    cwd: options.cwd,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The modules (repository-relative, or the package's name) a run of the unbundled build loads: the bundle is one module. */
export function loadedBy(args: string[], cwd = repoRoot): string[] {
  const record = path.join(tmpdir(), `orchlint-modules-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    const r = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(path.join(repoRoot, 'test/support/record-modules.mjs')).href, distBin, ...args],
      { cwd, encoding: 'utf8', env: { ...process.env, ORCHLINT_RECORD_MODULES: record } },
    );
    expect(r.status, r.stderr).not.toBe(3);
    return readFileSync(record, 'utf8')
      .split('\n')
      .filter((u) => u.startsWith('file:'))
      .map((u) => {
        const p = path.relative(repoRoot, new URL(u).pathname);
        return /node_modules\/\.pnpm\/[^/]+\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(p)?.[1] ?? p;
      });
  } finally {
    rmSync(record, { force: true });
  }
}

/** The JSON report's fields the CLI tests read. */
export interface JsonReport {
  files: Array<{ path: string; dialect: string }>;
  diagnostics: Array<{
    path: string;
    rule: string;
    severity: string;
    message: string;
    range: { start: { line: number; column: number } };
  }>;
}
export const jsonReport = (stdout: string): JsonReport => JSON.parse(stdout) as JsonReport;

/**
 * Waits out the window in which a path's stamp is not trusted (changed within the last second, see
 * packages/node-cache/src/stamp.ts): a cache reads files by stamp only once they are older.
 */
export const settle = (): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
};

/** tempFiles for a test file: each folder it makes is removed after the file's tests. */
export function tempFolders(): (files: Record<string, string>) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    const dir = tempFiles(files);
    made.push(dir);
    return dir;
  };
}

/** A fresh temporary folder holding the given files (paths relative to it, '/'-separated). */
export function tempFiles(files: Record<string, string>, prefix = 'orchlint-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dir;
}

/** A pack whose terminal state 'done' carries `control: agent` (a fixable warning), in YAML with comments. */
export const terminalAgentPack = `# Support pack: keep this comment
id: support
name: Support
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  triage: { id: triage, name: Triage, version: 1.0.0, system_template: Route the request. }
  done: { id: done, name: Done, version: 1.0.0, system_template: Wrap up. }
workflow:
  version: 2
  entry: triage
  states:
    triage:
      prompt_task: triage
      on_event: { Resolved: done }  # the only way out
    done:
      prompt_task: done
      terminal: true
      control: agent
      # trailing comment stays
`;

/** A pack by content alone (its name claims nothing): its terminal state 'done' carries `control: agent`. */
export const contentDetectedPack = `{
  "$schema": "https://promptpack.org/schema/latest/promptpack.schema.json",
  "id": "support", "name": "Support", "version": "1.0.0",
  "template_engine": { "version": "v1", "syntax": "{{variable}}" },
  "prompts": {
    "triage": { "id": "triage", "name": "Triage", "version": "1.0.0", "system_template": "Route the request." },
    "done": { "id": "done", "name": "Done", "version": "1.0.0", "system_template": "Wrap up." }
  },
  "workflow": { "version": 2, "entry": "triage", "states": {
    "triage": { "prompt_task": "triage", "on_event": { "Resolved": "done" } },
    "done": { "prompt_task": "done", "terminal": true, "control": "agent" }
  } }
}
`;

/** An Archon workflow outside .archon/workflows (known by its content) with a misspelt dependency. */
export const brokenWorkflow = `name: deploy
description: Deploy the change.
nodes:
  - id: build
    prompt: Build it.
  - id: ship
    depends_on: [biuld]
    prompt: Ship it.
`;
