// The JSON API under /api/v1, served on node:http directly from the endpoint table (endpoints.ts). These are the
// routes clients call at volume; Express's per-request machinery (its request and response prototypes, router,
// body-parser) cost more than the whole engine does on a cached lookup, so they go around it. Express still serves
// everything else (OAuth, dashboard, MCP, the 404 envelope). Both share http-common.ts, so ids, logs, CORS and error
// envelopes are the same.
import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ok, type Result } from "neverthrow";
import { appError, parseIdempotencyKey, type AppError, type Engine, type Principal } from "@scamverify/core";
import { createEndpoints, type Endpoint, type EngineEndpoint } from "./endpoints.js";
import {
  answerOtherMethod,
  baseHeaders,
  hstsOf,
  counterHeaders,
  logAccess,
  pathOf,
  quotaHeaderName,
  requestIdOf,
  sendCounters,
  sendError,
  setHeaders,
  takeRequestId,
  writeAnswer,
  writeJson,
  writeJsonText,
  type HeaderList,
} from "./http-common.js";
import { readArrivedJsonBody, readSharedJsonBody, refuseAfterDrain, whenJsonBodyArrived } from "./request-body.js";
import { errorFields, type Logger } from "./logger.js";
import { buildOpenApiDocument } from "./openapi.js";
import { readUpload } from "./multipart-body.js";
import type { HttpMetrics } from "./metrics.js";
import { createReadiness, engineDatabaseCheck, metricsRefusal, type ReadinessCheck } from "./ops.js";
import { requestDigest, runIdempotent } from "./idempotency.js";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface ApiRouteInfo {
  readonly method: "get" | "post" | "delete";
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
  /**
   * The requests are served inside a tracer's context (app.ts's `tracer`): callbacks of a request's own events then
   * carry it, so the engine's spans stay children of the request's.
   */
  readonly traced?: boolean;
}

/**
 * Serves one request. `headers` are those its answer starts with (request id, nosniff, CORS): a success sends them
 * with its own in one writeHead; any other answer sets them first (`refuse`). `params` are the path's {name} values.
 * A route that may answer without a promise returns nothing then; a failure it meets later goes to `failed`.
 */
type Serve = (
  req: IncomingMessage,
  res: ServerResponse,
  headers: HeaderList,
  params: Readonly<Record<string, string>>,
) => Promise<void> | undefined;

/** How a served request's unexpected failure is answered (logged, then 500 or the connection cut). */
type Failed = (req: IncomingMessage, res: ServerResponse, headers: HeaderList, error: unknown) => void;

/** What the ordinary engine call may be handed already: the caller's principal, and the body once read. */
interface Known {
  readonly principal: Principal;
  /** The body's read: its value or refusal; undefined when it is still to be read (always so for other kinds). */
  readonly body: Result<unknown, AppError> | undefined;
}

/** A route with {name} segments (a job's id): its method, the pattern of its path and the names it binds. */
interface PatternRoute {
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly serve: Serve;
}

function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (m === null) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").toLowerCase();
      names.push(m[1]!);
      return "([^/]{1,128})";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}/?$`, "i"), names };
}

/** Writes an async iterable as JSON Lines; a failure after the first line ends the response early. */
async function writeJsonLines(res: ServerResponse, status: number, lines: AsyncIterable<unknown>): Promise<void> {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/jsonl; charset=utf-8");
  let chunk = "";
  for await (const line of lines) {
    chunk += `${JSON.stringify(line)}\n`;
    if (chunk.length >= 64 * 1024) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve));
      chunk = "";
    }
  }
  res.end(chunk);
}

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The methods a route of the table can have: what a path's Allow header is made of. */
const ROUTE_METHODS: readonly string[] = ["GET", "POST"];

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
  const hsts = hstsOf(engine.config.baseUrl);
  const endpoints = createEndpoints(engine.registry);
  const refuse = (res: ServerResponse, headers: HeaderList, e: AppError): void => {
    setHeaders(res, headers);
    sendError(res, e, quotaHeader);
  };

  /**
   * Authenticates, then reads the body of its kind, calls the engine, and writes the outcome. A caller without a
   * valid key is answered before its body is parsed: an anonymous upload costs the server no parsing. `known`: the
   * principal (and body) the at-once path (`heldAnswer`) already has, when it could not answer.
   */
  const engineCall =
    (e: EngineEndpoint) =>
    async (
      req: IncomingMessage,
      res: ServerResponse,
      headers: HeaderList,
      params: Readonly<Record<string, string>>,
      known?: Known,
    ): Promise<void> => {
      const principal = known ? ok(known.principal) : await engine.authenticate(req.headers.authorization);
      if (principal.isErr()) {
        if (e.body === "json" || e.body === "multipart") await refuseAfterDrain(req, principal.error, res);
        return refuse(res, headers, principal.error);
      }
      const sent = e.method === "post" ? req.headers["idempotency-key"] : undefined;
      const key = Array.isArray(sent) ? sent.join(", ") : sent;
      if (key !== undefined) {
        const parsed = parseIdempotencyKey(key);
        if (parsed.isErr()) {
          if (e.body === "json" || e.body === "multipart") await refuseAfterDrain(req, parsed.error, res);
          return refuse(res, headers, parsed.error);
        }
      }
      let body: unknown;
      if (e.body === "query") {
        body = Object.fromEntries(new URL(req.url ?? "/", "http://localhost").searchParams);
      } else if (e.body !== "none") {
        const read =
          known?.body ??
          (e.read
            ? await e.read(req, e.maxBodyBytes ?? limit, res)
            : e.body === "json"
              ? await readArrivedJsonBody(req, e.maxBodyBytes ?? limit, res)
              : await readUpload(req, e.maxBodyBytes ?? uploadLimit, res));
        if (read.isErr()) return refuse(res, headers, read.error);
        body = read.value;
      }
      if (key !== undefined) {
        // The route's template and its path values: one key on two jobs' cancel is two requests.
        const target = Object.keys(params).length === 0 ? e.path : `${e.path} ${JSON.stringify(params)}`;
        const started = await engine.idempotent(principal.value, key, requestDigest(e.method, target, body));
        if (started.isErr()) return refuse(res, headers, started.error);
        // A stored answer is replayed whole; the base headers go first, as on any answer set header by header.
        setHeaders(res, headers);
        // Run as the claim's holder, so the units the request commits are noted on its key.
        const as = started.value.kind === "run" ? started.value.principal : principal.value;
        return runIdempotent(started.value, res, options.metrics, logger, async () => {
          const out = await e.call(engine, as, body, params);
          if (out.isErr()) return sendError(res, out.error, quotaHeader);
          sendCounters(res, out.value.meta, quotaHeader);
          return { status: e.status, text: JSON.stringify(out.value.value) };
        });
      }
      const out = await e.call(engine, principal.value, body, params);
      if (out.isErr()) return refuse(res, headers, out.error);
      if (e.answer === "jsonl") {
        setHeaders(res, counterHeaders(out.value.meta, quotaHeader, headers));
        return writeJsonLines(res, e.status, out.value.value as AsyncIterable<unknown>);
      }
      writeAnswer(res, e.status, out.value.value, counterHeaders(out.value.meta, quotaHeader, headers));
    };

  /**
   * A route whose engine call can be answered at once (a cached lookup): when the key is one the engine holds and no
   * Idempotency-Key is sent, the body is taken whole as it arrives and the engine answers from memory, so the request
   * is served in the one callback in which its body arrives, without a promise, in one writeHead and one write.
   * Whatever the engine cannot answer so (not held, a refusal of the key or the body) goes the ordinary way
   * (`engineCall`), handed what is known already; the answers are the same either way.
   */
  const heldAnswer = (e: EngineEndpoint, failed: Failed): Serve => {
    const ordinary = engineCall(e);
    const atOnce = e.callAtOnce;
    if (atOnce === undefined || e.body !== "json" || e.read !== undefined || e.answer === "jsonl") return ordinary;
    const maxBody = e.maxBodyBytes ?? limit;
    return (req, res, headers, params) => {
      if (req.headers["idempotency-key"] !== undefined) return ordinary(req, res, headers, params);
      const principal = engine.authenticateHeld(req.headers.authorization);
      if (principal === undefined || principal.isErr()) return ordinary(req, res, headers, params);
      const onFailure = (error: unknown): void => failed(req, res, headers, error);
      const answer = (body: Result<unknown, AppError> | undefined): void => {
        try {
          if (body === undefined) {
            // A body to read as a stream (not whole when it was first readable, or another kind of body).
            readSharedJsonBody(req, maxBody, res)
              .then((read) => ordinary(req, res, headers, params, { principal: principal.value, body: read }))
              .catch(onFailure);
            return;
          }
          const out = body.isErr() ? undefined : atOnce(engine, principal.value, body.value);
          if (out === undefined) {
            ordinary(req, res, headers, params, { principal: principal.value, body }).catch(onFailure);
          } else if (out.isErr()) refuse(res, headers, out.error);
          else writeAnswer(res, e.status, out.value.value, counterHeaders(out.value.meta, quotaHeader, headers));
        } catch (error) {
          onFailure(error);
        }
      };
      whenJsonBodyArrived(req, maxBody, options.traced === true ? AsyncResource.bind(answer) : answer);
      return undefined;
    };
  };

  const openapi = JSON.stringify(buildOpenApiDocument(engine.config, engine.registry));
  const readiness = createReadiness(options.readiness ?? [engineDatabaseCheck(engine)]);
  const { metrics } = options;
  /** A failure no answer was made for: logged, then answered 500 (or the connection cut, when headers went out). */
  const failed: Failed = (req, res, headers, error) => {
    logger.log("error", "unhandled error", {
      request_id: requestIdOf(res),
      path: pathOf(req),
      ...errorFields(error),
    });
    if (res.headersSent) res.destroy();
    else refuse(res, headers, appError("internal_error", "An unexpected error occurred."));
  };
  const serveOf = (e: Endpoint): Serve | null => {
    switch (e.kind) {
      case "engine":
        return heldAnswer(e, failed);
      case "status":
        return async (_req, res, headers) => {
          const status = await engine.status();
          headers.push("Cache-Control", "public, max-age=30");
          writeJson(res, status.status === "unavailable" ? 503 : 200, status, headers);
        };
      case "openapi":
        return (_req, res, headers) => Promise.resolve(writeJsonText(res, 200, openapi, headers));
      case "health":
        return (_req, res, headers) => {
          headers.push("Cache-Control", "no-store");
          return Promise.resolve(writeJsonText(res, 200, '{"status":"ok"}', headers));
        };
      case "ready":
        return async (_req, res, headers) => {
          const ready = await readiness();
          headers.push("Cache-Control", "no-store");
          writeJson(res, ready.status === "ready" ? 200 : 503, ready, headers);
        };
      case "metrics":
        if (metrics === undefined) return null;
        return async (req, res, headers) => {
          const refusal = metricsRefusal(req, options.metricsToken);
          if (refusal !== null) return refuse(res, headers, refusal);
          const { contentType, body } = await metrics.render();
          setHeaders(res, headers);
          res.statusCode = 200;
          res.setHeader("Content-Type", contentType);
          res.setHeader("Cache-Control", "no-store");
          res.end(body);
        };
    }
  };
  /** A route the server answers, and its path as the endpoint table writes it (the metrics' route label). */
  interface Served {
    readonly serve: Serve;
    readonly path: string;
  }
  const NO_PARAMS: Readonly<Record<string, string>> = {};
  type Found = Served & { readonly params: Readonly<Record<string, string>> };
  const routes = new Map<string, Found>();
  /** The fixed routes by method and path exactly as the table writes them: most requests ask for them so. */
  const exact = new Map<string, Map<string, Found>>();
  const patterns: (PatternRoute & { path: string })[] = [];
  for (const e of endpoints) {
    const serve = serveOf(e);
    if (serve === null) continue;
    const method = e.method.toUpperCase();
    if (e.path.includes("{")) {
      patterns.push({ method, ...patternOf(e.path), serve, path: e.path });
      continue;
    }
    const found: Found = { serve, path: e.path, params: NO_PARAMS };
    routes.set(routeKey(method, e.path), found);
    let byPath = exact.get(method);
    if (byPath === undefined) exact.set(method, (byPath = new Map()));
    byPath.set(e.path, found);
  }
  /** The route of a request and the path's {name} values; undefined when it is not an API route. */
  const route = (method: string, path: string): Found | undefined => {
    if (method === "") return undefined;
    const fixed = exact.get(method)?.get(path) ?? routes.get(routeKey(method, path));
    if (fixed) return fixed;
    for (const r of patterns) {
      if (r.method !== method) continue;
      const m = r.pattern.exec(path);
      if (m === null) continue;
      const params: Record<string, string> = {};
      r.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
      return { serve: r.serve, path: r.path, params };
    }
    return undefined;
  };
  const methodsOf = (path: string): readonly string[] =>
    ROUTE_METHODS.filter((m) => {
      try {
        return route(m, path) !== undefined;
      } catch {
        return false; // a malformed %-escape in an id: no such route
      }
    });

  /**
   * A path of the table asked with a method it does not take: 405 method_not_allowed with Allow, or 204 with Allow
   * for OPTIONS without an Origin (a browser's preflight is CORS's, answered by applyCors). False, leaving the
   * request untouched, when no route has the path or the request is a preflight.
   */
  const otherMethod = (req: IncomingMessage, res: ServerResponse): boolean => {
    const methods = methodsOf(pathOf(req));
    if (methods.length === 0 || (req.method === "OPTIONS" && req.headers.origin !== undefined)) return false;
    const headers = baseHeaders(req, takeRequestId(req, res));
    if (hsts !== null) headers.push("Strict-Transport-Security", hsts);
    setHeaders(res, headers);
    logAccess(logger, req, res);
    answerOtherMethod(req, res, methods);
    return true;
  };

  return {
    endpoints,
    routes: endpoints.map(({ method, path }) => ({ method, path })),
    handle(req, res) {
      // HEAD is GET without the body (node:http leaves the body out by itself).
      const method = req.method === "HEAD" ? "GET" : (req.method ?? "");
      let found: ReturnType<typeof route>;
      try {
        found = route(method, pathOf(req));
      } catch {
        found = undefined; // a malformed %-escape in an id: no such route
      }
      if (!found) return otherMethod(req, res);
      const headers = baseHeaders(req, takeRequestId(req, res));
      if (hsts !== null) headers.push("Strict-Transport-Security", hsts);
      logAccess(logger, req, res, found.path, metrics);
      let served: Promise<void> | undefined;
      try {
        served = found.serve(req, res, headers, found.params);
      } catch (error) {
        failed(req, res, headers, error);
        return true;
      }
      served?.catch((error: unknown) => failed(req, res, headers, error));
      return true;
    },
  };
}
