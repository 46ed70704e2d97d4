import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PROGRESS_DELAY_MS, startProgress } from '@orchlint/cli';

/** A stand-in for a terminal's standard error: what was written to it, one entry a write. */
function terminal(isTTY: boolean) {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY, columns: 100 });
  return { stream, writes };
}

describe('progress', () => {
  it('shows nothing for a short run, then files done of the total with a rate, and erases itself at the end', () => {
    const { stream, writes } = terminal(true);
    let clock = 0;
    const progress = startProgress(10, { stream, env: {}, quiet: false, now: () => clock });
    progress.advance(2);
    clock = PROGRESS_DELAY_MS - 1;
    progress.advance(1);
    expect(writes).toEqual([]);
    clock = PROGRESS_DELAY_MS * 2;
    progress.advance(1);
    const shown = writes.join('');
    expect(shown).toMatch(/orchlint .* 4\/10 files, 1 files\/s/);
    const before = writes.length;
    progress.stop();
    // The last thing written erases the line (ESC [ 2K, after which nothing is drawn).
    expect(writes.slice(before).join('')).toMatch(/\x1b\[2K/);
    expect(writes.slice(before).join('')).not.toMatch(/files\/s/);
  });

  it('redraws at most 10 times a second however fast files get done', () => {
    const { stream, writes } = terminal(true);
    const progress = startProgress(1e9, { stream, env: {}, quiet: false, now: () => Date.now() + PROGRESS_DELAY_MS });
    const start = Date.now();
    let n = 0;
    while (Date.now() - start < 1000) {
      progress.advance(1);
      n++;
    }
    progress.stop();
    expect(n).toBeGreaterThan(1000);
    expect(writes.filter((w) => /files\/s/.test(w)).length).toBeLessThanOrEqual(11);
  });

  it('prints nothing when standard error is not a terminal, in CI, or with --quiet', () => {
    for (const [isTTY, env, quiet] of [
      [false, {}, false],
      [true, { CI: 'true' }, false],
      [true, {}, true],
    ] as const) {
      const { stream, writes } = terminal(isTTY);
      const progress = startProgress(10, { stream, env, quiet, now: () => Date.now() + PROGRESS_DELAY_MS });
      progress.advance(5);
      progress.stop();
      expect(writes).toEqual([]);
    }
  });
});
