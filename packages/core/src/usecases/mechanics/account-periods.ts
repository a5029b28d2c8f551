// The account's plan and billing period now: rolls a stored period forward when it has ended and applies a
// deferred downgrade, writing the change once.
import type { Account } from "../../ports/account-store.js";
import type { EngineDeps } from "../deps.js";
import { currentPeriod, type Period } from "../../policies/billing-period.js";
import type { PlanName } from "../../schemas/plans.js";
import type { Authenticator } from "./authenticator.js";

export interface AccountState {
  readonly account: Account;
  readonly plan: PlanName;
  readonly period: Period;
}

export class AccountPeriods {
  constructor(
    private readonly deps: EngineDeps,
    private readonly auth: Authenticator,
  ) {}

  /**
   * null when the account no longer exists. An account this process holds, in its current period, is answered
   * without an async step (every lookup asks twice: its rate limit and its quota).
   */
  state(accountId: string): Promise<AccountState | null> {
    const held = this.held(accountId, this.deps.clock.now());
    if (held !== undefined) return Promise.resolve(held);
    return this.read(accountId);
  }

  /**
   * What `state` answers at `now`, at once, when this process holds the account (or knows it is gone) and its stored
   * period is still current; undefined when it must be read or rolled forward (`state` then).
   */
  held(accountId: string, now: Date): AccountState | null | undefined {
    const held = this.auth.heldAccount(accountId, now.getTime());
    if (held === null) return null;
    if (held === undefined) return undefined;
    const state = currentPeriod(held, now);
    return state.changed ? undefined : { account: held, plan: state.plan, period: state.period };
  }

  private async read(accountId: string): Promise<AccountState | null> {
    const account = await this.auth.account(accountId);
    if (account === null) return null;
    const state = currentPeriod(account, this.deps.clock.now());
    if (state.changed) {
      const keepFree = account.plan === "free" && state.plan === "free";
      const updated = await this.deps.accounts.update(accountId, {
        plan: state.plan,
        pendingPlan: state.pendingPlan,
        periodStart: keepFree ? account.periodStart : state.period.start,
        periodEnd: keepFree ? account.periodEnd : state.period.end,
      });
      this.auth.forgetAccount(accountId);
      if (updated) return { account: updated, plan: state.plan, period: state.period };
    }
    return { account, plan: state.plan, period: state.period };
  }
}
