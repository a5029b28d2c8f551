// Quota counters as responses show them: the X-Quota-* headers and the quota_exhausted error. Charging itself is
// atomic in the store (charged-lookup.ts); the counters a cache hit shows may lag another process's charges by up
// to a second, which spares every cache hit a database read.
import { appError, type AppError } from "../../errors.js";
import type { QuotaKey } from "../../ports/quota-ledger.js";
import type { ChannelRegistry } from "../../channels/registry.js";
import { quotaLimit } from "../../policies/limits.js";
import type { EngineConfig, EngineDeps } from "../deps.js";
import type { AccountPeriods, AccountState } from "./account-periods.js";
import { ExpiringMemo } from "./memo.js";

export interface QuotaState {
  readonly channel: string;
  readonly used: number;
  readonly limit: number;
}

const USED_MEMO_MS = 1_000;

export class QuotaCounters {
  private readonly used: ExpiringMemo<number>;

  constructor(
    private readonly deps: EngineDeps,
    private readonly config: EngineConfig,
    private readonly registry: ChannelRegistry,
    private readonly periods: AccountPeriods,
  ) {
    this.used = new ExpiringMemo(deps.clock, () => USED_MEMO_MS);
  }

  /** The limit of a quota channel for the account's plan now. */
  limit(state: AccountState, channel: string): number {
    const quota = this.registry.quota(channel);
    if (quota === undefined) throw new Error(`unknown quota channel ${channel}`);
    return quotaLimit(state.account, state.plan, quota);
  }

  /** The last memo key made, kept: the same account asks again and again, and its key's hash is then known. */
  private last: { accountId: string; channel: string; period: number; key: string } | undefined;

  private memoKey(key: QuotaKey): string {
    const period = key.periodStart.getTime();
    const last = this.last;
    if (
      last !== undefined &&
      last.accountId === key.accountId &&
      last.channel === key.channel &&
      last.period === period
    )
      return last.key;
    const made = `${key.accountId}\u0000${key.channel}\u0000${period}`;
    this.last = { accountId: key.accountId, channel: key.channel, period, key: made };
    return made;
  }

  /** Records a counter this process has just read or changed. */
  remember(key: QuotaKey, used: number): void {
    this.used.set(this.memoKey(key), used);
  }

  /** The counter for headers, from this process's memo when fresh. */
  forHeaders(key: QuotaKey): Promise<number> {
    return this.used.get(this.memoKey(key), async () => {
      return (await this.deps.quota.read(key.accountId, key.periodStart))[key.channel] ?? 0;
    });
  }

  /** The counter for headers when this process's memo holds it fresh; undefined when `forHeaders` must read it. */
  heldForHeaders(key: QuotaKey, nowMs: number): number | undefined {
    return this.used.peek(this.memoKey(key), nowMs);
  }

  exhausted(channel: string, used: number, limit: number, resetsAt: Date): AppError {
    return appError(
      "quota_exhausted",
      `The ${channel} quota of this billing period is used up (${used} of ${limit}).`,
      {
        details: { channel, used, limit, resets_at: resetsAt.toISOString() },
        upgradeUrl: this.config.upgradeUrl,
      },
    );
  }

  /** Current counters for response headers (test keys and batches use it); undefined when unreadable. */
  async state(accountId: string, channel: string): Promise<QuotaState | undefined> {
    try {
      const state = await this.periods.state(accountId);
      if (state === null) return undefined;
      const used = (await this.deps.quota.read(accountId, state.period.start))[channel] ?? 0;
      return { channel, used, limit: this.limit(state, channel) };
    } catch {
      // Headers only: a response is not failed for want of its quota counters.
      return undefined;
    }
  }
}
