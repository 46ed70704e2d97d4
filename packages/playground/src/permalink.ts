import lz from 'lz-string';
import { CONFIG_FILE, isFilePath, type PlaygroundFile, type PlaygroundState } from './state.js';

/** Where the playground is published (.github/workflows/playground.yml, on every release tag). */
export const PLAYGROUND_URL = 'https://orchlint.github.io/orchlint/';

/** A link that opens the published playground (or the one at `base`) with this state. */
export function playgroundLink(state: PlaygroundState, base = PLAYGROUND_URL): string {
  return `${base}#${encodeState(state)}`;
}

/** The hash's first characters name its format, so links made today still open when it changes. */
const FORMAT = '1/';

/** The URL hash (without '#') that carries a state: its JSON, lz-string compressed for a URL. */
export function encodeState(state: PlaygroundState): string {
  const { version, files, config, dialect, active } = state;
  const plain = { v: version, f: files.map((f) => [f.path, f.text]), c: config, d: dialect, a: active };
  return FORMAT + lz.compressToEncodedURIComponent(JSON.stringify(plain));
}

/**
 * The state a hash carries, or a sentence saying why there is none. A hash is text from anyone:
 * it is checked field by field, and the files land in a list (never as object keys).
 */
export function decodeState(hash: string): PlaygroundState | { error: string } {
  const body = hash.replace(/^#/, '');
  if (!body.startsWith(FORMAT))
    return { error: 'the link is not a playground link (or one of a format this page does not know)' };
  let plain: unknown;
  try {
    plain = JSON.parse(lz.decompressFromEncodedURIComponent(body.slice(FORMAT.length)) ?? '');
  } catch {
    return { error: 'the link is damaged: its text does not decompress (was it cut short?)' };
  }
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain))
    return { error: 'the link holds no playground state' };
  const { v, f, c, d, a } = plain as Record<string, unknown>;
  if (
    typeof v !== 'string' ||
    typeof c !== 'string' ||
    typeof d !== 'string' ||
    typeof a !== 'string' ||
    !Array.isArray(f)
  )
    return { error: 'the link holds no playground state' };
  const files: PlaygroundFile[] = [];
  const seen = new Set<string>();
  for (const entry of f) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string')
      return { error: 'the link holds a file that is not a path and a text' };
    const [path, text] = entry as [string, string];
    if (!isFilePath(path) || path === CONFIG_FILE || seen.has(path))
      return { error: `the link holds a file with a path the playground does not take: ${JSON.stringify(path)}` };
    seen.add(path);
    files.push({ path, text });
  }
  return { version: v, files, config: c, dialect: d, active: a };
}
