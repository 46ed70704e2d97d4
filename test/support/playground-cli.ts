import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '@orchlint/cli';
import { CONFIG_FILE, type PlaygroundState } from '@orchlint/playground';

/** A finding of the CLI's JSON report (1-based positions). */
export interface CliFinding {
  path: string;
  rule: string;
  severity: string;
  message: string;
  range: { start: { line: number; column: number } };
  fix?: { title: string };
}

/**
 * Runs the CLI (its main(), in this process: no start-up per call) in a fresh folder holding a
 * playground state's files, and its config text as orchlint.config.yaml when there is one.
 */
async function inFolder<T>(state: PlaygroundState, args: string[], after: (dir: string, out: string) => T): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-playground-'));
  for (const f of [...state.files, ...(state.config ? [{ path: CONFIG_FILE, text: state.config }] : [])]) {
    mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    writeFileSync(path.join(dir, f.path), f.text);
  }
  const cwd = process.cwd();
  let out = '';
  process.chdir(dir);
  try {
    await main(args, { stdout: (s) => (out += s), stderr: () => {}, color: false });
    return after(dir, out);
  } finally {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `orchlint --format json .` reports there (with `--dialect` when the state forces one). */
export const cliReport = (state: PlaygroundState): Promise<CliFinding[]> =>
  inFolder(
    state,
    ['--format', 'json', ...(state.dialect ? ['--dialect', state.dialect] : []), '.'],
    (_, out) => JSON.parse(out).diagnostics,
  );

/** A file's text after `orchlint --fix .` there. */
export const cliFixed = (state: PlaygroundState, file: string): Promise<string> =>
  inFolder(state, ['--fix', '--quiet', '.'], (dir) => readFileSync(path.join(dir, file), 'utf8'));

/** What `orchlint graph FILE` prints there. */
export const cliGraph = (state: PlaygroundState, file: string): Promise<string> =>
  inFolder(state, ['graph', file], (_, out) => out);
