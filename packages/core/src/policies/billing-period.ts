import type { Account } from "../ports/account-store.js";
import type { PlanName } from "../schemas/plans.js";

export interface Period {
  readonly start: Date;
  readonly end: Date;
}

function addMonthsUtc(d: Date, months: number): Date {
  const out = new Date(d.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/** Free plans: the calendar month in UTC (reset on the 1st at 00:00 UTC). */
export function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

export interface PeriodState {
  readonly plan: PlanName;
  readonly pendingPlan: PlanName | null;
  readonly period: Period;
  /** true when the stored account must be updated (period rolled, downgrade applied). */
  readonly changed: boolean;
}

/**
 * The account's current plan and period at `now`. Paid periods roll forward by whole months from the stored
 * period (as the payment provider's cycle would) and a pending downgrade takes effect at the first roll.
 */
export function currentPeriod(account: Account, now: Date): PeriodState {
  let plan = account.plan;
  let pendingPlan = account.pendingPlan;
  let start = account.periodStart;
  let end = account.periodEnd;
  let changed = false;
  while (now.getTime() >= end.getTime()) {
    start = end;
    end = addMonthsUtc(end, 1);
    changed = true;
    if (pendingPlan !== null) {
      plan = pendingPlan;
      pendingPlan = null;
    }
  }
  if (plan === "free") {
    const month = calendarMonth(now);
    return { plan, pendingPlan, period: month, changed };
  }
  return { plan, pendingPlan, period: { start, end }, changed };
}
