import { statSync, type BigIntStats } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { version } from './version.js';

// A module of its own, with no dependency but node:fs, node:url and the version: a cached run checks
// its files' stamps before it loads anything else (run-record.ts).

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
 * A path's stamp for a run record: its stamp, null when nothing is there, undefined when it is there
 * but its stamp cannot be trusted (changed within the last second) or read.
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
 * This build of orchlint, for what a cache file holds: its version and the stamp of the file this
 * module was loaded from. A build writes that file anew (the bundle's folder is made afresh), so a
 * rebuilt orchlint of the same version, whose rules may report otherwise, neither replays nor
 * reuses what another build stored.
 */
export function buildId(): string {
  if (build === undefined) {
    const s = statSync(fileURLToPath(import.meta.url), { bigint: true, throwIfNoEntry: false });
    build = s ? `${version}:${s.ino}:${s.ctimeNs}` : version;
  }
  return build;
}
let build: string | undefined;
