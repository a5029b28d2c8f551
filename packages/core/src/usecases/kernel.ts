// The mechanics every lookup goes through, in order: authenticate -> scope -> rate limit -> cache (a hit costs
// nothing) -> reserve quota atomically -> compute -> store -> respond. Identical concurrent lookups of one account
// are coalesced into one computation and one unit of quota; a failed computation gives its unit back.
import { err, ok, type Result } from "neverthrow";
import { appError, toAppError, type AppError } from "../errors.js";
import type { Account } from "../ports/account-store.js";
import type { ApiKeyRecord } from "../ports/api-key-store.js";
import type { QuotaKey } from "../ports/quota-ledger.js";
import type { RateLimitDecision } from "../ports/rate-limiter.js";
import type { Evidence, SignalSource } from "../ports/signal-source.js";
import type { Channel } from "../schemas/common.js";
import { BATCH_RPM, type PlanName } from "../schemas/plans.js";
import { KEY_PREFIXES } from "../schemas/keys.js";
import { SCOPES, type Scope } from "../schemas/scopes.js";
import { currentPeriod, type Period } from "../policies/billing-period.js";
import { ACCESS_TOKEN_PREFIX } from "../policies/oauth/lifetimes.js";
import { quotaCeiling, quotaLimit, requestsPerMinute } from "../policies/limits.js";
import { deterministicExplainer } from "../scoring/deterministic-explainer.js";
import { guardStore } from "./guard-store.js";
import { DEFAULT_ENGINE_CONFIG, type EngineConfig, type EngineDeps, type Principal } from "./deps.js";

export interface QuotaState {
  readonly channel: Channel;
  readonly used: number;
  readonly limit: number;
}

export interface Meta {
  readonly quota?: QuotaState;
  readonly rateLimit?: RateLimitDecision;
}

export interface Outcome<T> {
  readonly value: T;
  readonly meta: Meta;
}

export interface AccountState {
  readonly account: Account;
  readonly plan: PlanName;
  readonly period: Period;
}

interface Expiring<T> {
  readonly value: T;
  readonly until: number;
}

const MAX_AUTH_CACHE = 10_000;
const USED_MEMO_MS = 1_000;

export class Kernel {
  readonly config: EngineConfig;
  readonly explainer;
  private readonly keyCache = new Map<string, Expiring<ApiKeyRecord | null>>();
  private readonly accountCache = new Map<string, Expiring<Account | null>>();
  private readonly inflight = new Map<string, Promise<Result<Outcome<unknown>, AppError>>>();
  /** Counters for the quota headers of cache hits: refreshed by this process's own charges, read again after 1 s. */
  private readonly usedMemo = new Map<string, Expiring<number>>();

  constructor(readonly deps: EngineDeps) {
    this.config = { ...DEFAULT_ENGINE_CONFIG, ...deps.config };
    this.explainer = deps.explainer ?? deterministicExplainer;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  /** Resolves an Authorization header value to a principal. */
  async authenticate(header: string | undefined): Promise<Result<Principal, AppError>> {
    if (header === undefined || header.trim() === "") {
      return err(
        appError(
          "missing_api_key",
          "Missing API key. Send the header 'Authorization: Bearer <API_KEY>' (sv_live_... or sv_test_...).",
        ),
      );
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
    const token = match?.[1];
    if (token === undefined) {
      return err(appError("invalid_api_key", "Malformed Authorization header. Use 'Authorization: Bearer <API_KEY>'."));
    }
    return guardStore(() =>
      token.startsWith(ACCESS_TOKEN_PREFIX) ? this.authenticateAccessToken(token) : this.authenticateApiKey(token),
    );
  }

  private async authenticateAccessToken(token: string): Promise<Result<Principal, AppError>> {
    const verified = this.deps.accessTokens ? await this.deps.accessTokens.verify(token) : null;
    if (verified === null) return err(appError("invalid_token", "The access token is invalid, expired or revoked."));
    const account = await this.cachedAccount(verified.accountId);
    if (account === null) return err(appError("invalid_token", "The access token's account no longer exists."));
    return ok({
      accountId: verified.accountId,
      mode: "live",
      via: "oauth",
      scopes: verified.scopes,
      clientId: verified.clientId,
      resource: verified.resource,
    });
  }

  private async authenticateApiKey(token: string): Promise<Result<Principal, AppError>> {
    const invalid = err(appError("invalid_api_key", "The API key is invalid or has been revoked."));
    if (!token.startsWith(KEY_PREFIXES.live) && !token.startsWith(KEY_PREFIXES.test)) return invalid;
    if (token.length < 40 || token.length > 128) return invalid;
    const hash = this.deps.hasher.sha256Hex(token);
    const record = await this.cachedKey(hash);
    // The store looked the key up by its hash; compare again in constant time before trusting it.
    if (record === null || record.revokedAt !== null || !this.deps.hasher.timingSafeEqual(record.hash, hash))
      return invalid;
    const account = await this.cachedAccount(record.accountId);
    if (account === null) return invalid;
    void this.deps.apiKeys.touch(record.id, this.now()).catch(() => undefined);
    return ok({ accountId: record.accountId, mode: record.mode, via: "api_key", scopes: SCOPES, keyId: record.id });
  }

  /** Reads through a small per-process memo that trusts what it read for `ttlMs` (by the engine clock). */
  private async memoized<T>(
    memo: Map<string, Expiring<T>>,
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
  ): Promise<T> {
    const t = this.now().getTime();
    const hit = memo.get(key);
    if (hit && hit.until > t) return hit.value;
    const value = await load();
    this.remember(memo, key, value, ttlMs);
    return value;
  }

  private remember<T>(memo: Map<string, Expiring<T>>, key: string, value: T, ttlMs: number): void {
    if (memo.size >= MAX_AUTH_CACHE) memo.clear();
    memo.set(key, { value, until: this.now().getTime() + ttlMs });
  }

  private cachedKey(hash: string): Promise<ApiKeyRecord | null> {
    return this.memoized(this.keyCache, hash, this.config.authCacheMs, () => this.deps.apiKeys.findByHash(hash));
  }

  cachedAccount(id: string): Promise<Account | null> {
    return this.memoized(this.accountCache, id, this.config.authCacheMs, () => this.deps.accounts.findById(id));
  }

  /** Forget what this process trusted about a key or account, so a change made here applies at once. */
  forgetKey(hash: string): void {
    this.keyCache.delete(hash);
  }

  forgetAccount(id: string): void {
    this.accountCache.delete(id);
  }

  /** What every authenticated call passes before its work: the scope, then the rate limit of its kind. */
  async admit(p: Principal, scope: Scope, kind: "api" | "batch"): Promise<Result<RateLimitDecision, AppError>> {
    const allowed = this.requireScope(p, scope);
    if (allowed.isErr()) return err(allowed.error);
    return this.rateLimit(p, kind);
  }

  private requireScope(p: Principal, scope: Scope): Result<void, AppError> {
    if (p.scopes.includes(scope)) return ok(undefined);
    return err(
      appError("insufficient_scope", `This token lacks the scope ${scope}.`, { details: { required_scope: scope } }),
    );
  }

  /** The account's plan and period now, rolling the stored period forward (and applying a deferred downgrade). */
  async accountState(accountId: string): Promise<AccountState | null> {
    const account = await this.cachedAccount(accountId);
    if (account === null) return null;
    const state = currentPeriod(account, this.now());
    if (state.changed) {
      const updated = await this.deps.accounts.update(accountId, {
        plan: state.plan,
        pendingPlan: state.pendingPlan,
        periodStart: account.plan === "free" && state.plan === "free" ? account.periodStart : state.period.start,
        periodEnd: account.plan === "free" && state.plan === "free" ? account.periodEnd : state.period.end,
      });
      this.forgetAccount(accountId);
      if (updated) return { account: updated, plan: state.plan, period: state.period };
    }
    return { account, plan: state.plan, period: state.period };
  }

  private rateLimit(p: Principal, kind: "api" | "batch"): Promise<Result<RateLimitDecision, AppError>> {
    return guardStore(() => this.rateLimitOnce(p, kind));
  }

  private async rateLimitOnce(p: Principal, kind: "api" | "batch"): Promise<Result<RateLimitDecision, AppError>> {
    const state = await this.accountState(p.accountId);
    if (state === null) return err(appError("invalid_api_key", "The account no longer exists."));
    const limit = kind === "batch" ? BATCH_RPM : requestsPerMinute(state.account, state.plan);
    const now = this.now();
    const decision = await this.deps.rateLimiter.hit(`${kind}:${p.accountId}`, limit, 60_000, now);
    if (decision.allowed) return ok(decision);
    const retryAfter = Math.max(1, Math.min(60, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000)));
    return err(
      appError(
        "rate_limit_exceeded",
        `Rate limit of ${limit} requests per minute exceeded. Retry in ${retryAfter} s.`,
        {
          retryAfter,
          details: { limit, window_seconds: 60, scope: kind === "batch" ? "batch" : "account" },
        },
      ),
    );
  }

  /** Runs the sources in parallel, each with its own time budget; a failure or timeout reads "unavailable". */
  async gather<T>(sources: readonly SignalSource<T>[], input: T): Promise<{ evidence: Evidence; weight: number }[]> {
    return Promise.all(
      sources.map(async (source) => {
        const controller = new AbortController();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<Evidence>((resolve) => {
          timer = setTimeout(() => {
            controller.abort();
            resolve(unavailable(source.name, "timed out"));
          }, source.timeoutMs);
        });
        try {
          const evidence = await Promise.race([
            source.check(input, { signal: controller.signal }).catch(() => unavailable(source.name, "failed")),
            timeout,
          ]);
          return { evidence, weight: source.weight };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  }

  /**
   * Cache -> quota -> compute for one item. `compute` returns the assessment without the cache fields; a cache hit
   * or a coalesced follower is marked cached and costs nothing. Quota is reserved before computing and given
   * back when the computation fails.
   */
  async charged<T extends object>(
    p: Principal,
    channel: Channel,
    cacheKey: string,
    forceRefresh: boolean,
    compute: () => Promise<Result<T, AppError>>,
  ): Promise<Result<Outcome<T & { cached: boolean; cache_expires_at: string }>, AppError>> {
    type Out = Outcome<T & { cached: boolean; cache_expires_at: string }>;
    const flightKey = `${p.accountId}\u0000${cacheKey}`;
    if (!forceRefresh) {
      const running = this.inflight.get(flightKey);
      if (running) {
        const shared = (await running) as Result<Out, AppError>;
        return shared.map((o) => ({ value: { ...o.value, cached: true }, meta: o.meta }));
      }
    }
    const work = guardStore(() => this.chargedOnce<T>(p, channel, cacheKey, forceRefresh, compute));
    if (forceRefresh) return work;
    this.inflight.set(flightKey, work as Promise<Result<Outcome<unknown>, AppError>>);
    try {
      return await work;
    } finally {
      this.inflight.delete(flightKey);
    }
  }

  private async chargedOnce<T extends object>(
    p: Principal,
    channel: Channel,
    cacheKey: string,
    forceRefresh: boolean,
    compute: () => Promise<Result<T, AppError>>,
  ): Promise<Result<Outcome<T & { cached: boolean; cache_expires_at: string }>, AppError>> {
    const state = await this.accountState(p.accountId);
    if (state === null) return err(appError("invalid_api_key", "The account no longer exists."));
    const limit = quotaLimit(state.account, state.plan, channel);
    const key = { accountId: p.accountId, channel, periodStart: state.period.start };
    const now = this.now();
    if (!forceRefresh) {
      const hit = await this.deps.cache.get(cacheKey, now);
      if (hit) {
        const used = await this.usedForHeaders(key);
        return ok({
          value: { ...(hit.value as T), cached: true, cache_expires_at: hit.expiresAt.toISOString() },
          meta: { quota: { channel, used, limit } },
        });
      }
    }
    const reservation = await this.deps.quota.reserve(key, quotaCeiling(limit, state.plan));
    this.rememberUsed(key, reservation.used);
    if (!reservation.ok) return err(this.quotaExhausted(channel, reservation.used, limit, state.period.end));
    // Anything failing between the reservation and the response (computing, or storing the result) gives
    // the unit back: only successful lookups cost quota.
    let computed: Result<T, AppError>;
    let expiresAt = this.now();
    try {
      computed = await compute();
      if (computed.isOk()) {
        expiresAt = new Date(this.now().getTime() + this.config.cacheTtlMs);
        await this.deps.cache.set(cacheKey, { value: computed.value, createdAt: this.now(), expiresAt });
      }
    } catch (e) {
      computed = err(toAppError(e));
    }
    if (computed.isErr()) {
      this.rememberUsed(key, await this.deps.quota.release(key));
      return err(computed.error);
    }
    return ok({
      value: { ...computed.value, cached: false, cache_expires_at: expiresAt.toISOString() },
      meta: { quota: { channel, used: reservation.used, limit } },
    });
  }

  private memoKey(key: QuotaKey): string {
    return `${key.accountId}\u0000${key.channel}\u0000${key.periodStart.getTime()}`;
  }

  private rememberUsed(key: QuotaKey, used: number): void {
    this.remember(this.usedMemo, this.memoKey(key), used, USED_MEMO_MS);
  }

  /**
   * The counter shown in the quota headers of a cache hit. Charging is always atomic in the store; the header may
   * lag another process's charges by up to a second, which spares every cache hit a database read.
   */
  private usedForHeaders(key: QuotaKey): Promise<number> {
    return this.memoized(this.usedMemo, this.memoKey(key), USED_MEMO_MS, async () => {
      return (await this.deps.quota.read(key.accountId, key.periodStart))[key.channel];
    });
  }

  quotaExhausted(channel: Channel, used: number, limit: number, resetsAt: Date): AppError {
    return appError(
      "quota_exhausted",
      `The ${channel} quota of this billing period is used up (${used} of ${limit}).`,
      {
        details: { channel, used, limit, resets_at: resetsAt.toISOString() },
        upgradeUrl: this.config.upgradeUrl,
      },
    );
  }

  /** Current quota counters for response headers (test keys and batches use it); undefined when unreadable. */
  async quotaState(accountId: string, channel: Channel): Promise<QuotaState | undefined> {
    try {
      const state = await this.accountState(accountId);
      if (state === null) return undefined;
      const used = (await this.deps.quota.read(accountId, state.period.start))[channel];
      return { channel, used, limit: quotaLimit(state.account, state.plan, channel) };
    } catch {
      // Headers only: a response is not failed for want of its quota counters.
      return undefined;
    }
  }
}

export function unavailable(source: string, reason: string): Evidence {
  return { source, status: "unavailable", reason, signals: {}, factors: [] };
}
