export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** When the current window ends. */
  readonly resetAt: Date;
}

/** Fixed-window counters. Shared across processes when the adapter is (Redis); never throws on outage. */
export interface RateLimiter {
  /** Counts one request against `key` in the window of `windowMs` containing `now`. */
  hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision>;
}
