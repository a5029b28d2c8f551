export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** When the current window ends (a sliding limiter: when its oldest counted hit leaves the window). */
  readonly resetAt: Date;
}

/** Fixed-window counters. Shared across processes when the adapter is (Redis); never throws on outage. */
export interface RateLimiter {
  /** Counts one request against `key` in the window of `windowMs` containing `now`. */
  hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision>;
  /**
   * The same as `hit`, without a promise: only a limiter that counts in process memory has it (one shared across
   * processes counts elsewhere and leaves it out).
   */
  hitSync?(key: string, limit: number, windowMs: number, now: Date): RateLimitDecision;
}

/**
 * Sliding-log limits, for attempts where a burst across a fixed window's boundary matters (password guesses): at
 * most `limit` hits are admitted in any span of `windowMs`, wherever it starts. Shared across processes when the
 * adapter is (Redis); never throws on outage.
 */
export interface SlidingLimiter {
  /**
   * Admits one hit against `key` when fewer than `limit` were admitted in (now - windowMs, now], and logs it; a
   * refused hit is not logged, so a refusal never extends itself. `resetAt` is when the oldest admitted hit leaves
   * the window (one more hit may pass then); `remaining` how many more may pass now. Not idempotent.
   */
  slide(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision>;
}
