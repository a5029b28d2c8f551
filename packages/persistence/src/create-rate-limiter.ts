// Chooses the rate limiter: Redis (shared across processes, with an in-process fallback) when a URL is
// configured, otherwise the bounded in-process limiter.
import { InMemoryRateLimiter, type RateLimiter } from "@scamverify/core";
import { RedisRateLimiter } from "./redis-rate-limiter.js";

export interface RateLimiterConfig {
  readonly redisUrl?: string | undefined;
  readonly keyPrefix?: string;
  readonly onBackendChange?: (backend: "redis" | "memory", cause?: unknown) => void;
}

export interface ClosableRateLimiter extends RateLimiter {
  close(): Promise<void>;
}

export function createRateLimiter(config: RateLimiterConfig = {}): ClosableRateLimiter {
  if (config.redisUrl) {
    return new RedisRateLimiter({
      url: config.redisUrl,
      ...(config.keyPrefix !== undefined ? { keyPrefix: config.keyPrefix } : {}),
      ...(config.onBackendChange ? { onBackendChange: config.onBackendChange } : {}),
    });
  }
  const memory = new InMemoryRateLimiter();
  return { hit: (key, limit, windowMs, now) => memory.hit(key, limit, windowMs, now), close: async () => undefined };
}
