/**
 * The waits the server makes: the quiet time after an edit (`setTimeout`) and the turns it yields so
 * the editor's messages get in (`nextTurn`). A test passes a manual clock and decides when time
 * passes, so it never races the server's timers with sleeps of its own.
 */
export interface Clock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Resolves once pending I/O (the editor's next messages) has had its turn. */
  nextTurn(): Promise<void>;
}

export const systemClock: Clock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  nextTurn: () => new Promise((resolve) => setImmediate(resolve)),
};
