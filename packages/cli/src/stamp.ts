import { buildIdOf } from '@orchlint/node-cache/stamp';
import { version } from './version.js';

// A module of its own, with no dependency but the stamps and the version: a cached run checks its
// files' stamps before it loads anything else (run-record.ts).

/**
 * This build of orchlint, for what a cache file holds: its version and its bundle's digest, or
 * outside a bundle the stamps of this module's build (see buildIdOf).
 */
export function buildId(): string {
  build ??= buildIdOf(version, import.meta.url);
  return build;
}
let build: string | undefined;
