import { err, ok, type Result } from "neverthrow";
import { appError, type AppError } from "../errors.js";
import { guardStore } from "./guard-store.js";
import { BATCH_RPM } from "../schemas/plans.js";
import type { Usage } from "../schemas/usage.js";
import { quotaCeiling, quotaLimit, requestsPerMinute } from "../policies/limits.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";

/** The usage resource of one account (operators call it with the account id; API callers with their principal). */
export function usageOf(k: Kernel, accountId: string, testMode: boolean): Promise<Result<Usage, AppError>> {
  return guardStore(async () => {
    const state = await k.accountState(accountId);
    if (state === null) return err(appError("not_found", "No such account."));
    const used = await k.deps.quota.read(accountId, state.period.start);
    const quotas: Record<string, Usage["quotas"]["url"]> = {};
    for (const quota of k.registry.quotas) {
      const limit = quotaLimit(state.account, state.plan, quota);
      const hard = quotaCeiling(limit, state.plan);
      const n = used[quota.id] ?? 0;
      quotas[quota.id] = { used: n, limit, hard_limit: hard, remaining: Math.max(0, hard - n) };
    }
    return ok({
      plan: state.plan,
      billing_period: { start: state.period.start.toISOString(), end: state.period.end.toISOString() },
      quotas: quotas as Usage["quotas"],
      rate_limit: {
        requests_per_minute: requestsPerMinute(state.account, state.plan),
        batch_requests_per_minute: BATCH_RPM,
        window_seconds: 60,
      },
      pending_plan: state.account.pendingPlan,
      test_mode: testMode,
    });
  });
}

export async function getUsage(k: Kernel, p: Principal): Promise<Result<Outcome<Usage>, AppError>> {
  const limited = await k.admit(p, "usage:read", "api");
  if (limited.isErr()) return err(limited.error);
  const usage = await usageOf(k, p.accountId, p.mode === "test");
  return usage.map((value) => ({ value, meta: { rateLimit: limited.value } }));
}
