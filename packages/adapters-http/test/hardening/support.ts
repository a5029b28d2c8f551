// The whole HTTP face as `serve` mounts it (JSON API, OAuth pages, dashboard, MCP endpoint) over PostgreSQL, on
// 127.0.0.1, with helpers to send raw bodies: the bugs these tests pin down only showed with the real database
// (NUL characters) or on a real keep-alive socket.
import { createServer, request as httpRequest, type Agent, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createAccessTokenVerifier,
  createOAuthConfig,
  type Engine,
  type OAuthDeps,
  type SlidingLimiter,
  type Status,
} from "@scamverify/core";
import { FixedClock } from "@scamverify/core/testing";
import { SqlOAuthStore, type Db } from "@scamverify/persistence";
import { createMcpHttpHandler } from "@scamverify/adapters-mcp";
import { createHttpApp } from "../../src/app.js";
import { createDashboardRouter } from "../../src/dashboard/index.js";
import { silentLogger, type Logger } from "../../src/logger.js";
import { createOAuthRouter } from "../../src/oauth/create-oauth-router.js";
import { createWellKnownRouter } from "../../src/oauth/create-well-known-router.js";
import { readJsonBody } from "../../src/request-body.js";
import { T0, engineOver, type EngineKit } from "../support/harness.js";

export interface Stack {
  readonly baseUrl: string;
  readonly port: number;
  readonly kit: EngineKit;
  readonly oauth: OAuthDeps;
  close(): Promise<void>;
}

export interface StackOptions {
  readonly logger?: Logger;
  /** The sign-in throttle's limiter (default: each stack counts on its own). */
  readonly rateLimiter?: SlidingLimiter;
  /** Largest MCP body (bytes). */
  readonly mcpMaxBodyBytes?: number;
  /** Replaces the engine's status (to pretend more channels are served). */
  readonly status?: () => Promise<Status>;
  /** Wraps the OAuth store (to make it fail). */
  readonly wrapStore?: (store: SqlOAuthStore) => OAuthDeps["store"];
}

export async function startStack(db: Db, options: StackOptions = {}): Promise<Stack> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const store = new SqlOAuthStore(db);
  const clock = new FixedClock(T0);
  const kit = engineOver(db, {
    clock,
    config: { baseUrl },
    override: (deps) => ({ accessTokens: createAccessTokenVerifier({ store, clock, hasher: deps.hasher }) }),
  });
  const oauth: OAuthDeps = {
    store: options.wrapStore ? options.wrapStore(store) : store,
    accounts: kit.deps.accounts,
    clock: kit.clock,
    ids: kit.deps.ids,
    hasher: kit.deps.hasher,
    passwords: kit.deps.passwords,
    config: createOAuthConfig(baseUrl),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
  };
  const engine: Engine = options.status ? { ...kit.engine, status: options.status } : kit.engine;
  const app = createHttpApp({
    engine,
    logger: options.logger ?? silentLogger,
    mount: (a) => {
      a.use(createWellKnownRouter({ config: oauth.config }));
      a.use(createOAuthRouter({ oauth, engine }));
      a.use(createDashboardRouter({ engine, oauth }));
      a.all(
        "/api/mcp",
        createMcpHttpHandler({
          engine,
          baseUrl,
          readBody: readJsonBody,
          ...(options.mcpMaxBodyBytes !== undefined ? { maxBodyBytes: options.mcpMaxBodyBytes } : {}),
        }),
      );
    },
  });
  server.on("request", app);
  return {
    baseUrl,
    port,
    kit,
    oauth,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The local port of the socket the request went out on (the same port: the same keep-alive connection). */
  readonly localPort: number | undefined;
}

/** One request with an exact body (bytes, any encoding), over `agent` when given. Rejects after `timeoutMs`. */
export function rawRequest(
  port: number,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    agent?: Agent;
    timeoutMs?: number;
  },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: init.method ?? "POST",
        headers: init.headers ?? {},
        ...(init.agent ? { agent: init.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            localPort: req.socket?.localPort,
          }),
        );
      },
    );
    req.setTimeout(init.timeoutMs ?? 10_000, () =>
      req.destroy(new Error(`no answer within ${init.timeoutMs ?? 10_000} ms`)),
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

export const FORM = { "content-type": "application/x-www-form-urlencoded" } as const;
export const JSON_TYPE = { "content-type": "application/json" } as const;
