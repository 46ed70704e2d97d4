import { setFlagsFromString } from 'node:v8';

/** A text this long (a file of a few megabytes) makes a run hold hundreds of megabytes of nodes and model at once. */
const BIG_TEXT = 2_000_000;

let modest = false;

/**
 * From the first big text on, V8 may grow the heap only 20% past what its last full collection
 * found alive, instead of up to four times as much: a 20 MB pack's nodes and model are ~650 MB
 * alive, and with the default growth its run peaked at 1.2–1.4 GB of memory, at 0.95 GB with this
 * (for about a third more time on that file; `test/bench/big-pack.mjs`). It stays for the rest of
 * the run, whose findings and report are still to come; small files leave little to collect.
 */
export function modestHeapFor(text: string): void {
  if (modest || text.length < BIG_TEXT) return;
  modest = true;
  setFlagsFromString('--heap-growing-percent=20');
}
