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
import type { AccountPeriods } from "./account-periods.js";

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
    if (!p.scopes.includes(scope)) {
      return err(
        appError("insufficient_scope", `This token lacks the scope ${scope}.`, { details: { required_scope: scope } }),
      );
    }
    return guardStore(() => this.rateLimit(p, kind));
  }

  private async rateLimit(p: Principal, kind: CallKind): Promise<Result<RateLimitDecision, AppError>> {
    const state = await this.periods.state(p.accountId);
    if (state === null) return err(appError("invalid_api_key", "The account no longer exists."));
    const test = p.mode === "test";
    const limit = test
      ? kind === "batch"
        ? TEST_MODE_BATCH_RPM
        : TEST_MODE_RPM
      : kind === "batch"
        ? BATCH_RPM
        : requestsPerMinute(state.account, state.plan);
    const now = this.deps.clock.now();
    const bucket = test ? `${kind}:test:${p.accountId}` : `${kind}:${p.accountId}`;
    const decision = await this.deps.rateLimiter.hit(bucket, limit, 60_000, now);
    if (decision.allowed) return ok(decision);
    this.telemetry.refused("rate_limit_exceeded");
    const retryAfter = Math.max(1, Math.min(60, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000)));
    return err(
      appError(
        "rate_limit_exceeded",
        `Rate limit of ${limit} requests per minute exceeded. Retry in ${retryAfter} s.`,
        {
          retryAfter,
          details: { limit, window_seconds: 60, scope: kind === "batch" ? "batch" : "account", test_mode: test },
        },
      ),
    );
  }
}
