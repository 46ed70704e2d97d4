import path from 'node:path';
import { hasShared, sharedDir } from './paths.js';

declare module 'vitest' {
  interface TaskMeta {
    /** Why a group of tests did not run on this machine: the run's closing line names it (run-summary.ts). */
    skipped?: { group: string; why: string };
  }
}

/**
 * Options for a `describe` or `it` that needs a tool or file this machine may lack: when `missing`
 * says what is missing, the group is skipped and named, with the reason, at the end of the run.
 */
export function needs(
  group: string,
  missing: string | false | undefined,
): { skip?: true; meta?: { skipped: { group: string; why: string } } } {
  return missing ? { skip: true, meta: { skipped: { group, why: missing } } } : {};
}

/** For tests that read the upstream corpus beside the checkout (`../shared`). */
export const needsCorpus = needs('Upstream corpus', !hasShared && `${path.join(sharedDir, 'corpus')} does not exist`);

/** For a rule's doc and fixture tests (`checkable(rule)`): the ShellCheck rules need shellcheck (CI installs it). */
export const needsShellCheck = (checkable: boolean) =>
  needs('ShellCheck rules', !checkable && 'shellcheck is not on PATH (apt-get install shellcheck)');
