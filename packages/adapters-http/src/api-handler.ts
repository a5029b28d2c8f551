// The JSON API under /api/v1, served on node:http directly. These are the routes clients call at volume; Express's
// per-request machinery (its request and response prototypes, router, body-parser) cost more than the whole
// engine does on a cached lookup, so they go around it. Express still serves everything else (OAuth, dashboard,
// MCP, the 404 envelope). Both share http-common.ts, so ids, logs, CORS and error envelopes are the same.
import type { IncomingMessage, ServerResponse } from "node:http";
import { appError, type AppError, type Engine, type Meta, type Principal } from "@scamverify/core";
import type { Result } from "neverthrow";
import {
  applyCors,
  assignRequestId,
  CHANNEL_HEADER,
  logAccess,
  pathOf,
  requestIdOf,
  sendError,
  writeJson,
  writeJsonText,
} from "./http-common.js";
import { readJsonBody } from "./json-body.js";
import type { Logger } from "./logger.js";
import { buildOpenApiDocument } from "./openapi.js";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface ApiRouteInfo {
  readonly method: "get" | "post";
  readonly path: string;
}

export interface ApiHandler {
  /** Serves the request and returns true when it is one of the API's routes; otherwise leaves it untouched. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  readonly routes: readonly ApiRouteInfo[];
}

export interface ApiHandlerOptions {
  readonly engine: Engine;
  readonly logger: Logger;
  /** Largest JSON body accepted (bytes, after decoding); larger gets 413 payload_too_large. Default 1 MiB. */
  readonly maxBodyBytes?: number;
}

type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Call<T> = (p: Principal, body: unknown) => Promise<Result<{ value: T; meta: Meta }, AppError>>;

function sendMeta(res: ServerResponse, meta: Meta): void {
  if (meta.quota) {
    const name = CHANNEL_HEADER[meta.quota.channel];
    res.setHeader(`X-Quota-${name}-Used`, String(meta.quota.used));
    res.setHeader(`X-Quota-${name}-Limit`, String(meta.quota.limit));
  }
  if (meta.rateLimit) {
    const reset = Math.max(0, Math.ceil((meta.rateLimit.resetAt.getTime() - Date.now()) / 1000));
    res.setHeader("RateLimit-Limit", String(meta.rateLimit.limit));
    res.setHeader("RateLimit-Remaining", String(meta.rateLimit.remaining));
    res.setHeader("RateLimit-Reset", String(reset));
  }
}

/** Case and one trailing slash do not matter, as with the Express routes before. */
function routeKey(method: string, path: string): string {
  const p = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return `${method} ${p.toLowerCase()}`;
}

export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const { engine, logger } = options;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  /** Reads the body (when the route takes one), authenticates, calls the engine, and writes the outcome. */
  const authenticated =
    <T>(call: Call<T>, takesBody: boolean, successStatus = 200): Serve =>
    async (req, res) => {
      let body: unknown;
      if (takesBody) {
        const read = await readJsonBody(req, limit);
        if (read.isErr()) return sendError(res, read.error);
        body = read.value;
      }
      const principal = await engine.authenticate(req.headers.authorization);
      if (principal.isErr()) return sendError(res, principal.error);
      const out = await call(principal.value, body);
      if (out.isErr()) return sendError(res, out.error);
      sendMeta(res, out.value.meta);
      writeJson(res, successStatus, out.value.value);
    };

  const openapi = JSON.stringify(buildOpenApiDocument(engine.config));
  const v1 = "/api/v1";
  const table: [ApiRouteInfo["method"], string, Serve][] = [
    [
      "get",
      `${v1}/status`,
      async (_req, res) => {
        const status = await engine.status();
        res.setHeader("Cache-Control", "public, max-age=30");
        writeJson(res, status.status === "unavailable" ? 503 : 200, status);
      },
    ],
    ["get", `${v1}/openapi.json`, (_req, res) => Promise.resolve(writeJsonText(res, 200, openapi))],
    ["post", `${v1}/url/lookup`, authenticated(engine.lookupUrl, true)],
    ["post", `${v1}/phone/lookup`, authenticated(engine.lookupPhone, true)],
    ["post", `${v1}/batch/url`, authenticated(engine.batchUrl, true)],
    ["post", `${v1}/batch/phone`, authenticated(engine.batchPhone, true)],
    ["get", `${v1}/usage`, authenticated(engine.usage, false)],
    ["post", `${v1}/reports`, authenticated(engine.report, true, 201)],
  ];
  const routes = new Map(table.map(([method, path, serve]) => [routeKey(method.toUpperCase(), path), serve]));

  return {
    routes: table.map(([method, path]) => ({ method, path })),
    handle(req, res) {
      // HEAD is GET without the body (node:http leaves the body out by itself).
      const method = req.method === "HEAD" ? "GET" : (req.method ?? "");
      const serve = routes.get(routeKey(method, pathOf(req)));
      if (!serve) return false;
      assignRequestId(req, res);
      logAccess(logger, req, res);
      applyCors(req, res);
      res.setHeader("X-Content-Type-Options", "nosniff");
      serve(req, res).catch((error: unknown) => {
        logger.log("error", "unhandled error", {
          request_id: requestIdOf(res),
          path: pathOf(req),
          error: error instanceof Error ? error.message : String(error),
        });
        if (res.headersSent) res.destroy();
        else sendError(res, appError("internal_error", "An unexpected error occurred."));
      });
      return true;
    },
  };
}
