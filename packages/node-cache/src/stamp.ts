import { readFileSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A module of its own, with no dependency but node:fs, node:path and node:url: a cached CLI run checks its
// files' stamps before it loads anything else (packages/cli/src/run-record.ts).

/**
 * A file's or folder's stamp: size, inode, modification and change times in nanoseconds. While it
 * is unchanged the content is taken to be: a write changes the change time, which no tool can set
 * back. A path changed less than RACY_MS before it was stamped gets none (undefined), since a
 * second write within the clock's granularity could leave the stamp as it was; so does a path that
 * cannot be stat'ed.
 */
export function stampOf(p: string, now = Date.now()): string | undefined {
  const s = statSync(p, { bigint: true, throwIfNoEntry: false });
  return s && stampFrom(s, now);
}
const RACY_MS = 1000;

function stampFrom(s: BigIntStats, now: number): string | undefined {
  if (now - Number(s.ctimeMs) < RACY_MS || now - Number(s.mtimeMs) < RACY_MS) return undefined;
  return `${s.size}:${s.ino}:${s.mtimeNs}:${s.ctimeNs}`;
}

export function stampSafely(p: string): string | undefined {
  try {
    return stampOf(p);
  } catch {
    return undefined;
  }
}

/**
 * A path's stamp for a record of inputs: its stamp, null when nothing is there, undefined when it is
 * there but its stamp cannot be trusted (changed within the last second) or read.
 */
export function presence(p: string, now = Date.now()): string | null | undefined {
  try {
    const s = statSync(p, { bigint: true, throwIfNoEntry: false });
    return s ? stampFrom(s, now) : null;
  } catch {
    return undefined;
  }
}

/**
 * The file beside a bundle's modules that holds the digest of their content (scripts/bundle-digest.mjs
 * writes it when it bundles).
 */
export const BUILD_DIGEST_FILE = 'build-digest';

/**
 * A build of orchlint, for what a cache file holds: its version and the digest of the bundle the
 * module `moduleUrl` names (the caller's own) belongs to. A rebuilt orchlint of the same version,
 * whose rules may report otherwise, neither replays nor reuses what another build stored; the same
 * bundle built again (the GitHub Action's `npm install` in each job) keeps its id, so a cache
 * restored from an earlier job holds. Outside a bundle (a development build's `dist/`, the VS Code
 * extension's server): the stamps of the module file and of the `tsconfig.tsbuildinfo` beside it,
 * which `tsc -b` rewrites whenever a package the module's depends on is emitted again (a rule's
 * edit emits the rules package, not this module).
 */
export function buildIdOf(version: string, moduleUrl: string): string {
  const file = fileURLToPath(moduleUrl);
  const beside = (name: string) => path.join(path.dirname(file), name);
  let digest: string | undefined;
  try {
    digest = readFileSync(beside(BUILD_DIGEST_FILE), 'utf8').trim();
  } catch {
    // Not a bundle: the stamps below.
  }
  if (digest && /^[0-9a-f]{64}$/.test(digest)) return `${version}:${digest}`;
  const stamps = [file, beside('tsconfig.tsbuildinfo')].map((p) => {
    const s = statSync(p, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.ino}:${s.ctimeNs}` : '-';
  });
  return `${version}:${stamps.join(':')}`;
}
