// Chooses the rate limiter: Redis (shared across processes, with an in-process fallback) when a URL is
// configured, otherwise the bounded in-process limiter. Reports where hits are really counted, and says so in the
// log once per change (Redis lost, Redis back), never once per request.
import { InMemoryRateLimiter, type RateLimiter, type SlidingLimiter } from "@scamverify/core";
import { RedisRateLimiter } from "./redis-rate-limiter.js";

/**
 * "redis": shared by every process. "in-process": no Redis configured. "redis-unavailable": Redis configured but
 * unreachable, so each process counts on its own until it is back.
 */
export type RateLimiterState = "redis" | "in-process" | "redis-unavailable";

export interface RateLimiterConfig {
  readonly redisUrl?: string | undefined;
  readonly keyPrefix?: string;
  readonly onBackendChange?: (backend: "redis" | "memory", cause?: unknown) => void;
  /** Told once per change of state (the logger's `log`); never given the Redis URL, which may hold a password. */
  readonly log?: (level: "info" | "warn", msg: string, fields: Record<string, unknown>) => void;
  /** How long `ready()` waits for the first connection attempt by default (ms, default 1,000). */
  readonly readyTimeoutMs?: number;
}

export interface ClosableRateLimiter extends RateLimiter, SlidingLimiter {
  close(): Promise<void>;
}

/** What every limiter made by createRateLimiter also answers (see rateLimiterState and rateLimiterReady). */
interface ReportsState {
  /** Where hits are counted now. */
  state(): RateLimiterState;
  /** The state once the first connection attempt has succeeded or failed (or after `timeoutMs`). */
  ready(timeoutMs?: number): Promise<RateLimiterState>;
}

function reportsState(limiter: RateLimiter): limiter is RateLimiter & ReportsState {
  const l = limiter as Partial<ReportsState>;
  return typeof l.state === "function" && typeof l.ready === "function";
}

/** Where a limiter made by createRateLimiter counts now; any other limiter counts in process. */
export function rateLimiterState(limiter: RateLimiter): RateLimiterState {
  return reportsState(limiter) ? limiter.state() : "in-process";
}

/**
 * The state once a limiter made by createRateLimiter has tried to reach Redis (waits at most `timeoutMs`, default
 * 1,000): what a start-up line should report, rather than what was configured.
 */
export function rateLimiterReady(limiter: RateLimiter, timeoutMs?: number): Promise<RateLimiterState> {
  return reportsState(limiter) ? limiter.ready(timeoutMs) : Promise.resolve("in-process");
}

function causeOf(cause: unknown): Record<string, unknown> {
  if (cause === undefined) return {};
  const e = cause as { message?: unknown; code?: unknown };
  return {
    cause: typeof e.message === "string" ? e.message : String(cause),
    ...(typeof e.code === "string" ? { code: e.code } : {}),
  };
}

export function createRateLimiter(config: RateLimiterConfig = {}): ClosableRateLimiter {
  if (!config.redisUrl) {
    const memory = new InMemoryRateLimiter();
    const local: ClosableRateLimiter & ReportsState = {
      hit: (key, limit, windowMs, now) => memory.hit(key, limit, windowMs, now),
      hitSync: (key, limit, windowMs, now) => memory.hitSync(key, limit, windowMs, now),
      slide: (key, limit, windowMs, now) => memory.slide(key, limit, windowMs, now),
      state: () => "in-process",
      ready: async () => "in-process",
      close: async () => undefined,
    };
    return local;
  }

  return new ReportingRedisRateLimiter(config, config.redisUrl);
}

/** The Redis limiter that also tells its state and logs each change of it. */
class ReportingRedisRateLimiter extends RedisRateLimiter implements ClosableRateLimiter, ReportsState {
  private reported: "redis" | "memory" | undefined;
  /** Set by close(): the connection ending then is the shutdown, not an outage, and is not reported. */
  private closing = false;
  private lastError: unknown;
  private readonly waiting: (() => void)[] = [];
  private readonly log: RateLimiterConfig["log"];
  private readonly readyTimeoutMs: number;

  constructor(config: RateLimiterConfig, url: string) {
    // The base class reports hit-time switches through this callback, which exists before `this` does.
    const relay: { to?: (backend: "redis" | "memory", cause?: unknown) => void } = {};
    super({
      url,
      ...(config.keyPrefix !== undefined ? { keyPrefix: config.keyPrefix } : {}),
      onBackendChange: (backend, cause) => {
        relay.to?.(backend, cause);
        config.onBackendChange?.(backend, cause);
      },
    });
    relay.to = (backend, cause) => this.transition(backend, cause);
    this.log = config.log;
    this.readyTimeoutMs = config.readyTimeoutMs ?? 1_000;
    this.client.on("ready", () => this.transition("redis"));
    this.client.on("error", (e: unknown) => {
      this.lastError = e;
      if (this.client.status !== "ready") this.transition("memory", e);
    });
    this.client.on("close", () => this.transition("memory", this.lastError));
  }

  override async close(): Promise<void> {
    this.closing = true;
    await super.close();
  }

  state(): RateLimiterState {
    return this.client.status === "ready" ? "redis" : "redis-unavailable";
  }

  ready(timeoutMs = this.readyTimeoutMs): Promise<RateLimiterState> {
    return new Promise((resolve) => {
      if (this.reported !== undefined) return resolve(this.state());
      const timer = setTimeout(() => resolve(this.state()), timeoutMs);
      timer.unref();
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve(this.state());
      });
    });
  }

  private transition(backend: "redis" | "memory", cause?: unknown): void {
    for (const wake of this.waiting.splice(0)) wake();
    if (this.reported === backend || this.closing) return;
    const first = this.reported === undefined;
    this.reported = backend;
    if (backend === "memory") {
      this.log?.("warn", "rate limiter: Redis unreachable; each process limits on its own until it is back", {
        rate_limiter: "redis-unavailable",
        ...causeOf(cause ?? this.lastError),
      });
    } else {
      this.log?.("info", first ? "rate limiter: Redis connected" : "rate limiter: Redis is back; limits are shared", {
        rate_limiter: "redis",
      });
    }
  }
}
