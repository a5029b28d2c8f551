// Per-address limit for the unauthenticated form and OAuth endpoints (sign-in, sign-up, registration, token, the
// dashboard's forms), so passwords and client secrets cannot be guessed at speed. Answers in OAuth's error format.
import type { RequestHandler } from "express";
import type { RateLimiter } from "@scamverify/core";

export interface IpRateLimitOptions {
  readonly limiter: RateLimiter;
  /** Requests per minute per client address (default 30). */
  readonly perMinute?: number;
  readonly now?: () => Date;
}

export function ipRateLimit(options: IpRateLimitOptions): RequestHandler {
  const limit = options.perMinute ?? 30;
  const now = options.now ?? (() => new Date());
  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    const at = now();
    const decision = await options.limiter.hit(`ip:${req.socket.remoteAddress ?? "unknown"}`, limit, 60_000, at);
    if (decision.allowed) return next();
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt.getTime() - at.getTime()) / 1000));
    res.setHeader("Retry-After", String(retryAfter));
    res.setHeader("Cache-Control", "no-store");
    res.status(429).json({
      error: "temporarily_unavailable",
      error_description: `Too many requests from this address; retry in ${retryAfter} s.`,
    });
  };
}
