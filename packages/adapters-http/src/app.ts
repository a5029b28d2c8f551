// The Express 5 app: /api/v1 routes over the engine, the spec's error envelope on every failure (malformed JSON,
// oversized body, wrong content type, unknown route), CORS with preflight, a request id on every response and
// structured access logs without secrets. OAuth, MCP and dashboard routers are mounted through `mount`.
import { randomUUID } from "node:crypto";
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Response } from "express";
import { appError, type AppError, type Channel, type Engine, type Meta, type Principal } from "@scamverify/core";
import type { Result } from "neverthrow";
import { HTTP_STATUS, toEnvelope } from "./error-map.js";
import type { Logger } from "./logger.js";
import { buildOpenApiDocument } from "./openapi.js";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface HttpAppOptions {
  readonly engine: Engine;
  readonly logger: Logger;
  /** Largest JSON body accepted (bytes); larger gets 413 payload_too_large. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Mounts further routers (OAuth, MCP, dashboard) before the 404 handler. */
  readonly mount?: (app: Express) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const CHANNEL_HEADER: Record<Channel, string> = { phone: "Phone", url: "Url", text: "Text", email: "Email" };

/** The id given to this request (echoed in X-Request-Id and in error bodies). */
export function requestIdOf(res: Response): string | undefined {
  const id: unknown = res.locals["requestId"];
  return typeof id === "string" ? id : undefined;
}

export function sendError(res: Response, e: AppError): void {
  const status = HTTP_STATUS[e.code];
  if (e.retryAfter !== undefined) res.setHeader("Retry-After", String(e.retryAfter));
  if (e.code === "quota_exhausted" && e.details) {
    const d = e.details as { channel?: Channel; used?: number; limit?: number };
    if (d.channel) {
      res.setHeader(`X-Quota-${CHANNEL_HEADER[d.channel]}-Used`, String(d.used));
      res.setHeader(`X-Quota-${CHANNEL_HEADER[d.channel]}-Limit`, String(d.limit));
    }
  }
  if (status === 401) {
    const error = e.code === "invalid_token" || e.code === "invalid_api_key" ? ', error="invalid_token"' : "";
    res.setHeader("WWW-Authenticate", `Bearer realm="scamverify"${error}`);
  }
  res.status(status).json(toEnvelope(e, requestIdOf(res)));
}

function sendMeta(res: Response, meta: Meta): void {
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

type Call<T> = (p: Principal, body: unknown) => Promise<Result<{ value: T; meta: Meta }, AppError>>;

/** Authenticates, calls the engine, and writes the value or the error envelope. */
function route<T>(engine: Engine, call: Call<T>, successStatus = 200): RequestHandler {
  return async (req, res) => {
    const principal = await engine.authenticate(req.get("authorization"));
    if (principal.isErr()) return sendError(res, principal.error);
    const out = await call(principal.value, req.body);
    if (out.isErr()) {
      if (out.error.code === "rate_limit_exceeded") {
        // Clients that read RateLimit-* on success read them on the refusal too.
        const limit = (out.error.details as { limit?: unknown } | undefined)?.limit;
        if (typeof limit === "number") res.setHeader("RateLimit-Limit", String(limit));
        res.setHeader("RateLimit-Remaining", "0");
        if (out.error.retryAfter !== undefined) res.setHeader("RateLimit-Reset", String(out.error.retryAfter));
      }
      return sendError(res, out.error);
    }
    sendMeta(res, out.value.meta);
    res.status(successStatus).json(out.value.value);
  };
}

function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals["requestId"] = id;
    res.setHeader("X-Request-Id", id);
    next();
  };
}

function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.log(res.statusCode >= 500 ? "error" : "info", "request", {
        request_id: requestIdOf(res),
        method: req.method,
        path: req.path,
        status: res.statusCode,
        duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    next();
  };
}

function cors(): RequestHandler {
  return (req, res, next) => {
    // Only browsers need CORS headers, and they always send Origin; other clients are spared the bytes.
    if (req.get("origin") === undefined) return next();
    // Bearer credentials, no cookies: any origin may call the API.
    res.setHeader("Vary", "Origin");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader(
      "Access-Control-Expose-Headers",
      "X-Request-Id, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Quota-Phone-Used, X-Quota-Phone-Limit, X-Quota-Url-Used, X-Quota-Url-Limit, X-Quota-Text-Used, X-Quota-Text-Limit, X-Quota-Email-Used, X-Quota-Email-Limit, WWW-Authenticate, Mcp-Session-Id",
    );
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, DELETE, OPTIONS");
      res.setHeader(
        "Access-Control-Allow-Headers",
        req.get("access-control-request-headers") ?? "Authorization, Content-Type, X-Request-Id, MCP-Protocol-Version",
      );
      res.setHeader("Access-Control-Max-Age", "600");
      res.status(204).end();
      return;
    }
    next();
  };
}

/** POST bodies of the JSON API must be JSON; anything else is 415 before the body is read. */
function requireJson(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" && req.method !== "PATCH") return next();
    const hasBody =
      req.get("content-length") !== "0" &&
      (req.get("content-length") !== undefined || req.get("transfer-encoding") !== undefined);
    if (!hasBody) return next();
    if (!req.is("application/json")) {
      return sendError(
        res,
        appError("unsupported_media_type", "Send the request body as JSON with 'Content-Type: application/json'.", {
          details: { content_type: req.get("content-type") ?? null },
        }),
      );
    }
    next();
  };
}

const bodyErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const e = error as { type?: string; status?: number; message?: string; limit?: number };
  if (e.type === "entity.too.large") {
    return sendError(
      res,
      appError("payload_too_large", `The body exceeds the limit of ${e.limit ?? DEFAULT_MAX_BODY_BYTES} bytes.`, {
        details: { limit_bytes: e.limit ?? DEFAULT_MAX_BODY_BYTES },
      }),
    );
  }
  if (e.type === "entity.parse.failed") {
    return sendError(
      res,
      appError("validation_error", "The body is not valid JSON.", {
        details: { issues: [{ field: "body", message: "Malformed JSON" }] },
      }),
    );
  }
  if (e.type === "encoding.unsupported" || e.type === "charset.unsupported") {
    return sendError(res, appError("unsupported_media_type", "Unsupported body encoding or charset."));
  }
  if (e.type === "request.aborted") return;
  next(error);
};

export function createHttpApp(options: HttpAppOptions): Express {
  const { engine, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  // Lookups are POSTs and status is cached by max-age: hashing every body for an ETag buys nothing.
  app.set("etag", false);
  app.set("trust proxy", false);
  app.use(requestId(), accessLog(logger), cors());
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });

  // Routes sit on the app itself with their full paths (a mounted sub-router costs every request a prefix strip);
  // JSON bodies are parsed only where a route takes one.
  const json = [
    requireJson(),
    express.json({ limit: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, strict: false }),
    bodyErrors,
  ];
  const v1 = "/api/v1";
  app.get(`${v1}/status`, async (_req, res) => {
    const status = await engine.status();
    res.setHeader("Cache-Control", "public, max-age=30");
    res.status(status.status === "unavailable" ? 503 : 200).json(status);
  });
  const openapi = buildOpenApiDocument(engine.config);
  app.get(`${v1}/openapi.json`, (_req, res) => {
    res.json(openapi);
  });
  app.post(`${v1}/url/lookup`, json, route(engine, engine.lookupUrl));
  app.post(`${v1}/phone/lookup`, json, route(engine, engine.lookupPhone));
  app.post(`${v1}/batch/url`, json, route(engine, engine.batchUrl));
  app.post(`${v1}/batch/phone`, json, route(engine, engine.batchPhone));
  app.get(`${v1}/usage`, route(engine, engine.usage));
  app.post(`${v1}/reports`, json, route(engine, engine.report, 201));

  options.mount?.(app);

  app.use((req, res) => {
    sendError(res, appError("not_found", `No route for ${req.method} ${req.path}.`));
  });
  const last: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    void _next;
    logger.log("error", "unhandled error", {
      request_id: requestIdOf(res),
      path: req.path,
      error: error instanceof Error ? error.message : String(error),
    });
    if (res.headersSent) return;
    const status = (error as { status?: number }).status;
    if (status === 413) return sendError(res, appError("payload_too_large", "The body is too large."));
    if (status === 400) return sendError(res, appError("validation_error", "The request could not be read."));
    sendError(res, appError("internal_error", "An unexpected error occurred."));
  };
  app.use(bodyErrors, last);
  return app;
}
