// The real Express app (the /api/v1 routes over a real engine on the in-memory stores) with the OAuth pages and the
// dashboard mounted, served on 127.0.0.1. The engine and the OAuth pages share one account store, as in production.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createOAuthConfig, type Engine, type OAuthDeps } from "@scamverify/core";
import { InMemoryOAuthStore, type FixedClock } from "@scamverify/core/testing";
import { createHttpApp } from "../../src/app.js";
import { createDashboardRouter } from "../../src/dashboard/index.js";
import { silentLogger, type Logger } from "../../src/logger.js";
import { createOAuthRouter } from "../../src/oauth/create-oauth-router.js";
import { engineInMemory, type EngineOptions } from "../support/harness.js";

export interface DashboardTestServer {
  readonly baseUrl: string;
  readonly engine: Engine;
  readonly oauth: OAuthDeps;
  readonly clock: FixedClock;
  close(): Promise<void>;
}

export async function startDashboardServer(
  options: EngineOptions & { readonly billingUrl?: string } = {},
  logger: Logger = silentLogger,
): Promise<DashboardTestServer> {
  // The issuer is the listening address, so the engine and the app are built once the port is known; quota_exhausted
  // leads to the plans page, as `serve` sets it up.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kit = engineInMemory({
    ...options,
    config: { baseUrl, upgradeUrl: `${baseUrl}/dashboard/plans`, ...options.config },
  });
  const oauth: OAuthDeps = {
    store: new InMemoryOAuthStore(),
    accounts: kit.deps.accounts,
    clock: kit.clock,
    ids: kit.deps.ids,
    hasher: kit.deps.hasher,
    passwords: kit.deps.passwords,
    config: createOAuthConfig(baseUrl),
  };
  const app = createHttpApp({
    engine: kit.engine,
    logger,
    mount: (a) => {
      a.use(createOAuthRouter({ oauth }));
      a.use(
        createDashboardRouter({
          engine: kit.engine,
          oauth,
          ...(options.billingUrl ? { billingUrl: options.billingUrl } : {}),
        }),
      );
    },
  });
  server.on("request", app);
  return {
    baseUrl,
    engine: kit.engine,
    oauth,
    clock: kit.clock,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The hidden fields of the n-th form posting to `action` (the dashboard has one rename and one revoke form per key),
 * as a browser would submit them.
 */
export function formFields(html: string, action: string, index = 0): Record<string, string> {
  const forms = [...html.matchAll(/<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].filter(
    (m) => m[1] === action,
  );
  const form = forms[index];
  if (!form) throw new Error(`no form #${index} posting to ${action}`);
  const out: Record<string, string> = {};
  for (const m of (form[2] ?? "").matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    out[unescapeHtml(m[1] ?? "")] = unescapeHtml(m[2] ?? "");
  }
  return out;
}

/** The text of the element with this id (no nested markup expected). */
export function textOf(html: string, id: string): string | undefined {
  const m = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html);
  return m ? unescapeHtml(m[1] ?? "") : undefined;
}
