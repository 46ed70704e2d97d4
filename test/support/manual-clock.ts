import type { Clock } from '@orchlint/language-server';

interface Pending {
  due: number;
  order: number;
  run: () => void;
}

/**
 * A clock the test moves by hand: nothing the server waits for (a debounce, a turn of the workspace
 * scan) happens until `advance` reaches it, so a test decides what has happened instead of sleeping
 * and hoping the server kept up.
 */
export class ManualClock implements Clock {
  now = 0;
  private readonly pending = new Map<number, Pending>();
  private order = 0;

  setTimeout(run: () => void, ms: number): number {
    const handle = ++this.order;
    this.pending.set(handle, { due: this.now + Math.max(0, ms), order: handle, run });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.pending.delete(handle);
  }

  nextTurn(): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, 0));
  }

  /** How many waits have not come due yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Moves time on by `ms`, running what falls due one at a time, oldest first. Before each, and at the
   * end, `settle()` (a round trip to the server) lets what the last one started run to its next wait.
   */
  async advance(ms: number, settle: () => Promise<void>): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      await settle();
      let next: Pending | undefined;
      let handle = 0;
      for (const [h, p] of this.pending) {
        if (p.due <= until && (!next || p.due < next.due || (p.due === next.due && p.order < next.order))) {
          next = p;
          handle = h;
        }
      }
      if (!next) break;
      this.pending.delete(handle);
      this.now = next.due;
      next.run();
    }
    this.now = until;
  }
}
