export type { Account, AccountPatch, AccountStore, NewAccount } from "./account-store.js";
export type { ApiKeyRecord, ApiKeyStore } from "./api-key-store.js";
export type { HeldUnit, QuotaHold, QuotaKey, QuotaLedger, Reservation } from "./quota-ledger.js";
export type { CachedValue, ResultCache } from "./result-cache.js";
export type { RateLimitDecision, RateLimiter, SlidingLimiter } from "./rate-limiter.js";
export type { CommunityReport, ReportStore } from "./report-store.js";
export type { Clock } from "./clock.js";
export type { Timers } from "./timers.js";
export type { Ids } from "./ids.js";
export type { Hasher, PasswordHasher } from "./hasher.js";
export type { HealthProbe } from "./health-probe.js";
export type { Evidence, SignalContext, SignalSource, SourceKind, SourcePause } from "./signal-source.js";
export type { ExplanationInput, Explainer } from "./explainer.js";
export type { FeedRecord, FeedSnapshot, FeedStore } from "./feed-store.js";
export type {
  AccessTokenRecord,
  AuthorizationCodeRecord,
  ConsumeCodeOutcome,
  IssuedTokens,
  OAuthClient,
  OAuthSession,
  OAuthStore,
  RefreshTokenRecord,
  RotateOutcome,
  TokenFamily,
  WithFamily,
} from "./oauth-store.js";
export type { ClientMetadataDocuments, ClientMetadataFetch } from "./client-metadata-documents.js";
export type {
  IdempotencyClaim,
  IdempotencyClaimInput,
  IdempotencyClaimRef,
  IdempotencyKeyRef,
  IdempotencyStore,
  StoredResponse,
} from "./idempotency-store.js";
export { noTelemetry } from "./telemetry.js";
export type { LookupEnd, Refusal, SourceOutcome, Telemetry } from "./telemetry.js";
export type { ListEntryRecord, ListPosition, ListStore, ListUpsert } from "./list-store.js";
export type {
  AccountFeedbackSettings,
  FeedbackPosition,
  FeedbackRecord,
  FeedbackStore,
  ResultReceipt,
} from "./feedback-store.js";
