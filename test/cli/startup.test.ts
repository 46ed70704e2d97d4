import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unsealed } from '@orchlint/node-cache';
import { dialects } from '@orchlint/rules';
import { DEFAULT_MAX_FILE_SIZE, parseFileSize } from '@orchlint/core';
import {
  DEFAULT_CACHE_FILE,
  DEFAULT_MAX_FILE_SIZE_TEXT,
  DIALECT_IDS,
  FORMAT_NAMES,
} from '../../packages/cli/dist/choices.js';
import { formatters } from '../../packages/cli/dist/formatters/index.js';
import { loadedBy, orchlint, tempFiles } from '../support/orchlint-bin.js';

describe('start-up', () => {
  it('--version, --help and a bad flag load commander and the command line alone, no dialect, rule or schema', () => {
    for (const args of [['--version'], ['--help'], ['--no-such-flag']]) {
      const loaded = loadedBy(args);
      expect(loaded).toContain('commander');
      expect(loaded.filter((m) => /^(rules|packages\/(core|archon|promptpack|prompt-runner))\//.test(m))).toEqual([]);
      expect(loaded.filter((m) => /^(yaml|ajv|ajv-formats|graphology)$/.test(m))).toEqual([]);
    }
  });

  it('the lists the help names are those of the registries they stand for', () => {
    expect(DIALECT_IDS).toEqual(dialects.map((d) => d.id));
    expect(FORMAT_NAMES).toEqual(Object.keys(formatters));
    expect(DEFAULT_CACHE_FILE).toBe('.orchlintcache');
    expect(parseFileSize(DEFAULT_MAX_FILE_SIZE_TEXT)).toBe(DEFAULT_MAX_FILE_SIZE);
  });
});

describe('--cache in one folder of workflows', () => {
  it('keeps the reads of the project model the units share once, not once per unit, and reports as a run without it', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++)
      files[`.archon/workflows/w${i}.yaml`] =
        `name: w${i}\ndescription: Step ${i}.\nnodes:\n  - id: run\n    bash: ./run.sh\n` +
        (i === 11 ? '  - id: again\n    include: w3\n' : '');
    const dir = tempFiles(files);
    const plain = orchlint(['--format', 'json', '.'], { cwd: dir });
    const cold = orchlint(['--cache', '--format', 'json', '.'], { cwd: dir });
    const warm = orchlint(['--cache', '--format', 'json', '.'], { cwd: dir });
    expect(cold.stdout).toBe(plain.stdout);
    expect(warm.stdout).toBe(plain.stdout);
    // Every file a hit: not one rule is loaded (the dialects are, to place the files).
    // The unbundled build is another build, with entries of its own: stored by a run of another
    // format, so that this one finds no run record to replay.
    loadedBy(['--cache', '--format', 'compact', '.'], dir);
    const loaded = loadedBy(['--cache', '--format', 'json', '.'], dir);
    expect(loaded).toContain('rules/dist/dialects.js');
    expect(loaded.filter((m) => /^rules\/dist\/(archon|promptpack|prompt-runner)\//.test(m))).toEqual([]);
    expect(loadedBy(['--format', 'json', '.'], dir)).toContain('rules/dist/archon/index.js');
    type Log = { files: Record<string, string | null> };
    // The entries are the cache file's second line (its first holds the run records).
    const cache = unsealed(readFileSync(path.join(dir, DEFAULT_CACHE_FILE), 'utf8').split('\n')[1]!) as {
      shared: Record<string, Log>;
      entries: Record<string, { reads: Log & { shared: string[] } }>;
    };
    const entries = Object.values(cache.entries);
    expect(entries).toHaveLength(12);
    // Every unit read w5 through the project model: it is in the one shared log every entry names, and in no entry's own.
    const [id, ...more] = Object.keys(cache.shared);
    expect(more).toEqual([]);
    expect(Object.keys(cache.shared[id!]!.files).filter((p) => p.endsWith('/w5.yaml'))).toHaveLength(1);
    expect(entries.every((e) => e.reads.shared.includes(id!))).toBe(true);
    expect(entries.filter((e) => Object.keys(e.reads.files).some((p) => p.endsWith('/w5.yaml')))).toEqual([]);
  });
});
