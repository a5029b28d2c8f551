// Fixed-window rate limiter in process memory: the production limiter when no Redis is configured (and Redis's
// fallback), and the tests' limiter. Memory is bounded: ended windows are swept, and past `maxKeys` the oldest go first.
import type { RateLimitDecision, RateLimiter } from "../ports/rate-limiter.js";

interface Window {
  readonly start: number;
  readonly end: number;
  count: number;
}

export interface InMemoryRateLimiterOptions {
  /** Most windows kept at once (default 100,000, a few MB). */
  readonly maxKeys?: number;
  /** How often, in the callers' time, ended windows are swept (default 60 s). */
  readonly sweepEveryMs?: number;
}

export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;
  private readonly sweepEveryMs: number;
  private nextSweep = Number.NEGATIVE_INFINITY;

  constructor(options: InMemoryRateLimiterOptions = {}) {
    this.maxKeys = Math.max(1, options.maxKeys ?? 100_000);
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
  }

  async hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    return this.hitSync(key, limit, windowMs, now);
  }

  /** The same as hit, without a promise (the Redis limiter's fallback path uses it). */
  hitSync(key: string, limit: number, windowMs: number, now: Date): RateLimitDecision {
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive: ${windowMs}`);
    const t = now.getTime();
    if (t >= this.nextSweep) this.sweep(t);
    const start = Math.floor(t / windowMs) * windowMs;
    const id = `${windowMs}\u0000${key}`;
    let w = this.windows.get(id);
    if (!w || w.start !== start) {
      // Deleting before setting moves the key to the end, so the Map stays ordered by window start.
      this.windows.delete(id);
      w = { start, end: start + windowMs, count: 0 };
      this.windows.set(id, w);
      if (this.windows.size > this.maxKeys) this.evict(t);
    }
    w.count += 1;
    return {
      allowed: w.count <= limit,
      limit,
      remaining: Math.max(0, limit - w.count),
      resetAt: new Date(w.end),
    };
  }

  /** Windows currently held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(t: number): void {
    for (const [id, w] of this.windows) if (w.end <= t) this.windows.delete(id);
    this.nextSweep = t + this.sweepEveryMs;
  }

  private evict(t: number): void {
    this.sweep(t);
    // Still full of live windows: drop the oldest. Those keys restart their count, which errs on letting
    // requests through rather than on unbounded memory.
    for (const id of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(id);
    }
  }
}
