// Cache -> quota -> compute for one item. A cache hit or a coalesced follower is marked cached and costs nothing;
// quota is reserved before computing (so concurrent callers never overspend) as a durable hold with a time limit,
// committed when the lookup succeeds and given back when the computation fails. A refund or commit the store cannot
// take at that moment (the database itself failing) is kept and retried until it lands, so a lookup the client saw
// fail never stays charged; a process that dies mid-lookup leaves its hold to expire, and settleExpiredHolds (run by
// servers at start-up and every minute) gives the unit back. A lookup run under an Idempotency-Key claim commits its
// unit through the idempotency store, which notes it on the claim in the same step: a process killed after the commit
// and before the answer was stored for the key leaves the unit noted, and the retry that takes the claim over gives
// it back, so the lookup is charged once.
import { err, ok, type Result } from "neverthrow";
import { appError, toAppError, type AppError } from "../../errors.js";
import type { IdempotencyClaimRef, IdempotencyStore } from "../../ports/idempotency-store.js";
import type { HeldUnit, QuotaHold, QuotaKey } from "../../ports/quota-ledger.js";
import type { CachedValue } from "../../ports/result-cache.js";
import type { RateLimitDecision } from "../../ports/rate-limiter.js";
import type { Telemetry } from "../../ports/telemetry.js";
import type { Timers } from "../../ports/timers.js";
import type { CacheFields } from "../../channels/define-channel.js";
import { quotaCeiling } from "../../policies/limits.js";
import { isoTimestamp } from "../../policies/iso-time.js";
import type { EngineConfig, EngineDeps, Principal } from "../deps.js";
import { guardStore } from "../guard-store.js";
import type { AccountPeriods, AccountState } from "./account-periods.js";
import type { QuotaCounters, QuotaState } from "./quota-counters.js";

export interface Meta {
  readonly quota?: QuotaState;
  readonly rateLimit?: RateLimitDecision;
}

export interface Outcome<T> {
  readonly value: T;
  readonly meta: Meta;
}

const REFUND_RETRY_MS = 2_000;

/**
 * `{ ...value, cached, cache_expires_at }`, field for field and in that order, made by copying and then setting the
 * two fields: on this JavaScript engine a spread followed by more fields gives each object a shape of its own, so
 * every answer would meet the code reading it after (the account's view, its receipt, the serialiser) as a stranger.
 */
export function withCacheFields<T extends object>(value: T, cached: boolean, expiresAt: string): T & CacheFields {
  const out = Object.assign({}, value) as T & { cached: boolean; cache_expires_at: string };
  out.cached = cached;
  out.cache_expires_at = expiresAt;
  return out;
}

/** A settlement the store refused: a unit to give back (with its hold, when it had one), or a hold to commit. */
interface Owed {
  readonly key: QuotaKey;
  readonly holdId?: string;
  readonly commit?: boolean;
  /** The claim the unit is noted on (the lookup ran under an Idempotency-Key). */
  readonly claim?: IdempotencyClaimRef;
}

export class ChargedLookups {
  private readonly inflight = new Map<string, Promise<Result<Outcome<unknown>, AppError>>>();
  /** Units owed back to accounts (and holds to commit) the store refused; retried until they land. */
  private readonly owed: Owed[] = [];
  private retrying = false;
  /**
   * The answer built from each cache entry, kept while the entry is: the in-process cache layer hands out the same
   * entry on every hit, so a hot answer is built once, frozen, and shared (a face may serialise it once, too). The
   * entry's own value is shared between hits already; the answer adds only the two cache fields on top of it.
   */
  private readonly answers = new WeakMap<CachedValue, object>();

  constructor(
    private readonly deps: EngineDeps,
    private readonly idempotency: IdempotencyStore,
    private readonly config: EngineConfig,
    private readonly periods: AccountPeriods,
    private readonly counters: QuotaCounters,
    private readonly timers: Timers,
    private readonly telemetry: Telemetry,
  ) {}

  /** Units still owed back (operators' view; 0 once the store has taken every refund). */
  get refundsOwed(): number {
    return this.owed.filter((o) => o.commit !== true).length;
  }

  /**
   * Gives back the units of holds past their time: lookups whose process died before it could commit or give back
   * its unit. Returns how many. Safe to run from every process at once: each hold is given back once.
   */
  settleExpiredHolds(): Promise<number> {
    return this.deps.quota.releaseExpired(this.deps.clock.now());
  }

  async run<T extends object>(
    p: Principal,
    channel: string | null,
    cacheKey: string,
    forceRefresh: boolean,
    compute: () => Promise<Result<T, AppError>>,
    charges?: QuotaKey[],
    holds?: HeldUnit[],
  ): Promise<Result<Outcome<T & CacheFields>, AppError>> {
    type Out = Outcome<T & CacheFields>;
    const flightKey = `${p.accountId}\u0000${cacheKey}`;
    if (!forceRefresh) {
      const running = this.inflight.get(flightKey);
      if (running) {
        const shared = (await running) as Result<Out, AppError>;
        return shared.map((o) => ({ value: { ...o.value, cached: true }, meta: o.meta }));
      }
    }
    const work = guardStore(() => this.once<T>(p, channel, cacheKey, forceRefresh, compute, charges, holds));
    if (forceRefresh) return work;
    this.inflight.set(flightKey, work as Promise<Result<Outcome<unknown>, AppError>>);
    try {
      return await work;
    } finally {
      this.inflight.delete(flightKey);
    }
  }

  private async once<T extends object>(
    p: Principal,
    channel: string | null,
    cacheKey: string,
    forceRefresh: boolean,
    compute: () => Promise<Result<T, AppError>>,
    charges?: QuotaKey[],
    holds?: HeldUnit[],
  ): Promise<Result<Outcome<T & CacheFields>, AppError>> {
    const state = await this.periods.state(p.accountId);
    if (state === null) return err(appError("invalid_api_key", "The account no longer exists."));
    const key = channel === null ? null : { accountId: p.accountId, channel, periodStart: state.period.start };
    const limit = channel === null ? 0 : this.counters.limit(state, channel);
    if (!forceRefresh) {
      const hit = await this.deps.cache.get(cacheKey, this.deps.clock.now());
      this.telemetry.cacheRead(hit !== null);
      if (hit) {
        const value = this.answerOf<T>(hit);
        if (key === null) return ok({ value, meta: {} });
        return ok({
          value,
          meta: { quota: { channel: key.channel, used: await this.counters.forHeaders(key), limit } },
        });
      }
    }
    if (this.owed.length > 0) await this.settleOwed();
    let used = 0;
    let hold: QuotaHold | undefined;
    if (key !== null) {
      hold = {
        id: this.deps.ids.uuid(),
        expiresAt: new Date(this.deps.clock.now().getTime() + this.config.quotaHoldMs),
      };
      const reservation = await this.deps.quota.reserve(key, quotaCeiling(limit, state.plan), hold);
      this.counters.remember(key, reservation.used);
      if (!reservation.ok) {
        this.telemetry.refused("quota_exhausted");
        return err(this.counters.exhausted(key.channel, reservation.used, limit, state.period.end));
      }
      used = reservation.used;
    }
    // Anything failing between the reservation and the response (computing, or storing the result) gives the unit
    // back: only successful lookups cost quota.
    let computed: Result<T, AppError>;
    let expiresAt = this.deps.clock.now();
    try {
      computed = await compute();
      if (computed.isOk()) {
        const createdAt = this.deps.clock.now();
        expiresAt = new Date(createdAt.getTime() + this.config.cacheTtlMs);
        await this.deps.cache.set(cacheKey, { value: computed.value, createdAt, expiresAt });
      }
    } catch (e) {
      computed = err(toAppError(e));
    }
    if (computed.isErr()) {
      if (key !== null) await this.settle({ key, ...(hold ? { holdId: hold.id } : {}) });
      return err(computed.error);
    }
    if (key !== null && hold && holds) {
      // The caller keeps or gives back the hold with its own answer.
      holds.push({ key, holdId: hold.id });
    } else {
      if (key !== null && hold) {
        // Set, not spread in: the settlement keeps one shape whether or not the lookup runs under a claim.
        const commit: { -readonly [K in keyof Owed]: Owed[K] } = { key, holdId: hold.id, commit: true };
        if (p.claim) commit.claim = p.claim;
        await this.settle(commit);
      }
      if (key !== null) charges?.push(key);
    }
    const value = withCacheFields(computed.value, false, isoTimestamp(expiresAt));
    return ok({ value, meta: key === null ? {} : { quota: { channel: key.channel, used, limit } } });
  }

  /**
   * What `run` answers, at once, for a lookup this process can answer from memory: not forced, no identical lookup
   * under way, the result in the cache's in-process layer and the quota counter of `channel` (when not null) in the
   * headers' memo. `state` is the account's, as `periods.held` gives it. undefined when any of it is not held; then
   * nothing was read, counted or charged, and `run` does the lookup. A hit costs no quota, as on `run`'s path.
   */
  held<T extends object>(
    p: Principal,
    channel: string | null,
    cacheKey: string,
    state: AccountState,
    now: Date,
  ): Outcome<T & CacheFields> | undefined {
    if (this.inflight.size > 0 && this.inflight.has(`${p.accountId}\u0000${cacheKey}`)) return undefined;
    const hit = this.deps.cache.held?.(cacheKey, now);
    if (hit === undefined) return undefined;
    if (channel === null) return { value: this.answerOf<T>(hit), meta: {} };
    const key = { accountId: p.accountId, channel, periodStart: state.period.start };
    const used = this.counters.heldForHeaders(key, now.getTime());
    if (used === undefined) return undefined;
    return {
      value: this.answerOf<T>(hit),
      meta: { quota: { channel, used, limit: this.counters.limit(state, channel) } },
    };
  }

  /** The frozen answer of a cache entry: made on its first hit, the same object on every later one. */
  private answerOf<T extends object>(hit: CachedValue): T & CacheFields {
    let value = this.answers.get(hit) as (T & CacheFields) | undefined;
    if (value === undefined) {
      value = Object.freeze(withCacheFields(hit.value as T, true, isoTimestamp(hit.expiresAt)));
      this.answers.set(hit, value);
    }
    return value;
  }

  /**
   * Gives back units charged by lookups that succeeded as part of a larger answer that then failed (a QR code's
   * links): the client saw that answer fail, so none of it is charged. Retried like any refund.
   */
  async giveBack(p: Principal, charges: readonly QuotaKey[]): Promise<void> {
    for (const key of charges) await this.settle({ key, ...(p.claim ? { claim: p.claim } : {}) });
  }

  /** Gives back held units (and closes their holds) of an answer that will not be kept. Retried like any refund. */
  async releaseHeld(holds: readonly HeldUnit[]): Promise<void> {
    for (const { key, holdId } of holds) await this.settle({ key, holdId });
  }

  /** Commits a hold or gives a unit back now; when the store refuses, keeps it owed and retries later. */
  private async settle(owed: Owed): Promise<void> {
    try {
      await this.apply(owed);
    } catch {
      this.owed.push(owed);
      this.scheduleRetry();
    }
  }

  private async apply(owed: Owed): Promise<void> {
    if (owed.commit === true && owed.holdId !== undefined) {
      if (owed.claim) await this.idempotency.commitCharge(owed.claim, owed.holdId, owed.key);
      else await this.deps.quota.commit(owed.holdId);
      return;
    }
    // A unit without its hold, charged under a claim: taken off the claim's noted units as it is given back.
    const used =
      owed.claim && owed.holdId === undefined
        ? await this.idempotency.refundCharge(owed.claim, owed.key)
        : await this.deps.quota.release(owed.key, owed.holdId);
    this.counters.remember(owed.key, used);
  }

  /** Settles what is owed, oldest first; stops at the first the store still refuses. */
  async settleOwed(): Promise<void> {
    while (this.owed.length > 0) {
      try {
        await this.apply(this.owed[0]!);
      } catch {
        this.scheduleRetry();
        return;
      }
      this.owed.shift();
    }
  }

  private scheduleRetry(): void {
    if (this.retrying) return;
    this.retrying = true;
    this.timers.schedule(
      REFUND_RETRY_MS,
      () => {
        this.retrying = false;
        void this.settleOwed();
      },
      { background: true },
    );
  }
}
