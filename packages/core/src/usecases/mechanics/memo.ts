// A small per-process memo whose entries expire by the engine clock, bounded so a flood of distinct keys cannot
// grow it without limit.
import type { Clock } from "../../ports/clock.js";

const MAX_ENTRIES = 10_000;

export class ExpiringMemo<T> {
  private readonly entries = new Map<string, { readonly value: T; readonly until: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: () => number,
  ) {}

  /** The value remembered for `key`, or what `load` reads (then remembered). A hit runs no async step of its own. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.clock.now().getTime()) return Promise.resolve(hit.value);
    return this.load(key, load);
  }

  /**
   * The value remembered for `key` while it is fresh at `nowMs` (default the clock's now); undefined otherwise (`get`
   * reads it then). A caller that has read the clock for its request passes that reading.
   */
  peek(key: string, nowMs: number = this.clock.now().getTime()): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > nowMs ? hit.value : undefined;
  }

  private async load(key: string, load: () => Promise<T>): Promise<T> {
    const value = await load();
    this.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, until: this.clock.now().getTime() + this.ttlMs() });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
