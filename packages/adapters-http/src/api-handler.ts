// The JSON API under /api/v1, served on node:http directly from the endpoint table (endpoints.ts). These are the
// routes clients call at volume; Express's per-request machinery (its request and response prototypes, router,
// body-parser) cost more than the whole engine does on a cached lookup, so they go around it. Express still serves
// everything else (OAuth, dashboard, MCP, the 404 envelope). Both share http-common.ts, so ids, logs, CORS and error
// envelopes are the same.
import type { IncomingMessage, ServerResponse } from "node:http";
import { appError, parseIdempotencyKey, type Engine } from "@scamverify/core";
import { createEndpoints, type Endpoint, type EngineEndpoint } from "./endpoints.js";
import {
  applyCors,
  assignRequestId,
  logAccess,
  pathOf,
  quotaHeaderName,
  requestIdOf,
  sendCounters,
  sendError,
  writeAnswer,
  writeJson,
  writeJsonText,
} from "./http-common.js";
import { readJsonBody, refuseAfterDrain } from "./request-body.js";
import { errorFields, type Logger } from "./logger.js";
import { buildOpenApiDocument } from "./openapi.js";
import { readUpload } from "./multipart-body.js";
import type { HttpMetrics } from "./metrics.js";
import { createReadiness, engineDatabaseCheck, metricsRefusal, type ReadinessCheck } from "./ops.js";
import { requestDigest, runIdempotent } from "./idempotency.js";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface ApiRouteInfo {
  readonly method: "get" | "post";
  readonly path: string;
}

export interface ApiHandler {
  /** Serves the request and returns true when it is one of the API's routes; otherwise leaves it untouched. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  readonly routes: readonly ApiRouteInfo[];
  readonly endpoints: readonly Endpoint[];
}

export interface ApiHandlerOptions {
  readonly engine: Engine;
  readonly logger: Logger;
  /** Largest JSON body accepted (bytes, after decoding); larger gets 413 payload_too_large. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Largest upload accepted (bytes); larger gets 413 payload_too_large. Default 10 MiB. */
  readonly maxUploadBytes?: number;
  /** Counts every request of these routes; /metrics serves it. Without it /metrics answers 404. */
  readonly metrics?: HttpMetrics;
  /** Bearer token /metrics asks for; without it /metrics is served to loopback clients only. */
  readonly metricsToken?: string;
  /** What /readyz runs; default the database as the engine's status sees it. */
  readonly readiness?: readonly ReadinessCheck[];
}

type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Case and one trailing slash do not matter, as with the Express routes before. */
function routeKey(method: string, path: string): string {
  const p = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return `${method} ${p.toLowerCase()}`;
}

export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const { engine, logger } = options;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const uploadLimit = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const quotaHeader = quotaHeaderName(engine.registry);
  const endpoints = createEndpoints(engine.registry);

  /**
   * Authenticates, then reads the body of its kind, calls the engine, and writes the outcome. A caller without a
   * valid key is answered before its body is parsed: an anonymous upload costs the server no parsing.
   */
  const authenticated =
    (e: EngineEndpoint): Serve =>
    async (req, res) => {
      const principal = await engine.authenticate(req.headers.authorization);
      if (principal.isErr()) {
        if (e.body !== "none") await refuseAfterDrain(req, principal.error, res);
        return sendError(res, principal.error, quotaHeader);
      }
      const sent = e.method === "post" ? req.headers["idempotency-key"] : undefined;
      const key = Array.isArray(sent) ? sent.join(", ") : sent;
      if (key !== undefined) {
        const parsed = parseIdempotencyKey(key);
        if (parsed.isErr()) {
          if (e.body !== "none") await refuseAfterDrain(req, parsed.error, res);
          return sendError(res, parsed.error, quotaHeader);
        }
      }
      let body: unknown;
      if (e.body !== "none") {
        const read =
          e.body === "json"
            ? await readJsonBody(req, e.maxBodyBytes ?? limit, res)
            : await readUpload(req, e.maxBodyBytes ?? uploadLimit, res);
        if (read.isErr()) return sendError(res, read.error, quotaHeader);
        body = read.value;
      }
      if (key !== undefined) {
        const started = await engine.idempotent(principal.value, key, requestDigest(e.method, e.path, body));
        if (started.isErr()) return sendError(res, started.error, quotaHeader);
        return runIdempotent(started.value, res, options.metrics, logger, async () => {
          const out = await e.call(engine, principal.value, body);
          if (out.isErr()) return sendError(res, out.error, quotaHeader);
          sendCounters(res, out.value.meta, quotaHeader);
          return { status: e.status, text: JSON.stringify(out.value.value) };
        });
      }
      const out = await e.call(engine, principal.value, body);
      if (out.isErr()) return sendError(res, out.error, quotaHeader);
      sendCounters(res, out.value.meta, quotaHeader);
      writeAnswer(res, e.status, out.value.value);
    };

  const openapi = JSON.stringify(buildOpenApiDocument(engine.config, engine.registry));
  const readiness = createReadiness(options.readiness ?? [engineDatabaseCheck(engine)]);
  const { metrics } = options;
  const serveOf = (e: Endpoint): Serve | null => {
    switch (e.kind) {
      case "engine":
        return authenticated(e);
      case "status":
        return async (_req, res) => {
          const status = await engine.status();
          res.setHeader("Cache-Control", "public, max-age=30");
          writeJson(res, status.status === "unavailable" ? 503 : 200, status);
        };
      case "openapi":
        return (_req, res) => Promise.resolve(writeJsonText(res, 200, openapi));
      case "health":
        return (_req, res) => {
          res.setHeader("Cache-Control", "no-store");
          return Promise.resolve(writeJsonText(res, 200, '{"status":"ok"}'));
        };
      case "ready":
        return async (_req, res) => {
          const ready = await readiness();
          res.setHeader("Cache-Control", "no-store");
          writeJson(res, ready.status === "ready" ? 200 : 503, ready);
        };
      case "metrics":
        if (metrics === undefined) return null;
        return async (req, res) => {
          const refusal = metricsRefusal(req, options.metricsToken);
          if (refusal !== null) return sendError(res, refusal);
          const { contentType, body } = await metrics.render();
          res.statusCode = 200;
          res.setHeader("Content-Type", contentType);
          res.setHeader("Cache-Control", "no-store");
          res.end(body);
        };
    }
  };
  const routes = new Map<string, { serve: Serve; path: string }>();
  for (const e of endpoints) {
    const serve = serveOf(e);
    if (serve !== null) routes.set(routeKey(e.method.toUpperCase(), e.path), { serve, path: e.path });
  }

  return {
    endpoints,
    routes: endpoints.map(({ method, path }) => ({ method, path })),
    handle(req, res) {
      // HEAD is GET without the body (node:http leaves the body out by itself).
      const method = req.method === "HEAD" ? "GET" : (req.method ?? "");
      const route = routes.get(routeKey(method, pathOf(req)));
      if (!route) return false;
      assignRequestId(req, res);
      logAccess(logger, req, res, route.path, metrics);
      applyCors(req, res);
      res.setHeader("X-Content-Type-Options", "nosniff");
      route.serve(req, res).catch((error: unknown) => {
        logger.log("error", "unhandled error", {
          request_id: requestIdOf(res),
          path: pathOf(req),
          ...errorFields(error),
        });
        if (res.headersSent) res.destroy();
        else sendError(res, appError("internal_error", "An unexpected error occurred."));
      });
      return true;
    },
  };
}
