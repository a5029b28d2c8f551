// RateLimiter and SlidingLimiter on Redis, shared by every API process: one counter per key and fixed window (INCR
// and PEXPIRE in one Lua script), and one sorted set of admitted hits per key for sliding logs (trim, count and add
// in one Lua script). When Redis is unreachable (not connected, error, slow reply) the hit is counted by an
// in-process limiter instead, so an outage degrades limits to per-process and never fails a request.
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type { Redis, RedisOptions } from "ioredis";
import { InMemoryRateLimiter, type RateLimitDecision, type RateLimiter, type SlidingLimiter } from "@scamverify/core";

// ioredis is loaded when the first limiter connects: a process without Redis never loads it.
const require = createRequire(import.meta.url);
const loadRedis = (): typeof Redis => (require("ioredis") as { Redis: typeof Redis }).Redis;

// Sets the expiry only on the window's first hit, so later hits cannot extend a window's life.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

// The log holds admitted hits only (score: their time). Those at or before now - window have left it; a hit is
// admitted while fewer than limit remain. Returns admitted (1/0), the hits in the window, and the oldest one's time.
const SLIDE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  count = count + 1
  admitted = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if count > 0 then redis.call('PEXPIRE', KEYS[1], window + 1000) end
return { admitted, count, oldest[2] or tostring(now) }
`;

interface HitCommand {
  svRateHit(key: string, ttlMs: number): Promise<number>;
  svRateSlide(key: string, now: number, windowMs: number, limit: number, member: string): Promise<unknown[]>;
}

export interface RedisRateLimiterOptions {
  /** redis://host:port/db; ignored when `client` is given. */
  readonly url?: string;
  /** A client created by the caller (tests); it should have enableOfflineQueue: false. */
  readonly client?: Redis;
  /** Prepended to every key (default "sv:rl:"), so several deployments can share one Redis. */
  readonly keyPrefix?: string;
  /** Give up on Redis for one hit after this long (ms, default 250). */
  readonly commandTimeoutMs?: number;
  /** Connection attempt timeout (ms, default 500). */
  readonly connectTimeoutMs?: number;
  /** Counts hits while Redis is away (default: a new InMemoryRateLimiter). */
  readonly fallback?: InMemoryRateLimiter;
  /** Told when the limiter switches between Redis and the fallback. */
  readonly onBackendChange?: (backend: "redis" | "memory", cause?: unknown) => void;
}

/** ioredis options that make an outage fail fast instead of queueing requests behind a reconnect. */
export function failFastRedisOptions(connectTimeoutMs = 500, commandTimeoutMs = 250): RedisOptions {
  return {
    enableOfflineQueue: false,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    lazyConnect: false,
  };
}

export class RedisRateLimiter implements RateLimiter, SlidingLimiter {
  readonly client: Redis;
  private readonly prefix: string;
  private readonly fallback: InMemoryRateLimiter;
  private readonly onBackendChange: ((backend: "redis" | "memory", cause?: unknown) => void) | undefined;
  private lastBackend: "redis" | "memory" | undefined;

  constructor(options: RedisRateLimiterOptions) {
    if (!options.client && !options.url) throw new Error("RedisRateLimiter needs a url or a client");
    this.client =
      options.client ??
      new (loadRedis())(
        options.url as string,
        failFastRedisOptions(options.connectTimeoutMs, options.commandTimeoutMs),
      );
    // ioredis emits "error" on every failed reconnect; unhandled, that would crash the process.
    this.client.on("error", () => undefined);
    this.client.defineCommand("svRateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.client.defineCommand("svRateSlide", { numberOfKeys: 1, lua: SLIDE_SCRIPT });
    this.prefix = options.keyPrefix ?? "sv:rl:";
    this.fallback = options.fallback ?? new InMemoryRateLimiter();
    this.onBackendChange = options.onBackendChange;
  }

  /** Which store counted the most recent hit. */
  get backend(): "redis" | "memory" | undefined {
    return this.lastBackend;
  }

  async hit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    return this.counted(
      async (client) => {
        const redisKey = `${this.prefix}${windowMs}:${start}:${key}`;
        const count = Number(await client.svRateHit(redisKey, windowMs + 1000));
        return {
          allowed: count <= limit,
          limit,
          remaining: Math.max(0, limit - count),
          resetAt: new Date(start + windowMs),
        };
      },
      () => this.fallback.hitSync(key, limit, windowMs, now),
      { limit, now },
    );
  }

  async slide(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const t = now.getTime();
    return this.counted(
      async (client) => {
        // Two hits in the same millisecond are two members of the set.
        const member = `${t}:${randomBytes(6).toString("hex")}`;
        const [admitted, count, oldest] = await client.svRateSlide(
          `${this.prefix}slide:${windowMs}:${key}`,
          t,
          windowMs,
          limit,
          member,
        );
        return {
          allowed: Number(admitted) === 1,
          limit,
          remaining: Math.max(0, limit - Number(count)),
          resetAt: new Date(Number(count) === 0 ? t : Number(oldest) + windowMs),
        };
      },
      () => this.fallback.slideSync(key, limit, windowMs, now),
      { limit, now },
    );
  }

  /** Counts in Redis while it is ready and answers; otherwise, or on an error, in the in-process fallback. */
  private async counted(
    inRedis: (client: HitCommand) => Promise<RateLimitDecision>,
    inMemory: () => RateLimitDecision,
    hit: { readonly limit: number; readonly now: Date },
  ): Promise<RateLimitDecision> {
    if (this.client.status === "ready") {
      try {
        const decision = await inRedis(this.client as unknown as HitCommand);
        this.switchTo("redis");
        return decision;
      } catch (err) {
        this.switchTo("memory", err);
      }
    } else {
      this.switchTo("memory");
    }
    try {
      return inMemory();
    } catch {
      // Only a bad windowMs can get here; allowing is the safe answer for a limiter that must not throw.
      return { allowed: true, limit: hit.limit, remaining: hit.limit, resetAt: new Date(hit.now.getTime()) };
    }
  }

  async close(): Promise<void> {
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }

  private switchTo(backend: "redis" | "memory", cause?: unknown): void {
    if (this.lastBackend === backend) return;
    this.lastBackend = backend;
    this.onBackendChange?.(backend, cause);
  }
}
