// Routers mounted beside /api/v1 (OAuth, MCP, dashboard) and background jobs of `serve`.
import type { Express } from "express";
import {
  ipRateLimit,
  parseTrustedProxies,
  readJsonBody,
  createDashboardRouter,
  createOAuthRouter,
  createWellKnownRouter,
  type Logger,
} from "@scamverify/adapters-http";
import { createMcpHttpHandler } from "@scamverify/adapters-mcp";
import type { Runtime } from "./runtime.js";
import { startFeedScheduler, startRegistryScheduler } from "./scheduler.js";
import { startCachePurge } from "@scamverify/persistence";
import { RECEIPT_TTL_MS } from "@scamverify/core";
import { mountPage, startMailListener } from "./people.js";

export interface Extras {
  readonly mount: (app: Express) => void;
  close(): Promise<void>;
}

export async function mountExtras(rt: Runtime, logger: Logger): Promise<Extras> {
  const stopFeeds = startFeedScheduler(rt, logger);
  const stopRegistries = startRegistryScheduler(rt, logger);
  const mail = await startMailListener(rt, logger);
  const stopPurge = startCachePurge({
    cache: rt.stores.resultCache,
    clock: rt.deps.clock,
    onError: (e) => logger.log("warn", "cache purge failed", { error: e instanceof Error ? e.message : String(e) }),
  });
  // Expired OAuth codes, tokens and sessions are deleted a day after they expire: a replayed code or refresh token
  // is still recognised (and its family revoked) for that long.
  const stopOAuthPurge = startCachePurge({
    cache: { purgeExpired: (now) => rt.oauthStore.purgeExpired(new Date(now.getTime() - 24 * 3_600_000)) },
    clock: rt.deps.clock,
    intervalMs: 3_600_000,
    onError: (e) => logger.log("warn", "oauth purge failed", { error: e instanceof Error ? e.message : String(e) }),
  });
  // Idempotency-Key records are kept 24 hours; the expired ones are swept every hour.
  const stopIdempotencyPurge = startCachePurge({
    cache: rt.stores.idempotency,
    clock: rt.deps.clock,
    intervalMs: 3_600_000,
    onError: (e) =>
      logger.log("warn", "idempotency purge failed", { error: e instanceof Error ? e.message : String(e) }),
  });
  // Receipts of results are kept 30 days (feedback can be given that long); older ones are swept every hour.
  const stopReceiptPurge = startCachePurge({
    cache: { purgeExpired: (now) => rt.stores.feedback.purgeReceipts(new Date(now.getTime() - RECEIPT_TTL_MS)) },
    clock: rt.deps.clock,
    intervalMs: 3_600_000,
    onError: (e) => logger.log("warn", "receipt purge failed", { error: e instanceof Error ? e.message : String(e) }),
  });
  const trustedProxies =
    rt.config.trustedProxies === undefined ? undefined : parseTrustedProxies(rt.config.trustedProxies).proxies;
  return {
    mount: (app) => {
      app.use(
        ["/api/oauth/signin", "/api/oauth/signup", "/api/oauth/register", "/api/oauth/token", "/dashboard"],
        ipRateLimit({ limiter: rt.deps.rateLimiter, ...(trustedProxies ? { trustedProxies } : {}) }),
      );
      app.use(
        createWellKnownRouter({
          config: rt.oauth.config,
          clientIdMetadataDocuments: rt.oauth.clientMetadata !== undefined,
        }),
      );
      app.use(createOAuthRouter({ oauth: rt.oauth, engine: rt.engine }));
      app.use(
        createDashboardRouter({
          engine: rt.engine,
          oauth: rt.oauth,
          ...(rt.config.billingUrl ? { billingUrl: rt.config.billingUrl } : {}),
        }),
      );
      mountPage(app, rt, logger, trustedProxies);
      app.all(
        "/api/mcp",
        createMcpHttpHandler({
          engine: rt.engine,
          baseUrl: rt.config.baseUrl,
          readBody: readJsonBody,
        }),
      );
    },
    close: async () => {
      stopFeeds();
      stopRegistries();
      stopPurge();
      stopOAuthPurge();
      stopIdempotencyPurge();
      stopReceiptPurge();
      await mail?.close();
    },
  };
}
