// Timers that run only when a test advances them, so time budgets and retries are exercised without waiting.
import type { Timers } from "../ports/timers.js";

export class ManualTimers implements Timers {
  private now = 0;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  schedule(ms: number, fn: () => void): () => void {
    const id = this.seq++;
    this.pending.set(id, { at: this.now + ms, fn });
    return () => this.pending.delete(id);
  }

  /** Timers waiting to run. */
  get size(): number {
    return this.pending.size;
  }

  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void {
    this.now += ms;
    const due = [...this.pending.entries()].filter(([, t]) => t.at <= this.now).sort((a, b) => a[1].at - b[1].at);
    for (const [id, t] of due) {
      this.pending.delete(id);
      t.fn();
    }
  }
}
