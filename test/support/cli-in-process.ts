import { main } from '@orchlint/cli';
import type { CliResult } from './orchlint-bin.js';
import { repoRoot } from './paths.js';

/**
 * The CLI's `main` in this process (the built packages), run from `cwd`: what a run reports, without
 * a Node process of its own to start (about 0.3 s of CPU each). The binary's own behaviour (its exit
 * status, standard streams, pipes) stays with the tests that spawn it.
 */
export async function orchlintInProcess(args: string[], options: { cwd?: string } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const before = process.cwd();
  process.chdir(options.cwd ?? repoRoot);
  try {
    const code = await main(args, {
      stdout: (s) => void (stdout += s),
      stderr: (s) => void (stderr += s),
      color: false,
    });
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
  }
}
