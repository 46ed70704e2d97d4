import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBin } from './paths.js';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `orchlint` binary as a user would, in its own process. Asynchronous, so the test
 * runner's timeout still governs a run that hangs; the child is killed shortly after that anyway.
 */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; killAfterMs?: number; nodeOptions?: readonly string[] } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.ORCHLINT_DEBUG;
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), cliBin, ...args], {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.killAfterMs ?? 60_000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

/** A fresh folder under the system temp dir; remove it with removeDir. */
export function makeTempDir(prefix = 'orchlint-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes files (relative '/' paths → text or bytes) under root, creating folders as needed. */
export function writeTree(root: string, files: Readonly<Record<string, string | Uint8Array>>): void {
  for (const [rel, content] of Object.entries(files)) {
    const full = path.join(root, ...rel.split('/'));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** 1-based line of the first line of text that contains needle (throws when none does: a broken test). */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((l) => l.includes(needle));
  if (index === -1) throw new Error(`no line contains ${JSON.stringify(needle)}`);
  return index + 1;
}

/** 1-based column of needle on its first line. */
export function columnOf(text: string, needle: string): number {
  const line = text.split('\n')[lineOf(text, needle) - 1]!;
  return line.indexOf(needle) + 1;
}
