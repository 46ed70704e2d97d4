import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Vitest's global setup: the run's temporary files go under one folder of their own (TMPDIR, which
 * os.tmpdir() reads and every worker and spawned CLI inherits), removed when the run ends, so a run
 * leaves nothing behind in /tmp however its tests clean up. The first project to start makes it.
 */
export default function setup(): (() => void) | undefined {
  if (process.env.ORCHLINT_TEST_TMP) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), 'orchlint-test-run-'));
  process.env.ORCHLINT_TEST_TMP = root;
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
