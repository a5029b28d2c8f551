import type { Account } from "../ports/account-store.js";
import type { QuotaChannelDefinition } from "../channels/define-channel.js";
import { PLANS, type PlanName } from "../schemas/plans.js";

/** The plan quota of a quota channel (enterprise accounts may carry their own). */
export function quotaLimit(
  account: Pick<Account, "customQuotas">,
  plan: PlanName,
  quota: Pick<QuotaChannelDefinition, "id" | "limits">,
): number {
  const custom = plan === "enterprise" ? account.customQuotas?.[quota.id] : undefined;
  return custom ?? quota.limits[plan];
}

/** The most that may be used: the limit plus the plan's grace (10% on paid plans, rounded down). */
export function quotaCeiling(limit: number, plan: PlanName): number {
  return Math.floor(limit * (1 + PLANS[plan].graceRatio) + 1e-9);
}

export function requestsPerMinute(account: Pick<Account, "customRpm">, plan: PlanName): number {
  return (plan === "enterprise" ? account.customRpm : null) ?? PLANS[plan].rpm;
}

/** Upgrades apply at once; a downgrade waits for the next period. */
export function isDowngrade(from: PlanName, to: PlanName): boolean {
  return PLANS[to].rank < PLANS[from].rank;
}
