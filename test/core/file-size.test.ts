// The size policy: a file over the limit gets one core/file-too-large finding and is not parsed,
// whichever host lints it; the limit is a size as users write it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_FILE_SIZE,
  defaultSettings,
  formatFileSize,
  lintUnit,
  memoryHost,
  parseFileSize,
  sizeOver,
  Source,
} from '@orchlint/core';
import { dialectById, rules } from '@orchlint/rules';

const PACK = 'id: p\nname: P\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: "{{x}}"}\nprompts: {}\n';

function lint(files: Record<string, string>, dialect: string, maxFileSize?: number) {
  const main = Object.keys(files)[0]!;
  const settings = maxFileSize === undefined ? defaultSettings : { ...defaultSettings, maxFileSize };
  return lintUnit(new Source(main, files[main]!), dialectById(dialect)!, rules, memoryHost(files), settings);
}

describe('parseFileSize', () => {
  it('reads bytes, decimal and binary units, in any case, with or without a space', () => {
    expect(parseFileSize('20MB')).toBe(20_000_000);
    expect(parseFileSize('20 mb')).toBe(20_000_000);
    expect(parseFileSize('1.5GB')).toBe(1_500_000_000);
    expect(parseFileSize('64MiB')).toBe(64 * 2 ** 20);
    expect(parseFileSize('512kib')).toBe(512 * 1024);
    expect(parseFileSize('300KB')).toBe(300_000);
    expect(parseFileSize('2000000')).toBe(2_000_000);
    expect(parseFileSize('10B')).toBe(10);
    expect(parseFileSize(4096)).toBe(4096);
  });

  it('refuses what is no size: nothing, zero, negative, fractions of a byte, other units, words', () => {
    for (const bad of ['', '0', '0MB', '-5MB', '0.1B', '20TB', '20 M B', 'big', 'MB', '1e6', '20MBs'])
      expect(parseFileSize(bad), bad).toBeUndefined();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(parseFileSize(bad)).toBeUndefined();
  });
});

describe('sizeOver', () => {
  it("counts a text's UTF-8 bytes exactly, surrogate pairs and lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(200), (text, limit) => {
        const bytes = new TextEncoder().encode(text).length;
        expect(sizeOver(text, limit)).toBe(bytes > limit ? bytes : undefined);
      }),
      { numRuns: 200 },
    );
    expect(sizeOver('💥', 3)).toBe(4);
    expect(sizeOver('\uD800x', 3)).toBe(4);
  });
});

describe('a file over the size limit', () => {
  it('gets one core/file-too-large with its size, the limit and how to raise it, and is not parsed', () => {
    const broken = `${PACK}bad: [unclosed\n`;
    const result = lint({ 'p.promptpack.yaml': broken }, 'promptpack', 50);
    expect(result.model).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.rule, d.severity, d.range.start])).toEqual([
      ['core/file-too-large', 'error', { line: 0, character: 0 }],
    ]);
    const message = result.diagnostics[0]!.message;
    expect(message).toContain(`the file is ${broken.length} bytes, over the 50 bytes orchlint parses`);
    expect(message).toContain('--max-file-size 1MB');
    expect(message).toContain('maxFileSize: 1MB');
  });

  it('is linted when the limit is raised, and the default limit is the documented one', () => {
    const result = lint({ 'p.promptpack.yaml': PACK }, 'promptpack', PACK.length);
    expect(result.diagnostics.map((d) => d.rule)).not.toContain('core/file-too-large');
    expect(result.model).toBeDefined();
    expect(formatFileSize(DEFAULT_MAX_FILE_SIZE)).toBe('8 MB');
  });

  it('measures bytes, not characters: a text of few characters but many bytes is over', () => {
    const text = `${PACK}note: ${'é'.repeat(40)}\n`;
    expect(lint({ 'p.promptpack.yaml': text }, 'promptpack', text.length + 10).diagnostics.map((d) => d.rule)).toEqual([
      'core/file-too-large',
    ]);
  });

  it('as the member of another unit (an include target), reads as absent: it is not parsed there either', () => {
    const small = 'name: a\ndescription: d\nnodes:\n  - id: x\n    include: b\n';
    const big = `name: b\ndescription: d\nnodes:\n${Array.from({ length: 50 }, (_, i) => `  - id: n${i}\n    prompt: p\n`).join('')}`;
    const files = { '.archon/workflows/a.yaml': small, '.archon/workflows/b.yaml': big };
    const limit = small.length + 10;
    const includer = lint(files, 'archon', limit);
    expect(includer.sources.map((s) => s.path)).toEqual(['.archon/workflows/a.yaml']);
    const [bPath] = Object.keys(files).slice(1);
    const own = lint({ [bPath!]: big, '.archon/workflows/a.yaml': small }, 'archon', limit);
    expect(own.diagnostics.map((d) => d.rule)).toEqual(['core/file-too-large']);
  });

  it('takes the configured severity, or none when it is turned off', () => {
    const settings = { ...defaultSettings, maxFileSize: 10, rules: { 'core/file-too-large': 'warning' as const } };
    const source = new Source('p.promptpack.yaml', PACK);
    const dialect = dialectById('promptpack')!;
    const host = memoryHost({ 'p.promptpack.yaml': PACK });
    expect(lintUnit(source, dialect, rules, host, settings).diagnostics.map((d) => d.severity)).toEqual(['warning']);
    const off = { ...settings, rules: { 'core/file-too-large': 'off' as const } };
    expect(lintUnit(source, dialect, rules, host, off).diagnostics).toEqual([]);
  });
});
