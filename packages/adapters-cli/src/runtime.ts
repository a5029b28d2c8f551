// The composition root: the one place that picks adapters and wires them into the engine. Every face (serve,
// the CLI commands, the stdio MCP server, library users) gets its engine from here: `createRuntime` over the
// configured database, or `openLookupSession` for a one-shot command, which runs in memory when there is no database
// to keep its results in.
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  DEFAULT_REDIRECT_POLICY,
  SCOPES,
  createAccessTokenVerifier,
  createEngine,
  createOAuthConfig,
  type AccessTokenVerifier,
  type AccountStore,
  type Engine,
  type EngineDeps,
  type FeedStore,
  type OAuthDeps,
  type PhoneRegistryStore,
  type Principal,
  type Telemetry,
} from "@scamverify/core";
import {
  NodeHasher,
  NodeIds,
  ScryptPasswordHasher,
  SystemClock,
  createDatabase,
  createMemoryStores,
  createRateLimiter,
  HotResultCache,
  SqlOAuthStore,
  SqlPhoneRegistryStore,
  createSqlFeedStore,
  createStores,
  createInProcessJobQueue,
  createPgBossJobQueue,
  type ClosableRateLimiter,
  type JobWorkerQueue,
  type Db,
  type Stores,
} from "@scamverify/persistence";
import {
  LiveThreatIndex,
  PhoneRegistry,
  createGuardedFetch,
  createPhoneSignalSources,
  createSafeFetcher,
  createClientMetadataDocuments,
  createOpenAiAnalyst,
  createZxingQrDecoder,
  createPostalMimeReader,
  createConnectivityProbe,
  createMailauthAuthenticator,
  createOfflineDnsResolver,
  createSystemDnsResolver,
  createDocumentReader,
  createUrlSignalSources,
  createWebhookSender,
  systemResolver,
  type ConnectivityProbe,
  type SafeFetcher,
} from "@scamverify/providers";
import type { RuntimeConfig } from "./config.js";
import { VERSION } from "./version.js";

export { VERSION };

/** Synced threat data and the guarded fetcher every outbound call goes through. */
export interface FeedData {
  readonly store: FeedStore;
  readonly threatIndex: LiveThreatIndex;
  readonly fetcher: SafeFetcher;
}

/** The complaint and numbering registry behind phone lookups. */
export interface PhoneData {
  readonly store: SqlPhoneRegistryStore;
  readonly registry: PhoneRegistry;
  /** fetch through the same address guard as every other outbound call. */
  readonly fetch: typeof globalThis.fetch;
}

export interface Runtime {
  readonly config: RuntimeConfig;
  /** Whether the in-memory indexes were loaded (and so must be kept current after a sync). */
  readonly indexesLoaded: boolean;
  readonly feeds: FeedData;
  readonly phone: PhoneData;
  readonly oauth: OAuthDeps;
  /** The OAuth store itself, for its maintenance job (expired codes, tokens and sessions). */
  readonly oauthStore: SqlOAuthStore;
  readonly engine: Engine;
  readonly db: Db;
  readonly stores: Stores;
  readonly deps: EngineDeps;
  /** The job queue, when the runtime was made with `jobs` (serve, worker). */
  readonly jobQueue?: JobWorkerQueue;
  /** The document reader's queue depth: reads waiting for or holding its PDF threads and OCR worker. */
  readonly documentQueue: () => { readonly pdf: number; readonly ocr: number };
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /**
   * Serve jobs: pg-boss in the same PostgreSQL when DATABASE_URL is set, otherwise an in-process queue over the
   * embedded database (see in-process-job-queue.ts). Commands that run no job leave it off and open no queue.
   */
  readonly jobs?: {
    /** Test-only: webhooks may reach loopback receivers (127.0.0.1, any port). Never set by configuration. */
    readonly allowLoopbackWebhooksForTests?: boolean;
    /** pg-boss tuning for tests and benches (how soon a dead worker's task comes back). */
    readonly expireInSeconds?: number;
    readonly maintenanceIntervalSeconds?: number;
  };
  /** Extra engine dependencies (signal sources, OAuth verifier, explainer) added by the caller. */
  readonly extend?: (base: EngineDeps, db: Db) => Promise<Partial<EngineDeps>> | Partial<EngineDeps>;
  readonly migrate?: boolean;
  /**
   * Load the in-memory threat index and phone registry that lookups read (default true). Operator commands that do
   * no lookup skip it: with millions of registry numbers the load takes seconds.
   */
  readonly loadIndexes?: boolean;
  /** Where the runtime's own adapters report outages (a Redis that went away); the server passes its logger. */
  readonly log?: (level: "info" | "warn", message: string, fields: Record<string, unknown>) => void;
  /** The embedded data folder's lock, already taken by the caller (see lockDataDir); released on close. */
  readonly heldLock?: () => void;
  /**
   * The embedded database's shared_buffers (e.g. "16MB"): short-lived commands that read a few rows open faster and
   * with far less memory on a small buffer pool. Default the data folder's own setting (128MB).
   */
  readonly sharedBuffers?: string;
  /** Where the engine reports counts and durations (the server's metrics); default nowhere. */
  readonly telemetry?: Telemetry;
}

/** The buffer pool of commands that read and write a few rows: a lookup, an operator command, an MCP session. */
export const SMALL_SHARED_BUFFERS = "16MB";

/** What keeps an engine's state: the store ports, the rate limiter, and the sources of synced data. */
interface EngineStorage {
  readonly stores: Pick<
    EngineDeps,
    "accounts" | "apiKeys" | "quota" | "reports" | "health" | "idempotency" | "lists" | "feedback"
  >;
  /** The shared result cache (an in-process layer is put in front of it). */
  readonly cache: EngineDeps["cache"];
  readonly rateLimiter: ClosableRateLimiter;
  readonly feedStore: FeedStore;
  readonly phoneStore: PhoneRegistryStore;
  readonly accessTokens?: AccessTokenVerifier;
}

/** The engine's adapters around its storage: signal sources, file and mail readers, the AI model, time and ids. */
interface Wired {
  readonly base: EngineDeps;
  readonly feeds: { readonly threatIndex: LiveThreatIndex; readonly fetcher: SafeFetcher };
  readonly registry: PhoneRegistry;
  readonly fetch: typeof globalThis.fetch;
  /** The document reader's queue depth (operators' metrics). */
  readonly documentQueue: () => { readonly pdf: number; readonly ocr: number };
  close(): Promise<void>;
}

const clock = new SystemClock();

const NO_NETWORK: ConnectivityProbe = {
  state: () => Promise.resolve({ online: false, reason: "network inspection is off" }),
  markOffline: () => undefined,
  offlineNow: () => null,
};

/**
 * Wires every adapter that does not keep state. Readers, decoders, the AI model and outbound HTTP load their
 * libraries on first use, so wiring them costs a command that never uses them nothing.
 */
async function wire(
  config: RuntimeConfig,
  storage: EngineStorage,
  loadIndexes: boolean,
  telemetry?: Telemetry,
): Promise<Wired> {
  const fetcher = createSafeFetcher();
  const threatIndex = new LiveThreatIndex();
  if (loadIndexes) await threatIndex.reload(storage.feedStore);
  // One answer to "is there a network at all" for the URL inspector and email authentication, probed at most once a
  // minute; with network inspection off, there is none.
  const connectivity: ConnectivityProbe = config.networkInspection
    ? createConnectivityProbe({ resolver: systemResolver, clock })
    : NO_NETWORK;
  const urlSources = createUrlSignalSources({
    threatIndex,
    clock,
    fetcher,
    network: { enabled: config.networkInspection, connectivity },
    keys: {
      ...(config.webRiskKey ? { webRisk: config.webRiskKey } : {}),
      ...(config.ipqsKey ? { ipqs: config.ipqsKey } : {}),
      ...(config.urlhausKey ? { urlhaus: config.urlhausKey } : {}),
      ...(config.threatfoxKey ? { threatfox: config.threatfoxKey } : {}),
    },
  });
  const registry = new PhoneRegistry(storage.phoneStore);
  const fetch = createGuardedFetch(fetcher.guard);
  if (loadIndexes) await registry.load();
  const phoneSources = createPhoneSignalSources({
    registry,
    clock,
    store: storage.phoneStore,
    fetch,
    keys: {
      ...(config.twilioAccountSid && config.twilioAuthToken
        ? { twilio: { accountSid: config.twilioAccountSid, authToken: config.twilioAuthToken } }
        : {}),
      ...(config.ipqsKey ? { ipqs: config.ipqsKey } : {}),
    },
  });
  // An AI model only when one is configured (a key, or a self-hosted OpenAI-compatible server's URL).
  const ai =
    config.openaiApiKey !== undefined || config.openaiBaseUrl !== undefined
      ? createOpenAiAnalyst({
          ...(config.openaiApiKey !== undefined ? { apiKey: config.openaiApiKey } : {}),
          ...(config.openaiBaseUrl !== undefined ? { baseURL: config.openaiBaseUrl } : {}),
          ...(config.aiModel !== undefined ? { model: config.aiModel } : {}),
          ...(config.aiVisionModel !== undefined ? { visionModel: config.aiVisionModel } : {}),
          clock,
        })
      : undefined;
  const qrDecoder = createZxingQrDecoder();
  const documentReader = createDocumentReader({ qrDecoder });
  const base: EngineDeps = {
    ...storage.stores,
    cache: new HotResultCache(storage.cache, { clock }),
    rateLimiter: storage.rateLimiter,
    urlSources,
    phoneSources,
    ...(ai ? { ai } : {}),
    qrDecoder,
    mailReader: createPostalMimeReader(),
    // Without network inspection, or on a machine without DNS, the email channel's SPF, DKIM and DMARC read
    // unknown (never none or fail), and a trusted receiver's Authentication-Results header is still read.
    emailAuthenticator: createMailauthAuthenticator({
      resolver: config.networkInspection ? createSystemDnsResolver() : createOfflineDnsResolver(),
      connectivity,
    }),
    documentReader,
    clock,
    ids: new NodeIds(),
    hasher: new NodeHasher(),
    passwords: new ScryptPasswordHasher(),
    ...(storage.accessTokens ? { accessTokens: storage.accessTokens } : {}),
    ...(telemetry ? { telemetry } : {}),
    config: {
      version: VERSION,
      baseUrl: config.baseUrl,
      upgradeUrl: config.upgradeUrl ?? `${config.baseUrl}/dashboard/plans`,
      quotaHoldMs: config.quotaHoldSeconds * 1000,
    },
  };
  return {
    base,
    feeds: { threatIndex, fetcher },
    registry,
    fetch,
    documentQueue: () => documentReader.queueDepth(),
    async close() {
      await storage.rateLimiter.close().catch(() => undefined);
      await documentReader.close().catch(() => undefined);
      await fetcher.close().catch(() => undefined);
    },
  };
}

export async function createRuntime(config: RuntimeConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.migrate === false ? { migrate: false } : {}),
    ...(options.heldLock ? { heldLock: options.heldLock } : {}),
    ...(options.sharedBuffers !== undefined ? { sharedBuffers: options.sharedBuffers } : {}),
  });
  const stores = createStores(db);
  const rateLimiter = createRateLimiter({
    redisUrl: config.redisUrl,
    ...(options.log ? { log: options.log } : {}),
  });
  const feedStore = createSqlFeedStore(db);
  const phoneStore = new SqlPhoneRegistryStore(db);
  const oauthStore = new SqlOAuthStore(db);
  const ids = new NodeIds();
  const hasher = new NodeHasher();
  const oauth: OAuthDeps = {
    store: oauthStore,
    accounts: stores.accounts,
    // The sign-in throttle counts in the shared limiter, so every process sees the same attempts.
    rateLimiter,
    clock,
    ids,
    hasher,
    passwords: new ScryptPasswordHasher(),
    config: createOAuthConfig(
      config.baseUrl,
      config.oauthRedirectHosts
        ? { ...DEFAULT_REDIRECT_POLICY, hosts: config.oauthRedirectHosts }
        : DEFAULT_REDIRECT_POLICY,
    ),
  };
  const loadIndexes = options.loadIndexes !== false;
  let wired: Wired;
  try {
    wired = await wire(
      config,
      {
        stores: {
          accounts: stores.accounts,
          apiKeys: stores.apiKeys,
          quota: stores.quotaLedger,
          reports: stores.reports,
          health: stores.health,
          idempotency: stores.idempotency,
          lists: stores.lists,
          feedback: stores.feedback,
        },
        cache: stores.resultCache,
        rateLimiter,
        feedStore,
        phoneStore,
        accessTokens: createAccessTokenVerifier(oauth),
      },
      loadIndexes,
      options.telemetry,
    );
  } catch (e) {
    await rateLimiter.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw e;
  }
  let jobQueue: JobWorkerQueue | undefined;
  let webhookFetcher: SafeFetcher | undefined;
  if (options.jobs) {
    try {
      jobQueue =
        config.databaseUrl !== undefined
          ? await createPgBossJobQueue({
              connectionString: config.databaseUrl,
              expireInSeconds: options.jobs.expireInSeconds ?? config.jobTaskTimeoutSeconds,
              maintenanceIntervalSeconds:
                options.jobs.maintenanceIntervalSeconds ??
                Math.min(30, Math.ceil((options.jobs.expireInSeconds ?? config.jobTaskTimeoutSeconds) / 2)),
              ...(options.log
                ? { onError: (e) => options.log?.("warn", "job queue error", { error: e.message }) }
                : {}),
            })
          : createInProcessJobQueue();
    } catch (e) {
      await wired.close();
      await db.close().catch(() => undefined);
      throw e;
    }
    webhookFetcher = options.jobs.allowLoopbackWebhooksForTests
      ? createSafeFetcher({ allowLoopbackForTests: true })
      : wired.feeds.fetcher;
  }
  const jobs =
    jobQueue !== undefined && webhookFetcher !== undefined
      ? {
          jobs: {
            store: stores.jobs,
            queue: jobQueue,
            webhooks: createWebhookSender(webhookFetcher),
            retentionMs: config.jobRetentionDays * 24 * 60 * 60 * 1000,
          },
        }
      : {};
  const deps: EngineDeps = {
    ...wired.base,
    ...jobs,
    ...(options.extend ? await options.extend(wired.base, db) : {}),
  };
  return {
    config,
    indexesLoaded: loadIndexes,
    ...(jobQueue ? { jobQueue } : {}),
    engine: createEngine(deps),
    feeds: { store: feedStore, ...wired.feeds },
    phone: { store: phoneStore, registry: wired.registry, fetch: wired.fetch },
    // Client ID Metadata Documents come through the same guarded fetcher as every other outbound call.
    oauth: { ...oauth, clientMetadata: createClientMetadataDocuments({ fetcher: wired.feeds.fetcher }) },
    oauthStore,
    db,
    stores,
    deps,
    documentQueue: wired.documentQueue,
    async close() {
      await jobQueue?.close().catch(() => undefined);
      if (webhookFetcher !== wired.feeds.fetcher) await webhookFetcher?.close().catch(() => undefined);
      await wired.close();
      await db.close();
    },
  };
}

/** The engine a one-shot command runs on, the principal it acts as, and what it keeps. */
export interface LookupSession {
  readonly engine: Engine;
  readonly principal: Principal;
  /**
   * "database": results are cached, usage counted and reports kept in the configured database, and synced feeds and
   * registries are read from it. "memory": nothing outlives the process (no database was there to open).
   */
  readonly keeps: "database" | "memory";
  close(): Promise<void>;
}

export interface LookupSessionOptions {
  /** Extra engine dependencies, as for createRuntime (memory sessions get no Db: `db` is undefined there). */
  readonly extend?: (base: EngineDeps) => Promise<Partial<EngineDeps>> | Partial<EngineDeps>;
}

/** Whether the embedded database of this configuration exists (a data folder with a database in it). */
export function embeddedDatabaseExists(config: RuntimeConfig): boolean {
  return existsSync(join(config.dataDir, "pglite"));
}

/**
 * The engine of a one-shot lookup. With PostgreSQL, or an embedded database that exists, the full runtime: the
 * cache, usage, reports and synced data, as `serve` has them. With no database to open, an engine over in-memory
 * stores: no folder is created, nothing is opened or migrated, and the answers equal those of a new, empty database
 * (no feed or registry synced, nothing cached, no reports); nothing is kept when the process ends.
 */
export async function openLookupSession(
  config: RuntimeConfig,
  options: LookupSessionOptions = {},
): Promise<LookupSession> {
  if (config.databaseUrl !== undefined || embeddedDatabaseExists(config)) {
    const extend = options.extend;
    const rt = await createRuntime(config, {
      sharedBuffers: SMALL_SHARED_BUFFERS,
      ...(extend ? { extend: (base: EngineDeps) => extend(base) } : {}),
    });
    try {
      return { engine: rt.engine, principal: await localOperator(rt), keeps: "database", close: () => rt.close() };
    } catch (e) {
      await rt.close();
      throw e;
    }
  }
  const memory = createMemoryStores();
  const wired = await wire(
    config,
    {
      stores: {
        accounts: memory.accounts,
        apiKeys: memory.apiKeys,
        quota: memory.quotaLedger,
        reports: memory.reports,
        health: memory.health,
        idempotency: memory.idempotency,
        lists: memory.lists,
        feedback: memory.feedback,
      },
      cache: memory.resultCache,
      rateLimiter: createRateLimiter({ redisUrl: config.redisUrl }),
      feedStore: memory.feeds,
      phoneStore: memory.phoneRegistry,
    },
    true,
  );
  const deps: EngineDeps = { ...wired.base, ...(options.extend ? await options.extend(wired.base) : {}) };
  const engine = createEngine(deps);
  try {
    return {
      engine,
      principal: await operatorPrincipal(engine, memory.accounts),
      keeps: "memory",
      close: () => wired.close(),
    };
  } catch (e) {
    await wired.close();
    throw e;
  }
}

const LOCAL_OPERATOR_EMAIL = "operator@scamverify.local";

/**
 * The principal of an analyst using the embedded engine from the terminal: a local enterprise account with
 * quotas large enough never to get in the way, created on first use.
 */
export function localOperator(runtime: Runtime): Promise<Principal> {
  return operatorPrincipal(runtime.engine, runtime.stores.accounts);
}

async function operatorPrincipal(engine: Engine, accounts: Pick<AccountStore, "findByEmail">): Promise<Principal> {
  let accountId = (await accounts.findByEmail(LOCAL_OPERATOR_EMAIL))?.id;
  if (accountId === undefined) {
    const created = await engine.accounts.create({
      email: LOCAL_OPERATOR_EMAIL,
      plan: "enterprise",
      rpm: 100_000,
      quotas: { phone: 1_000_000_000, url: 1_000_000_000, text: 1_000_000_000, email: 1_000_000_000 },
    });
    if (created.isErr()) throw new Error(created.error.message);
    accountId = created.value.id;
  }
  return { accountId, mode: "live", via: "api_key", scopes: SCOPES };
}
