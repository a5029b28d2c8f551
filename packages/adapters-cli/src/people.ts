// The faces for people, wired from the configuration: the checker page at / (on unless SCAMVERIFY_PAGE=off) with
// its own anonymous principal and limits. The page's engine shares every store but the result cache, which it reads
// and never writes: what a person checks is not kept under its link, number or hash.
import type { Express } from "express";
import { SCOPES, createEngine, type Principal } from "@scamverify/core";
import { createPageRouter, withoutCacheWrites, type Logger } from "@scamverify/adapters-http";
import type { Runtime } from "./runtime.js";

const PAGE_ACCOUNT_EMAIL = "page@scamverify.local";

/**
 * The principal of anonymous checks from the page: an enterprise account of its own, created on first use, whose
 * per-minute limit (SCAMVERIFY_PAGE_RPM) caps the whole page; each client address has the page's own limits.
 */
export async function pagePrincipal(rt: Runtime): Promise<Principal> {
  let accountId = (await rt.stores.accounts.findByEmail(PAGE_ACCOUNT_EMAIL))?.id;
  if (accountId === undefined) {
    const created = await rt.engine.accounts.create({
      email: PAGE_ACCOUNT_EMAIL,
      plan: "enterprise",
      rpm: rt.config.pageRpm,
      quotas: {
        phone: 1_000_000_000,
        url: 1_000_000_000,
        text: 1_000_000_000,
        email: 1_000_000_000,
      },
    });
    if (created.isErr()) throw new Error(created.error.message);
    accountId = created.value.id;
  }
  return { accountId, mode: "live", via: "api_key", scopes: SCOPES };
}

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((e: unknown) => {
      value = undefined;
      throw e;
    });
    return value;
  };
}

/** Mounts the checker page when it is on. */
export function mountPage(app: Express, rt: Runtime, logger: Logger): void {
  if (!rt.config.page) return;
  const engine = createEngine({ ...rt.deps, cache: withoutCacheWrites(rt.deps.cache) });
  app.use(
    createPageRouter({
      engine,
      principal: memo(() => pagePrincipal(rt)),
      limiter: rt.deps.rateLimiter,
      store: rt.deps.cache,
      logger,
      baseUrl: rt.config.baseUrl,
      limits: { perMinute: rt.config.pagePerMinute, perDay: rt.config.pagePerDay },
      shareTtlMs: rt.config.pageShareDays * 86_400_000,
      defaultCountry: rt.config.pageCountry,
      ...(rt.config.pageSecret ? { secret: rt.config.pageSecret } : {}),
      ...(rt.deps.documentReader ? { documentReader: rt.deps.documentReader } : {}),
    }),
  );
}
