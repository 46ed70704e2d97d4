import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `../shared` beside the checkout: the upstream corpus and third-party schemas, read in place. */
export const sharedDir = path.resolve(repoRoot, '../shared');
export const hasShared = existsSync(path.join(sharedDir, 'corpus'));
export const cliBin = path.join(repoRoot, 'packages/cli/dist/bin.js');
