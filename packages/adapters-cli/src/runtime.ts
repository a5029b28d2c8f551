// The composition root: the one place that picks adapters and wires them into the engine. Every face (serve,
// the CLI commands, the stdio MCP server, library users) gets its engine from here.
import { readFileSync } from "node:fs";
import {
  DEFAULT_REDIRECT_POLICY,
  SCOPES,
  createAccessTokenVerifier,
  createEngine,
  createOAuthConfig,
  type Engine,
  type EngineDeps,
  type OAuthDeps,
  type Principal,
} from "@scamverify/core";
import {
  NodeHasher,
  NodeIds,
  ScryptPasswordHasher,
  SystemClock,
  createDatabase,
  createRateLimiter,
  HotResultCache,
  SqlOAuthStore,
  SqlPhoneRegistryStore,
  createSqlFeedStore,
  createStores,
  type Db,
  type Stores,
} from "@scamverify/persistence";
import {
  LiveThreatIndex,
  PhoneRegistry,
  createGuardedFetch,
  createPhoneSignalSources,
  createSafeFetcher,
  createOpenAiAnalyst,
  createZxingQrDecoder,
  createPostalMimeReader,
  createMailauthAuthenticator,
  createOfflineDnsResolver,
  createSystemDnsResolver,
  createDocumentReader,
  createUrlSignalSources,
  type SafeFetcher,
} from "@scamverify/providers";
import type { FeedStore } from "@scamverify/core";
import type { RuntimeConfig } from "./config.js";

export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

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
  close(): Promise<void>;
}

export interface RuntimeOptions {
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
}

export async function createRuntime(config: RuntimeConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.migrate === false ? { migrate: false } : {}),
  });
  const stores = createStores(db);
  const rateLimiter = createRateLimiter({
    redisUrl: config.redisUrl,
    ...(options.log ? { log: options.log } : {}),
  });
  const clock = new SystemClock();
  const fetcher = createSafeFetcher();
  const feeds: FeedData = { store: createSqlFeedStore(db), threatIndex: new LiveThreatIndex(), fetcher };
  const loadIndexes = options.loadIndexes !== false;
  if (loadIndexes) await feeds.threatIndex.reload(feeds.store);
  const urlSources = createUrlSignalSources({
    threatIndex: feeds.threatIndex,
    clock,
    fetcher,
    network: { enabled: config.networkInspection },
    keys: {
      ...(config.webRiskKey ? { webRisk: config.webRiskKey } : {}),
      ...(config.ipqsKey ? { ipqs: config.ipqsKey } : {}),
      ...(config.urlhausKey ? { urlhaus: config.urlhausKey } : {}),
      ...(config.threatfoxKey ? { threatfox: config.threatfoxKey } : {}),
    },
  });
  const phoneStore = new SqlPhoneRegistryStore(db);
  const phone: PhoneData = {
    store: phoneStore,
    registry: new PhoneRegistry(phoneStore),
    fetch: createGuardedFetch(fetcher.guard),
  };
  if (loadIndexes) await phone.registry.load();
  const phoneSources = createPhoneSignalSources({
    registry: phone.registry,
    clock,
    store: phoneStore,
    fetch: phone.fetch,
    keys: {
      ...(config.twilioAccountSid && config.twilioAuthToken
        ? { twilio: { accountSid: config.twilioAccountSid, authToken: config.twilioAuthToken } }
        : {}),
      ...(config.ipqsKey ? { ipqs: config.ipqsKey } : {}),
    },
  });
  const ids = new NodeIds();
  const hasher = new NodeHasher();
  const passwords = new ScryptPasswordHasher();
  const oauthStore = new SqlOAuthStore(db);
  const oauth: OAuthDeps = {
    store: oauthStore,
    accounts: stores.accounts,
    // The sign-in throttle counts in the shared limiter, so every process sees the same attempts.
    rateLimiter,
    clock,
    ids,
    hasher,
    passwords,
    config: createOAuthConfig(
      config.baseUrl,
      config.oauthRedirectHosts
        ? { ...DEFAULT_REDIRECT_POLICY, hosts: config.oauthRedirectHosts }
        : DEFAULT_REDIRECT_POLICY,
    ),
  };
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
    accounts: stores.accounts,
    apiKeys: stores.apiKeys,
    quota: stores.quotaLedger,
    cache: new HotResultCache(stores.resultCache, { clock }),
    reports: stores.reports,
    health: stores.health,
    rateLimiter,
    urlSources,
    phoneSources,
    ...(ai ? { ai } : {}),
    qrDecoder,
    mailReader: createPostalMimeReader(),
    // Without network inspection the email channel queries no DNS: SPF, DKIM and DMARC read unknown, never fail,
    // and a trusted receiver's Authentication-Results header is still read.
    emailAuthenticator: createMailauthAuthenticator({
      resolver: config.networkInspection ? createSystemDnsResolver() : createOfflineDnsResolver(),
    }),
    documentReader,
    clock,
    ids,
    hasher,
    passwords,
    accessTokens: createAccessTokenVerifier(oauth),
    config: {
      version: VERSION,
      baseUrl: config.baseUrl,
      upgradeUrl: config.upgradeUrl ?? `${config.baseUrl}/dashboard`,
    },
  };
  const deps: EngineDeps = { ...base, ...(options.extend ? await options.extend(base, db) : {}) };
  return {
    config,
    indexesLoaded: loadIndexes,
    engine: createEngine(deps),
    feeds,
    phone,
    oauth,
    oauthStore,
    db,
    stores,
    deps,
    async close() {
      await rateLimiter.close().catch(() => undefined);
      await documentReader.close().catch(() => undefined);
      await fetcher.close().catch(() => undefined);
      await db.close();
    },
  };
}

const LOCAL_OPERATOR_EMAIL = "operator@scamverify.local";

/**
 * The principal of an analyst using the embedded engine from the terminal: a local enterprise account with
 * quotas large enough never to get in the way, created on first use.
 */
export async function localOperator(runtime: Runtime): Promise<Principal> {
  let accountId = (await runtime.stores.accounts.findByEmail(LOCAL_OPERATOR_EMAIL))?.id;
  if (accountId === undefined) {
    const created = await runtime.engine.accounts.create({
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
