// The real app with the checker page mounted over an engine on the in-memory stores, served on 127.0.0.1, with the
// page's own account as its anonymous principal (as the composition root creates it).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SCOPES, type Engine, type Principal, type RateLimiter } from "@scamverify/core";
import { InMemoryRateLimiter, type FixedClock } from "@scamverify/core/testing";
import { createHttpApp } from "../../src/app.js";
import { silentLogger, type Logger } from "../../src/logger.js";
import { createPageRouter, type PageRouterDeps } from "../../src/page/create-page-router.js";
import { withoutCacheWrites } from "../../src/page/read-only-cache.js";
import { engineInMemory, type EngineKit, type EngineOptions } from "../support/harness.js";

export interface PageTestServer {
  readonly baseUrl: string;
  readonly engine: Engine;
  readonly kit: Omit<EngineKit, "stores">;
  readonly principal: Principal;
  readonly clock: FixedClock;
  close(): Promise<void>;
}

export interface PageServerOptions extends EngineOptions {
  readonly page?: Partial<Omit<PageRouterDeps, "engine" | "principal" | "baseUrl">>;
  readonly logger?: Logger;
  readonly pageLimiter?: RateLimiter;
}

export async function startPageServer(options: PageServerOptions = {}): Promise<PageTestServer> {
  const kit = engineInMemory(options);
  const account = await kit.engine.accounts.create({
    email: "page@scamverify.local",
    plan: "enterprise",
    rpm: 10_000,
    quotas: { url: 1e9, phone: 1e9, text: 1e9, email: 1e9 },
  });
  if (account.isErr()) throw new Error(account.error.message);
  const principal: Principal = { accountId: account.value.id, mode: "live", via: "api_key", scopes: SCOPES };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { createEngine } = await import("@scamverify/core");
  const pageEngine = createEngine({ ...kit.deps, cache: withoutCacheWrites(kit.deps.cache) });
  const logger = options.logger ?? silentLogger;
  const app = createHttpApp({
    engine: kit.engine,
    logger,
    mount: (a) => {
      a.use(
        createPageRouter({
          engine: pageEngine,
          principal: () => Promise.resolve(principal),
          limiter: options.pageLimiter ?? new InMemoryRateLimiter(),
          store: kit.deps.cache,
          logger,
          baseUrl,
          now: () => kit.clock.now(),
          ...(kit.deps.documentReader ? { documentReader: kit.deps.documentReader } : {}),
          ...options.page,
        }),
      );
    },
  });
  server.on("request", app);
  return {
    baseUrl,
    engine: kit.engine,
    kit,
    principal,
    clock: kit.clock,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts the check form as a browser does (multipart, with an optional file). */
export async function postCheck(
  baseUrl: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("file", new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl}/check`, { method: "POST", body: form, headers });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** The value of the first hidden field `name` in a page (unescaped). */
export function hiddenValue(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no hidden field ${name}`);
  return (m[1] as string)
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function verdictOf(html: string): string | null {
  return /data-verdict="([a-z_]+)"/.exec(html)?.[1] ?? null;
}
