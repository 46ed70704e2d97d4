import { Presets, SingleBar } from 'cli-progress';

/** Files done of a run, shown on a terminal while a long run goes on. */
export interface Progress {
  /** `n` more files are done. */
  advance(n: number): void;
  /** Erases the line, if one was shown. */
  stop(): void;
}

/** A run shorter than this shows nothing: progress is for the runs one waits for. */
export const PROGRESS_DELAY_MS = 2000;

export interface ProgressOptions {
  stream: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  quiet: boolean;
  now?: () => number;
}

/** Whether a run may show progress: on a terminal, outside CI, and not asked to be quiet. */
export function progressWanted({ stream, env, quiet }: ProgressOptions): boolean {
  return Boolean(stream.isTTY) && !quiet && !env.CI;
}

/**
 * Progress on standard error for `total` files: nothing for the first PROGRESS_DELAY_MS, then
 * cli-progress's bar (files done / total, rate), redrawn at most 10 times a second and erased when
 * the run ends. Nothing at all where progressWanted says no.
 */
export function startProgress(total: number, options: ProgressOptions): Progress {
  if (!progressWanted(options) || total === 0) return { advance() {}, stop() {} };
  const now = options.now ?? Date.now;
  const started = now();
  let done = 0;
  let bar: SingleBar | undefined;
  return {
    advance(n) {
      done += n;
      if (!bar && now() - started < PROGRESS_DELAY_MS) return;
      const rate = Math.round((done * 1000) / Math.max(1, now() - started));
      if (!bar) {
        bar = new SingleBar(
          {
            stream: options.stream,
            fps: 10,
            clearOnComplete: true,
            hideCursor: true,
            format: 'orchlint {bar} {value}/{total} files, {rate} files/s',
          },
          Presets.shades_classic,
        );
        bar.start(total, done, { rate });
      } else {
        bar.update(done, { rate });
      }
    },
    stop() {
      bar?.stop();
    },
  };
}
