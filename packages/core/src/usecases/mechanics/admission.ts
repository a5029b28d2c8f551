// What every authenticated call passes before its work: the scope it needs, then the rate limit of its kind.
// Test keys have limits of their own, so running an integration suite against sv_test_ keys does not meet the free
// plan's 10 requests a minute, and never uses up the live keys' allowance either.
import { err, ok, type Result } from "neverthrow";
import { appError, type AppError } from "../../errors.js";
import type { RateLimitDecision } from "../../ports/rate-limiter.js";
import type { Telemetry } from "../../ports/telemetry.js";
import { requestsPerMinute } from "../../policies/limits.js";
import { BATCH_RPM } from "../../schemas/plans.js";
import type { Scope } from "../../schemas/scopes.js";
import type { EngineDeps, Principal } from "../deps.js";
import { guardStore } from "../guard-store.js";
import type { AccountPeriods, AccountState } from "./account-periods.js";

/** Requests per minute for sv_test_ keys, per account (lookups, usage, reports); batches keep the spec's 5. */
export const TEST_MODE_RPM = 300;
export const TEST_MODE_BATCH_RPM = BATCH_RPM;

export type CallKind = "api" | "batch";

export class Admission {
  constructor(
    private readonly deps: EngineDeps,
    private readonly periods: AccountPeriods,
    private readonly telemetry: Telemetry,
  ) {}

  async admit(p: Principal, scope: Scope, kind: CallKind): Promise<Result<RateLimitDecision, AppError>> {
    if (!p.scopes.includes(scope)) return err(insufficientScope(scope));
    return guardStore(() => this.rateLimit(p, kind));
  }

  /**
   * What `admit` answers, at once, for an account whose state is held (`periods.held`), when the rate limiter counts
   * in process memory: the hit is counted then. undefined, counting nothing, when the limiter counts elsewhere.
   */
  admitHeld(
    p: Principal,
    scope: Scope,
    kind: CallKind,
    state: AccountState,
    now: Date,
  ): Result<RateLimitDecision, AppError> | undefined {
    if (!p.scopes.includes(scope)) return err(insufficientScope(scope));
    const limiter = this.deps.rateLimiter;
    if (limiter.hitSync === undefined) return undefined;
    const limit = this.limitOf(p, kind, state);
    return this.decided(p, kind, limit, now, limiter.hitSync(bucketOf(p, kind), limit, 60_000, now));
  }

  private async rateLimit(p: Principal, kind: CallKind): Promise<Result<RateLimitDecision, AppError>> {
    const state = await this.periods.state(p.accountId);
    if (state === null) return err(appError("invalid_api_key", "The account no longer exists."));
    const limit = this.limitOf(p, kind, state);
    const now = this.deps.clock.now();
    return this.decided(p, kind, limit, now, await this.deps.rateLimiter.hit(bucketOf(p, kind), limit, 60_000, now));
  }

  private limitOf(p: Principal, kind: CallKind, state: AccountState): number {
    if (p.mode === "test") return kind === "batch" ? TEST_MODE_BATCH_RPM : TEST_MODE_RPM;
    return kind === "batch" ? BATCH_RPM : requestsPerMinute(state.account, state.plan);
  }

  private decided(
    p: Principal,
    kind: CallKind,
    limit: number,
    now: Date,
    decision: RateLimitDecision,
  ): Result<RateLimitDecision, AppError> {
    if (decision.allowed) return ok(decision);
    this.telemetry.refused("rate_limit_exceeded");
    const retryAfter = Math.max(1, Math.min(60, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000)));
    return err(
      appError(
        "rate_limit_exceeded",
        `Rate limit of ${limit} requests per minute exceeded. Retry in ${retryAfter} s.`,
        {
          retryAfter,
          details: {
            limit,
            window_seconds: 60,
            scope: kind === "batch" ? "batch" : "account",
            test_mode: p.mode === "test",
          },
        },
      ),
    );
  }
}

function insufficientScope(scope: Scope): AppError {
  return appError("insufficient_scope", `This token lacks the scope ${scope}.`, { details: { required_scope: scope } });
}

/** The last bucket made, kept: the same account calls again and again, and the limiter then finds its key's hash known. */
let lastBucket: { accountId: string; test: boolean; kind: CallKind; bucket: string } | undefined;

/** The limiter's counter of a principal's calls of a kind: test keys count apart from live ones. */
function bucketOf(p: Principal, kind: CallKind): string {
  const test = p.mode === "test";
  const last = lastBucket;
  if (last !== undefined && last.accountId === p.accountId && last.test === test && last.kind === kind)
    return last.bucket;
  const bucket = test ? `${kind}:test:${p.accountId}` : `${kind}:${p.accountId}`;
  lastBucket = { accountId: p.accountId, test, kind, bucket };
  return bucket;
}
