// Bounds how many model calls are in flight; a caller whose signal aborts while it waits leaves the queue.

export type Release = () => void;

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<(release: Release) => void> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError("semaphore limit must be a positive integer");
  }

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function, or null when the signal aborts first. */
  acquire(signal: AbortSignal): Promise<Release | null> {
    if (signal.aborted) return Promise.resolve(null);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const grant = (release: Release): void => {
        signal.removeEventListener("abort", onAbort);
        resolve(release);
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(null);
      };
      this.waiting.push(grant);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next !== undefined) next(this.releaser());
      else this.active--;
    };
  }
}
