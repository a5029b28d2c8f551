// The faces for people, wired from the configuration: the checker page at / (on unless SCAMVERIFY_PAGE=off) and
// the inbound mail listener (only when SCAMVERIFY_INBOUND_SMTP_PORT is set), each with an anonymous principal of its
// own. Their engine shares every store but the result cache, which it reads and never writes: what a person checks
// is not kept under its link, number or hash.
import type { Express } from "express";
import { SCOPES, createEngine, type Engine, type Principal } from "@scamverify/core";
import {
  composeMailReply,
  createPageRouter,
  withoutCacheWrites,
  type Logger,
  type TrustedProxies,
} from "@scamverify/adapters-http";
import { createSmtpTransport, startInboundMailServer, type RunningMailServer } from "@scamverify/adapters-mail";
import type { Runtime } from "./runtime.js";

const PAGE_ACCOUNT_EMAIL = "page@scamverify.local";
const MAIL_ACCOUNT_EMAIL = "mail@scamverify.local";

/**
 * The principal of anonymous checks from the page (or the mail listener): an enterprise account of its own, created
 * on first use, whose per-minute limit (SCAMVERIFY_PAGE_RPM) caps the whole face; each client address or sender has
 * the face's own limits.
 */
export async function pagePrincipal(rt: Runtime, email = PAGE_ACCOUNT_EMAIL): Promise<Principal> {
  let accountId = (await rt.stores.accounts.findByEmail(email))?.id;
  if (accountId === undefined) {
    const created = await rt.engine.accounts.create({
      email,
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

/** The engine of the faces for people: the server's, without writes to the result cache. */
function peopleEngine(rt: Runtime): Engine {
  return createEngine({ ...rt.deps, cache: withoutCacheWrites(rt.deps.cache) });
}

/** Mounts the checker page when it is on. */
export function mountPage(app: Express, rt: Runtime, logger: Logger, trustedProxies?: TrustedProxies): void {
  if (!rt.config.page) return;
  const engine = peopleEngine(rt);
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
      ...(trustedProxies ? { trustedProxies } : {}),
    }),
  );
}

/**
 * Starts the inbound mail listener when SCAMVERIFY_INBOUND_SMTP_PORT is set. Replies go through
 * SCAMVERIFY_OUTBOUND_SMTP_URL, from SCAMVERIFY_REPLY_FROM (default check@ the base URL's host).
 */
export async function startMailListener(rt: Runtime, logger: Logger): Promise<RunningMailServer | null> {
  const port = rt.config.inboundSmtpPort;
  if (port === undefined) return null;
  if (rt.config.outboundSmtpUrl === undefined) {
    throw new Error("SCAMVERIFY_INBOUND_SMTP_PORT needs SCAMVERIFY_OUTBOUND_SMTP_URL, the relay replies go through");
  }
  const transport = createSmtpTransport(rt.config.outboundSmtpUrl);
  const replyFrom = rt.config.replyFrom ?? `scamverify <check@${new URL(rt.config.baseUrl).hostname}>`;
  const server = await startInboundMailServer(
    {
      engine: peopleEngine(rt),
      principal: memo(() => pagePrincipal(rt, MAIL_ACCOUNT_EMAIL)),
      transport,
      replyFrom,
      maxBytes: rt.config.inboundSmtpMaxBytes,
      limiter: rt.deps.rateLimiter,
      perHour: rt.config.inboundSmtpPerHour,
      compose: (input) =>
        composeMailReply(input, { baseUrl: rt.config.baseUrl, defaultCountry: rt.config.pageCountry }),
      ...(rt.config.verdictWebhookUrl ? { webhookUrl: rt.config.verdictWebhookUrl } : {}),
      log: (level, message, fields) => logger.log(level, message, fields),
    },
    port,
    rt.config.inboundSmtpHost,
  );
  logger.log("info", "mail listener ready", { port: server.port });
  return {
    ...server,
    close: async () => {
      await server.close();
      transport.close();
    },
  };
}
