import type { AccountStore } from "../ports/account-store.js";
import type { ApiKeyStore } from "../ports/api-key-store.js";
import type { Scoring } from "../scoring/weights.js";
import type { Clock } from "../ports/clock.js";
import type { Explainer } from "../ports/explainer.js";
import type { Hasher, PasswordHasher } from "../ports/hasher.js";
import type { HealthProbe } from "../ports/health-probe.js";
import type { Ids } from "../ports/ids.js";
import type { QuotaLedger } from "../ports/quota-ledger.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import type { ReportStore } from "../ports/report-store.js";
import type { ResultCache } from "../ports/result-cache.js";
import type { SignalSource } from "../ports/signal-source.js";
import type { NormalizedUrl } from "../analyzers/url/normalized-url.js";
import type { NormalizedPhone } from "../analyzers/phone/normalized-phone.js";
import type { Scope } from "../schemas/scopes.js";
import type { Timers } from "../ports/timers.js";
import type { AiAnalyst } from "../ports/ai-analyst.js";
import type { QrDecoder } from "../ports/qr-decoder.js";
import type { MailReader } from "../ports/mail-reader.js";
import type { EmailAuthenticator } from "../ports/email-authenticator.js";
import type { DocumentReader } from "../ports/document-reader.js";
import type { AnyChannel } from "../channels/define-channel.js";
import type { JobDeps } from "./jobs.js";
import type { Telemetry } from "../ports/telemetry.js";
import type { IdempotencyClaimRef, IdempotencyStore } from "../ports/idempotency-store.js";
import type { ListStore } from "../ports/list-store.js";
import type { FeedbackStore } from "../ports/feedback-store.js";

/** Who is calling: resolved from an API key or an OAuth access token. */
export interface Principal {
  readonly accountId: string;
  readonly mode: "live" | "test";
  readonly via: "api_key" | "oauth";
  readonly scopes: readonly Scope[];
  readonly keyId?: string;
  readonly clientId?: string;
  /** OAuth only: the resource (RFC 8707 audience) the access token was issued for. */
  readonly resource?: string;
  /**
   * The Idempotency-Key claim the request runs under, when it was sent with a key: the quota units it commits are
   * noted on the claim, so a retry that takes the claim over after this run was cut off is charged once.
   */
  readonly claim?: IdempotencyClaimRef;
}

/** Resolves OAuth access tokens (svat_...) to a principal; provided by the OAuth module when it is wired. */
export interface AccessTokenVerifier {
  /** null when the token is unknown, expired or revoked. */
  verify(
    token: string,
  ): Promise<{ accountId: string; clientId: string; scopes: readonly Scope[]; resource: string } | null>;
}

export interface EngineConfig {
  readonly version: string;
  /** Public base URL, e.g. https://api.example.com (no trailing slash). */
  readonly baseUrl: string;
  /** Where quota_exhausted sends people. */
  readonly upgradeUrl: string;
  readonly cacheTtlMs: number;
  readonly statusTtlMs: number;
  /** How long a process trusts a key or account it has read (revocation reaches other processes within it). */
  readonly authCacheMs: number;
  /**
   * How long a lookup's quota hold lasts: longer than any lookup runs. Past it, a hold its lookup never settled (the
   * process died) is given back by the sweep.
   */
  readonly quotaHoldMs: number;
}

export const DEFAULT_ENGINE_CONFIG: EngineConfig = {
  version: "1.0.0",
  baseUrl: "http://localhost:8080",
  upgradeUrl: "http://localhost:8080/dashboard/plans",
  cacheTtlMs: 24 * 60 * 60 * 1000,
  statusTtlMs: 30_000,
  authCacheMs: 4_000,
  quotaHoldMs: 10 * 60 * 1000,
};

export interface EngineDeps {
  readonly accounts: AccountStore;
  readonly apiKeys: ApiKeyStore;
  readonly quota: QuotaLedger;
  readonly cache: ResultCache;
  readonly reports: ReportStore;
  readonly rateLimiter: RateLimiter;
  readonly health: HealthProbe;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly hasher: Hasher;
  readonly passwords: PasswordHasher;
  readonly explainer?: Explainer;
  readonly urlSources?: readonly SignalSource<NormalizedUrl>[];
  readonly phoneSources?: readonly SignalSource<NormalizedPhone>[];
  readonly accessTokens?: AccessTokenVerifier;
  readonly config?: Partial<EngineConfig>;
  /** The channels served; default the registry's DEFAULT_CHANNELS. */
  readonly channels?: readonly AnyChannel[];
  /** Timers for source budgets and retries; default the host's. */
  readonly timers?: Timers;
  /** Reads an email as clients send it (the email channel). */
  readonly mailReader?: MailReader;
  /** Checks SPF, DKIM, DMARC and ARC through its own DNS resolver (the email channel); absent: unknown. */
  readonly emailAuthenticator?: EmailAuthenticator;
  /** Reads the text of PDFs and images, with OCR (the document channel). */
  readonly documentReader?: DocumentReader;
  /** Finds and decodes the QR codes of an uploaded image (the QR channel and codes printed on documents). */
  readonly qrDecoder?: QrDecoder;
  /** The AI model (explanations, one bounded factor, vision); absent when none is configured. */
  readonly ai?: AiAnalyst;
  /** The job store, queue and webhook sender; absent: the job verbs answer service_unavailable. */
  readonly jobs?: JobDeps;
  /** How findings are weighed: the fitted weights (default) or the hand-weighted baseline the evaluations compare. */
  readonly scoring?: Scoring;
  /** Where counts and durations go for operators (metrics, traces); default none. */
  readonly telemetry?: Telemetry;
  /**
   * Keeps Idempotency-Key records (the HTTP face's retried POSTs); default one in process memory, which a single
   * process is served well by and several processes are not: give them the database's.
   */
  readonly idempotency?: IdempotencyStore;
  /** Accounts' allow and block lists; default one in process memory (give a process the database's). */
  readonly lists?: ListStore;
  /** Receipts of results, feedback on them and feedback settings; default one in process memory. */
  readonly feedback?: FeedbackStore;
}
