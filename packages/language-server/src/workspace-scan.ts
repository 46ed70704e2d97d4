import { readdirSync } from 'node:fs';
import { ALWAYS_SKIPPED, CANDIDATE } from '@orchlint/core';
import { systemClock, type Clock } from './clock.js';

/** A workspace this large is scanned only this far; open files are always linted. */
export const MAX_SCANNED_FILES = 10_000;

/**
 * Every file of a folder a dialect might claim (at most MAX_SCANNED_FILES), listed a folder a turn
 * so the server keeps answering the editor meanwhile: the scan counts them first, to say how far it
 * has got. Stops early, with what it found, when `cancelled()` says so.
 */
export async function listCandidates(
  root: string,
  cancelled: () => boolean,
  clock: Clock = systemClock,
): Promise<string[]> {
  const stack = [root];
  const found: string[] = [];
  while (stack.length) {
    if (cancelled()) return found;
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const entry of entries) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const full = `${dir}/${entry.name}`;
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile() && CANDIDATE.test(entry.name)) {
        found.push(full);
        if (found.length >= MAX_SCANNED_FILES) return found;
      }
    }
    await clock.nextTurn();
  }
  return found;
}
