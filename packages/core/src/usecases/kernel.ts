// The mechanics every lookup goes through, each part with one job: authenticate (authenticator.ts) -> scope and
// rate limit (admission.ts) -> the account's period (account-periods.ts) -> cache, quota and coalescing
// (charged-lookup.ts) -> the signal sources' fan-out (evidence-fanout.ts) -> the quota headers
// (quota-counters.ts). The kernel holds them together with the engine's dependencies and channel registry; use cases
// are verbs beside it.
import type { Result } from "neverthrow";
import type { AppError } from "../errors.js";
import type { Account } from "../ports/account-store.js";
import type { HeldUnit, QuotaKey } from "../ports/quota-ledger.js";
import type { RateLimitDecision } from "../ports/rate-limiter.js";
import type { SignalSource } from "../ports/signal-source.js";
import { realTimers, type Timers } from "../ports/timers.js";
import { noTelemetry, type Telemetry } from "../ports/telemetry.js";
import type { IdempotencyStore } from "../ports/idempotency-store.js";
import { InMemoryIdempotencyStore } from "../policies/in-memory-idempotency-store.js";
import type { Scope } from "../schemas/scopes.js";
import type { CacheFields, ChannelPorts } from "../channels/define-channel.js";
import { createChannelRegistry, type ChannelRegistry } from "../channels/registry.js";
import { deterministicExplainer } from "../scoring/deterministic-explainer.js";
import { DEFAULT_ENGINE_CONFIG, type EngineConfig, type EngineDeps, type Principal } from "./deps.js";
import { AccountPeriods, type AccountState } from "./mechanics/account-periods.js";
import { Admission, type CallKind } from "./mechanics/admission.js";
import { Authenticator } from "./mechanics/authenticator.js";
import { ChargedLookups, type Outcome } from "./mechanics/charged-lookup.js";
import { gatherEvidence } from "./mechanics/evidence-fanout.js";
import { QuotaCounters, type QuotaState } from "./mechanics/quota-counters.js";
import { AccountViews } from "./mechanics/account-views.js";
import type { ListStore } from "../ports/list-store.js";
import type { FeedbackStore } from "../ports/feedback-store.js";
import { InMemoryListStore } from "../lists/in-memory-list-store.js";
import { InMemoryFeedbackStore } from "../lists/in-memory-feedback-store.js";
import { threatFeedSources } from "../lists/apply-lists.js";

export type { AccountState } from "./mechanics/account-periods.js";
export type { Meta, Outcome } from "./mechanics/charged-lookup.js";
export type { QuotaState } from "./mechanics/quota-counters.js";
export { unavailable } from "./mechanics/evidence-fanout.js";

/** The ports a channel's assessment may use, from the engine's dependencies (the absent ones stay absent). */
function channelPorts(deps: EngineDeps, timers: Timers): ChannelPorts {
  const { hasher, ids, ai, qrDecoder, documentReader, mailReader, emailAuthenticator, urlSources, phoneSources } = deps;
  return {
    hasher,
    ids,
    timers,
    ...(ai === undefined ? {} : { ai }),
    ...(qrDecoder === undefined ? {} : { qrDecoder }),
    ...(documentReader === undefined ? {} : { documentReader }),
    ...(mailReader === undefined ? {} : { mailReader }),
    ...(emailAuthenticator === undefined ? {} : { emailAuthenticator }),
    ...(urlSources === undefined ? {} : { urlSources }),
    ...(phoneSources === undefined ? {} : { phoneSources }),
  };
}

export class Kernel {
  readonly config: EngineConfig;
  readonly explainer;
  readonly registry: ChannelRegistry;
  readonly timers: Timers;
  readonly auth: Authenticator;
  readonly periods: AccountPeriods;
  readonly admission: Admission;
  readonly counters: QuotaCounters;
  readonly lookups: ChargedLookups;
  readonly telemetry: Telemetry;
  readonly idempotency: IdempotencyStore;
  /** What channels' assessments are handed (AssessContext.ports). */
  readonly ports: ChannelPorts;
  readonly lists: ListStore;
  readonly feedback: FeedbackStore;
  /** Each account's lists on a result and its receipts of results (after the shared cache). */
  readonly views: AccountViews;

  constructor(readonly deps: EngineDeps) {
    this.config = { ...DEFAULT_ENGINE_CONFIG, ...deps.config };
    this.explainer = deps.explainer ?? deterministicExplainer;
    this.registry = createChannelRegistry(deps.channels);
    this.timers = deps.timers ?? realTimers;
    this.telemetry = deps.telemetry ?? noTelemetry;
    this.idempotency = deps.idempotency ?? new InMemoryIdempotencyStore(deps.quota);
    this.ports = channelPorts(deps, this.timers);
    this.lists = deps.lists ?? new InMemoryListStore();
    this.feedback = deps.feedback ?? new InMemoryFeedbackStore();
    this.views = new AccountViews(
      this.lists,
      this.feedback,
      deps.clock,
      this.config.authCacheMs,
      threatFeedSources([...(deps.urlSources ?? []), ...(deps.phoneSources ?? [])]),
    );
    this.auth = new Authenticator(deps, this.config);
    this.periods = new AccountPeriods(deps, this.auth);
    this.admission = new Admission(deps, this.periods, this.telemetry);
    this.counters = new QuotaCounters(deps, this.config, this.registry, this.periods);
    this.lookups = new ChargedLookups(
      deps,
      this.idempotency,
      this.config,
      this.periods,
      this.counters,
      this.timers,
      this.telemetry,
    );
  }

  now(): Date {
    return this.deps.clock.now();
  }

  authenticate(header: string | undefined): Promise<Result<Principal, AppError>> {
    return this.auth.authenticate(header);
  }

  cachedAccount(id: string): Promise<Account | null> {
    return this.auth.account(id);
  }

  forgetKey(hash: string): void {
    this.auth.forgetKey(hash);
  }

  forgetAccount(id: string): void {
    this.auth.forgetAccount(id);
  }

  admit(p: Principal, scope: Scope, kind: CallKind): Promise<Result<RateLimitDecision, AppError>> {
    return this.admission.admit(p, scope, kind);
  }

  accountState(accountId: string): Promise<AccountState | null> {
    return this.periods.state(accountId);
  }

  gather<T>(sources: readonly SignalSource<T>[], input: T): ReturnType<typeof gatherEvidence<T>> {
    return gatherEvidence(this.timers, sources, input, this.telemetry);
  }

  /**
   * Cache -> quota (of `channel`, or none when null) -> compute; see charged-lookup.ts. A unit this call charges is
   * added to `charges`, for a caller that may have to give it back with `giveBack`; with `holds`, the unit is left
   * held and added there instead, for a caller that keeps or gives back its hold with its own answer.
   */
  charged<T extends object>(
    p: Principal,
    channel: string | null,
    cacheKey: string,
    forceRefresh: boolean,
    compute: () => Promise<Result<T, AppError>>,
    charges?: QuotaKey[],
    holds?: HeldUnit[],
  ): Promise<Result<Outcome<T & CacheFields>, AppError>> {
    return this.lookups.run(p, channel, cacheKey, forceRefresh, compute, charges, holds);
  }

  /** Gives back units collected by `charged` for an answer of `p` that failed after they were charged. */
  giveBack(p: Principal, charges: readonly QuotaKey[]): Promise<void> {
    return this.lookups.giveBack(p, charges);
  }

  /** Gives back units `charged` left held (into `holds`) for an answer that will not be kept. */
  releaseHeld(holds: readonly HeldUnit[]): Promise<void> {
    return this.lookups.releaseHeld(holds);
  }

  quotaState(accountId: string, channel: string): Promise<QuotaState | undefined> {
    return this.counters.state(accountId, channel);
  }
}
