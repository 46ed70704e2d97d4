import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `../shared` beside the checkout: the upstream corpus and third-party schemas, read in place. */
export const sharedDir = path.resolve(repoRoot, '../shared');
export const hasShared = existsSync(path.join(sharedDir, 'corpus'));
/**
 * The orchlint the tests run as a user would: the bundle npm installs (bundle/bin.js, made by
 * `pnpm build`), which also starts in half the CPU time of the unbundled build's hundreds of modules.
 */
export const cliBin = path.join(repoRoot, 'bundle/bin.js');
/** The unbundled build (packages/cli/dist/bin.js), for a test about which of its modules a run loads. */
export const distBin = path.join(repoRoot, 'packages/cli/dist/bin.js');
