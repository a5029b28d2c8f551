// The JSON API under /api/v1, served on node:http directly from the endpoint table (endpoints.ts). These are the
// routes clients call at volume; Express's per-request machinery (its request and response prototypes, router,
// body-parser) cost more than the whole engine does on a cached lookup, so they go around it. Express still serves
// everything else (OAuth, dashboard, MCP, the 404 envelope). Both share http-common.ts, so ids, logs, CORS and error
// envelopes are the same.
import type { IncomingMessage, ServerResponse } from "node:http";
import { appError, type Engine } from "@scamverify/core";
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
      let body: unknown;
      if (e.body !== "none") {
        const read =
          e.body === "json"
            ? await readJsonBody(req, e.maxBodyBytes ?? limit, res)
            : await readUpload(req, e.maxBodyBytes ?? uploadLimit, res);
        if (read.isErr()) return sendError(res, read.error, quotaHeader);
        body = read.value;
      }
      const out = await e.call(engine, principal.value, body);
      if (out.isErr()) return sendError(res, out.error, quotaHeader);
      sendCounters(res, out.value.meta, quotaHeader);
      writeAnswer(res, e.status, out.value.value);
    };

  const openapi = JSON.stringify(buildOpenApiDocument(engine.config, engine.registry));
  const serveOf = (e: Endpoint): Serve => {
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
    }
  };
  const routes = new Map(endpoints.map((e) => [routeKey(e.method.toUpperCase(), e.path), serveOf(e)]));

  return {
    endpoints,
    routes: endpoints.map(({ method, path }) => ({ method, path })),
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
          ...errorFields(error),
        });
        if (res.headersSent) res.destroy();
        else sendError(res, appError("internal_error", "An unexpected error occurred."));
      });
      return true;
    },
  };
}
