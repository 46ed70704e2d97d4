import { readdirSync } from 'node:fs';
import { ALWAYS_SKIPPED, CANDIDATE } from '@orchlint/core';
import { systemClock, type Clock } from './clock.js';

/** A workspace this large is scanned only this far; open files are always linted. */
export const MAX_SCANNED_FILES = 10_000;

/**
 * Visits every file of a folder a dialect might claim, in small slices so the server keeps
 * answering the editor meanwhile. Returns when done, or when `cancelled()` says so.
 */
export async function scanFolder(
  root: string,
  visit: (path: string) => void,
  cancelled: () => boolean,
  clock: Clock = systemClock,
): Promise<void> {
  const stack = [root];
  let count = 0;
  while (stack.length && count < MAX_SCANNED_FILES) {
    if (cancelled()) return;
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
        visit(full);
        if (++count >= MAX_SCANNED_FILES) return;
      }
    }
    await clock.nextTurn();
  }
}
