import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Host, LintSettings } from '@orchlint/core';
import { UsageError, type Target } from './discover.js';
import { fileHost, type ReadMemo } from './host.js';
import { readRoot, type UnitOutcome } from './lint.js';
import { version } from './version.js';

/** In the working directory, as ESLint's .eslintcache: no extension, so discovery never lints it. */
export const DEFAULT_CACHE_FILE = '.orchlintcache';

/** Every file and folder listing a unit read through its host: content hashes, null for "absent". */
export interface ReadLog {
  files: Record<string, string | null>;
  dirs: Record<string, string | null>;
  /** Each path's stamp (see stampOf) taken before it was read, where one can be trusted: `f:` files, `d:` folders. */
  stamps?: Record<string, string>;
}

interface Entry {
  /** Hash of the resolved settings and the forced dialect. */
  settings: string;
  /** Hash of the main file's text. */
  text: string;
  /** The main file's stamp when its text was read. */
  stamp?: string;
  reads: ReadLog;
  outcome: UnitOutcome;
}

/**
 * A file's or folder's stamp: size, inode, modification and change times in nanoseconds. While it
 * is unchanged the content is taken to be: a write changes the change time, which no tool can set
 * back. A path changed less than RACY_MS before it was stamped gets none (undefined), since a
 * second write within the clock's granularity could leave the stamp as it was; so does a path that
 * cannot be stat'ed.
 */
export function stampOf(p: string, now = Date.now()): string | undefined {
  const s = statSync(p, { bigint: true, throwIfNoEntry: false });
  if (!s || now - Number(s.ctimeMs) < RACY_MS || now - Number(s.mtimeMs) < RACY_MS) return undefined;
  return `${s.size}:${s.ino}:${s.mtimeNs}:${s.ctimeNs}`;
}
const RACY_MS = 1000;

function stampSafely(p: string): string | undefined {
  try {
    return stampOf(p);
  } catch {
    return undefined;
  }
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * What, besides the files, decides a unit's findings: the settings, the forced dialect, and whether
 * the file was named (a named file of no known format is a finding, a named prompt its own unit;
 * walked, neither is).
 */
export function settingsKey(
  settings: LintSettings,
  forced: string | undefined,
  explicit: Target['explicit'] = false,
): string {
  return hashText(JSON.stringify([settings, forced ?? null, explicit]));
}

/** A host that notes what it served, so a cached result can name every input it depended on. */
export function recordingHost(base: Host): { host: Host; log: ReadLog } {
  const log: ReadLog = { files: {}, dirs: {}, stamps: {} };
  const stamp = (key: string, p: string) => {
    const s = stampSafely(p);
    if (s !== undefined) log.stamps![key] = s;
  };
  return {
    log,
    host: {
      // Where a file sits (its Archon project) is the base's to say. Nothing shared between units: each
      // unit's own reads are what its entry depends on.
      ...(base.locate ? { locate: base.locate } : {}),
      readFile(p) {
        stamp(`f:${p}`, p);
        const text = base.readFile(p);
        log.files[p] = text === undefined ? null : hashText(text);
        return text;
      },
      readDir(p) {
        stamp(`d:${p}`, p);
        const names = base.readDir(p);
        log.dirs[p] = names === undefined ? null : hashText([...names].sort().join('\n'));
        return names;
      },
    },
  };
}

/**
 * Lint results keyed by content: a unit's entry holds when orchlint's version, the resolved
 * settings, the main file's text and everything else the unit read (other files of a packet,
 * included files, folder listings) are all unchanged. A file or folder whose stamp is what it was
 * is not read again: only a changed (or missing) stamp costs a read and a content hash.
 */
export class LintCache {
  private readonly entries: Record<string, Entry>;
  private dirty = false;
  /** Entries share dependencies (the workflows of one folder): each file is read and hashed once per run. */
  private readonly reads: ReadMemo = new Map();
  private readonly hashes = new Map<string, string>();
  /** This run's stamps, by `f:`/`d:` path: units of one folder share most of their reads. */
  private readonly stamps = new Map<string, string | undefined>();

  constructor(private readonly file: string) {
    let entries: Record<string, Entry> = {};
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { version?: string; entries?: Record<string, Entry> };
      if (stored.version === version && stored.entries) entries = stored.entries;
    } catch {
      // No cache yet, or an unreadable one: start afresh.
    }
    this.entries = entries;
  }

  /**
   * The stored outcome when it still holds. `text` is the main file's text, or what reads it: it is
   * called only when the file's stamp changed since the entry was stored.
   */
  lookup(target: Target, settings: string, text: string | (() => string | undefined)): UnitOutcome | undefined {
    const entry = this.entries[target.file];
    if (!entry || entry.settings !== settings) return undefined;
    if (typeof text === 'string' || !entry.stamp || entry.stamp !== this.stamp(`f:${target.file}`, target.file)) {
      const now = typeof text === 'string' ? text : text();
      if (now === undefined || entry.text !== hashText(now)) return undefined;
    }
    const stamps = entry.reads.stamps ?? {};
    const same = (key: string, p: string) => stamps[key] !== undefined && stamps[key] === this.stamp(key, p);
    const host = fileHost(readRoot(target), this.reads);
    for (const [p, h] of Object.entries(entry.reads.files)) {
      if (same(`f:${p}`, p)) continue;
      const now = host.readFile(p);
      if ((now === undefined ? null : this.hashOf(now)) !== h) return undefined;
    }
    for (const [p, h] of Object.entries(entry.reads.dirs)) {
      if (same(`d:${p}`, p)) continue;
      const now = host.readDir(p);
      if ((now === undefined ? null : hashText([...now].sort().join('\n'))) !== h) return undefined;
    }
    return entry.outcome;
  }

  /** The stamp of a path for this run (taken once), to note before reading a file that goes in an entry. */
  stamp(key: string, p: string): string | undefined {
    if (!this.stamps.has(key)) this.stamps.set(key, stampSafely(p));
    return this.stamps.get(key);
  }

  /** The memo hands back the same string for a file each time, so its hash is computed once. */
  private hashOf(text: string): string {
    let hash = this.hashes.get(text);
    if (hash === undefined) this.hashes.set(text, (hash = hashText(text)));
    return hash;
  }

  /** `stamp`: the main file's, taken before `text` was read. */
  store(target: Target, settings: string, text: string, outcome: UnitOutcome, reads: ReadLog, stamp?: string): void {
    this.entries[target.file] = { settings, text: hashText(text), ...(stamp ? { stamp } : {}), reads, outcome };
    this.dirty = true;
  }

  save(): void {
    if (!this.dirty) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(temp, JSON.stringify({ version, entries: this.entries }));
      renameSync(temp, this.file);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new UsageError(
        `cannot write the cache file ${this.file}: ${(error as Error).message}; choose another with --cache-location`,
      );
    }
  }
}
