// Per-address limit for the unauthenticated form and OAuth endpoints (sign-in, sign-up, registration, token, the
// dashboard's forms), so passwords and client secrets cannot be guessed at speed. Answers in OAuth's error format to
// clients, and with a page to a browser that posted a form (a person should not be shown raw JSON).
import type { RequestHandler } from "express";
import type { RateLimiter } from "@scamverify/core";
import { clientAddress, type TrustedProxies } from "./client-address.js";
import { renderError } from "./oauth/pages.js";

const CLIENT_ENDPOINTS = /^\/api\/oauth\/(?:token|register)(?:[/?]|$)/;

export interface IpRateLimitOptions {
  readonly limiter: RateLimiter;
  /** Requests per minute per client address (default 30). */
  readonly perMinute?: number;
  readonly now?: () => Date;
  /** Proxies whose X-Forwarded-For names the client (see client-address.ts); without them the peer counts. */
  readonly trustedProxies?: TrustedProxies;
}

export function ipRateLimit(options: IpRateLimitOptions): RequestHandler {
  const limit = options.perMinute ?? 30;
  const now = options.now ?? (() => new Date());
  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    const at = now();
    const decision = await options.limiter.hit(
      `ip:${clientAddress(req, options.trustedProxies) ?? "unknown"}`,
      limit,
      60_000,
      at,
    );
    if (decision.allowed) return next();
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt.getTime() - at.getTime()) / 1000));
    res.setHeader("Retry-After", String(retryAfter));
    res.setHeader("Cache-Control", "no-store");
    if (req.is("application/x-www-form-urlencoded") && !CLIENT_ENDPOINTS.test(req.originalUrl)) {
      res.setHeader(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
      );
      res.setHeader("X-Frame-Options", "DENY");
      res
        .status(429)
        .type("html")
        .send(renderError("Too many attempts", `Too many requests from this address. Try again in ${retryAfter} s.`));
      return;
    }
    res.status(429).json({
      error: "temporarily_unavailable",
      error_description: `Too many requests from this address; retry in ${retryAfter} s.`,
    });
  };
}
