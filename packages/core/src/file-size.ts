import { coreFinding } from './core-rules.js';
import type { Diagnostic } from './diagnostic.js';
import type { Source } from './source.js';

/**
 * The largest file orchlint parses by default, in bytes. A file is parsed whole (yaml has no
 * streaming inside one document), and what a run holds grows with the file: about 100 bytes of
 * memory a byte of YAML and 32 a byte of JSON at its peak (test/bench/big-pack.mjs; a 7.9 MB YAML
 * pack peaked at 799 MB), so a YAML file just under this lints in under 1 GiB. `--max-file-size` and the config's `maxFileSize`
 * raise it.
 */
export const DEFAULT_MAX_FILE_SIZE = 8_000_000;

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
};

/** Bytes from a size as a user writes it (`20MB`, `512 KiB`, `1.5GB`, `2000000`); undefined when it is not one. */
export function parseFileSize(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isSafeInteger(text) && text > 0 ? text : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const bytes = Math.round(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** A size for a message: whole bytes below a kilobyte, else kB, MB or GB with at most one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1e3) return `${bytes} bytes`;
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, 'kB'] : bytes < 1e9 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}

/**
 * The UTF-8 size of a text when it is over `limit` bytes, else undefined. Counted only when the
 * text's length cannot settle it: a UTF-16 code unit is one to three bytes.
 */
export function sizeOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      // A surrogate pair is one character of four bytes.
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes > limit ? bytes : undefined;
}

/** The one finding for a file that is not parsed because it is over the size limit. */
export function fileTooLarge(source: Source, bytes: number, limit: number): Diagnostic {
  const raise = Math.ceil(bytes / 1e6);
  return coreFinding(
    source,
    { start: 0, end: 0 },
    'core/file-too-large',
    `the file is ${formatFileSize(bytes)}, over the ${formatFileSize(limit)} orchlint parses, so it was not linted ` +
      `(a file is read whole, and memory grows with its size); to lint it, raise the limit with ` +
      `--max-file-size ${raise}MB or \`maxFileSize: ${raise}MB\` in orchlint.config.yaml`,
  );
}
