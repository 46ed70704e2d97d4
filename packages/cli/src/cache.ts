import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Host, LintSettings } from '@orchlint/core';
import { UsageError, type Target } from './discover.js';
import { fileHost, type ReadMemo } from './host.js';
import { readRoot, type UnitOutcome } from './lint.js';
import { version } from './version.js';

export const DEFAULT_CACHE_FILE = 'node_modules/.cache/orchlint/lint-cache.json';

/** Every file and folder listing a unit read through its host: content hashes, null for "absent". */
export interface ReadLog {
  files: Record<string, string | null>;
  dirs: Record<string, string | null>;
}

interface Entry {
  /** Hash of the resolved settings and the forced dialect. */
  settings: string;
  /** Hash of the main file's text. */
  text: string;
  reads: ReadLog;
  outcome: UnitOutcome;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function settingsKey(settings: LintSettings, forced: string | undefined): string {
  return hashText(JSON.stringify([settings, forced ?? null]));
}

/** A host that notes what it served, so a cached result can name every input it depended on. */
export function recordingHost(base: Host): { host: Host; log: ReadLog } {
  const log: ReadLog = { files: {}, dirs: {} };
  return {
    log,
    host: {
      readFile(p) {
        const text = base.readFile(p);
        log.files[p] = text === undefined ? null : hashText(text);
        return text;
      },
      readDir(p) {
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
 * included files, folder listings) are all unchanged.
 */
export class LintCache {
  private readonly entries: Record<string, Entry>;
  private dirty = false;
  /** Entries share dependencies (the workflows of one folder): each file is read and hashed once per run. */
  private readonly reads: ReadMemo = new Map();
  private readonly hashes = new Map<string, string>();

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

  lookup(target: Target, settings: string, text: string): UnitOutcome | undefined {
    const entry = this.entries[target.file];
    if (!entry || entry.settings !== settings || entry.text !== hashText(text)) return undefined;
    const host = fileHost(readRoot(target), this.reads);
    for (const [p, h] of Object.entries(entry.reads.files)) {
      const now = host.readFile(p);
      if ((now === undefined ? null : this.hashOf(now)) !== h) return undefined;
    }
    for (const [p, h] of Object.entries(entry.reads.dirs)) {
      const now = host.readDir(p);
      if ((now === undefined ? null : hashText([...now].sort().join('\n'))) !== h) return undefined;
    }
    return entry.outcome;
  }

  /** The memo hands back the same string for a file each time, so its hash is computed once. */
  private hashOf(text: string): string {
    let hash = this.hashes.get(text);
    if (hash === undefined) this.hashes.set(text, (hash = hashText(text)));
    return hash;
  }

  store(target: Target, settings: string, text: string, outcome: UnitOutcome, reads: ReadLog): void {
    this.entries[target.file] = { settings, text: hashText(text), reads, outcome };
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
      throw new UsageError(`cannot write the cache file ${this.file}: ${(error as Error).message}; choose another with --cache-location`);
    }
  }
}
