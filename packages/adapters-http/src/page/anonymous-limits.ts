// The page's own limits for people without an account, apart from every API account's: checks per minute and per
// day from one client address, and community reports per hour. They count in the server's rate limiter (Redis when
// configured, so every process sees the same counts). An IPv6 client is counted by its /64, the block one
// subscriber usually holds, so rotating addresses within it does not reset the count.
import { isIPv6 } from "node:net";
import type { RateLimiter } from "@scamverify/core";

export interface AnonymousLimits {
  /** Checks a minute from one address (default 10). */
  readonly perMinute: number;
  /** Checks a day (UTC) from one address (default 100). */
  readonly perDay: number;
  /** Community reports and "not a scam" presses an hour from one address (default 10). */
  readonly reportsPerHour: number;
  /** Share links an hour from one address (default 20). */
  readonly sharesPerHour: number;
}

export const DEFAULT_ANONYMOUS_LIMITS: AnonymousLimits = {
  perMinute: 10,
  perDay: 100,
  reportsPerHour: 10,
  sharesPerHour: 20,
};

export type LimitOutcome =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: "rate_limited" | "budget"; readonly retryAfter: number };

/** The counting key of a client address: the address, or its /64 for IPv6. */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === "") return "unknown";
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4mapped) return v4mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

function retryAfter(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
}

export class AnonymousAccess {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: AnonymousLimits,
  ) {}

  /** Counts one check against the minute and the day of `client`. */
  async check(client: string, now: Date): Promise<LimitOutcome> {
    const minute = await this.limiter.hit(`page:check:min:${client}`, this.limits.perMinute, MINUTE, now);
    if (!minute.allowed) return { allowed: false, reason: "rate_limited", retryAfter: retryAfter(minute.resetAt, now) };
    const day = await this.limiter.hit(`page:check:day:${client}`, this.limits.perDay, DAY, now);
    if (!day.allowed) return { allowed: false, reason: "budget", retryAfter: retryAfter(day.resetAt, now) };
    return { allowed: true };
  }

  /** Counts one report or feedback press. */
  async report(client: string, now: Date): Promise<LimitOutcome> {
    const hour = await this.limiter.hit(`page:report:${client}`, this.limits.reportsPerHour, HOUR, now);
    return hour.allowed
      ? { allowed: true }
      : { allowed: false, reason: "rate_limited", retryAfter: retryAfter(hour.resetAt, now) };
  }

  /** Counts one share link. */
  async share(client: string, now: Date): Promise<LimitOutcome> {
    const hour = await this.limiter.hit(`page:share:${client}`, this.limits.sharesPerHour, HOUR, now);
    return hour.allowed
      ? { allowed: true }
      : { allowed: false, reason: "rate_limited", retryAfter: retryAfter(hour.resetAt, now) };
  }
}
