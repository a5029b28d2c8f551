// Rate limits in process memory: fixed windows (RateLimiter) and sliding logs (SlidingLimiter). The production
// limiter when no Redis is configured (and Redis's fallback), and the tests' limiter. Memory is bounded: ended windows
// and logs are swept, and past `maxKeys` the oldest go first.
import type { RateLimitDecision, RateLimiter, SlidingLimiter } from "../ports/rate-limiter.js";

interface Window {
  readonly start: number;
  readonly end: number;
  count: number;
}

/** The admitted hits of one key within its window, oldest first; at most `limit` of them. */
interface Log {
  readonly windowMs: number;
  readonly times: number[];
}

export interface InMemoryRateLimiterOptions {
  /** Most windows kept at once (default 100,000, a few MB). */
  readonly maxKeys?: number;
  /** How often, in the callers' time, ended windows are swept (default 60 s). */
  readonly sweepEveryMs?: number;
}

export class InMemoryRateLimiter implements RateLimiter, SlidingLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly logs = new Map<string, Log>();
  private readonly maxKeys: number;
  private readonly sweepEveryMs: number;
  private nextSweep = Number.NEGATIVE_INFINITY;

  constructor(options: InMemoryRateLimiterOptions = {}) {
    this.maxKeys = Math.max(1, options.maxKeys ?? 100_000);
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
  }

  hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    try {
      return Promise.resolve(this.hitSync(key, limit, windowMs, now));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }

  /** The same as hit, without a promise (the Redis limiter's fallback path uses it). */
  hitSync(key: string, limit: number, windowMs: number, now: Date): RateLimitDecision {
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive: ${windowMs}`);
    const t = now.getTime();
    if (t >= this.nextSweep) this.sweep(t);
    const start = Math.floor(t / windowMs) * windowMs;
    const id = this.windowId(key, windowMs);
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

  /** The last window id made, kept: one client hits its key again and again, and the id's hash is then known. */
  private lastId: { key: string; windowMs: number; id: string } | undefined;

  private windowId(key: string, windowMs: number): string {
    const last = this.lastId;
    if (last !== undefined && last.key === key && last.windowMs === windowMs) return last.id;
    const id = `${windowMs}\u0000${key}`;
    this.lastId = { key, windowMs, id };
    return id;
  }

  async slide(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    return this.slideSync(key, limit, windowMs, now);
  }

  /** The same as slide, without a promise (the Redis limiter's fallback path uses it). */
  slideSync(key: string, limit: number, windowMs: number, now: Date): RateLimitDecision {
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive: ${windowMs}`);
    const t = now.getTime();
    if (t >= this.nextSweep) this.sweep(t);
    const id = `${windowMs}\u0000${key}`;
    let log = this.logs.get(id);
    if (log === undefined) {
      log = { windowMs, times: [] };
      this.logs.set(id, log);
      if (this.logs.size > this.maxKeys) this.evict(t);
    }
    const { times } = log;
    while (times.length > 0 && times[0]! <= t - windowMs) times.shift();
    const allowed = times.length < limit;
    if (allowed) {
      // Hits usually come in time order; one that does not is put in its place.
      let i = times.length;
      while (i > 0 && times[i - 1]! > t) i--;
      times.splice(i, 0, t);
    }
    const oldest = times[0];
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - times.length),
      resetAt: new Date(oldest === undefined ? t : oldest + windowMs),
    };
  }

  /** Windows and logs currently held (for tests and metrics). */
  get size(): number {
    return this.windows.size + this.logs.size;
  }

  private sweep(t: number): void {
    for (const [id, w] of this.windows) if (w.end <= t) this.windows.delete(id);
    for (const [id, log] of this.logs) {
      const newest = log.times[log.times.length - 1];
      if (newest === undefined || newest <= t - log.windowMs) this.logs.delete(id);
    }
    this.nextSweep = t + this.sweepEveryMs;
  }

  private evict(t: number): void {
    this.sweep(t);
    // Still full of live windows: drop the oldest. Those keys restart their count, which errs on letting
    // requests through rather than on unbounded memory.
    for (const map of [this.windows, this.logs] as const) {
      for (const id of map.keys()) {
        if (map.size <= this.maxKeys) break;
        map.delete(id);
      }
    }
  }
}
