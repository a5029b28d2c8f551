// What every response of the HTTP face shares, written against node:http alone so the JSON API (served without
// Express, see api-handler.ts) and the Express routes (OAuth, dashboard, MCP) behave the same: the request id,
// the access log, CORS, and JSON and error-envelope bodies.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { appError, DEFAULT_REGISTRY, type AppError, type ChannelRegistry, type ErrorCounters } from "@scamverify/core";
import { HTTP_STATUS, toEnvelope } from "./error-map.js";
import { elapsedMs, type Logger, type RequestObserver } from "./logger.js";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const REQUEST_ID_KEY = Symbol("scamverify.requestId");

/** The word of a quota channel's X-Quota-<Word>-Used / -Limit headers, from the registry's quota declarations. */
export function quotaHeaderName(registry: ChannelRegistry): (channel: string) => string {
  return (channel) => registry.quota(channel)?.header ?? channel.charAt(0).toUpperCase() + channel.slice(1);
}
const defaultQuotaHeader = quotaHeaderName(DEFAULT_REGISTRY);

type Tagged = ServerResponse & { [REQUEST_ID_KEY]?: string };

/**
 * Ids this process gives: UUID-shaped (8-4-4-4-12 hex), the first 20 digits those of a random UUID drawn once per
 * process and the last 12 a counter. Unique within the process by the counter and across processes by the random
 * part; no entropy is drawn per request.
 */
const ID_PREFIX = randomUUID().slice(0, 24);
let idCounter = 0;
function nextRequestId(): string {
  idCounter = (idCounter + 1) % 0x1000000000000;
  return ID_PREFIX + idCounter.toString(16).padStart(12, "0");
}

/** Takes a sane incoming X-Request-Id or makes one and remembers it on the response, without sending it yet. */
export function takeRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : nextRequestId();
  (res as Tagged)[REQUEST_ID_KEY] = id;
  return id;
}

/** Takes or makes the request id (takeRequestId), echoes it, and remembers it on the response. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = takeRequestId(req, res);
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The id given to this request (echoed in X-Request-Id and in error bodies). */
export function requestIdOf(res: ServerResponse): string | undefined {
  return (res as Tagged)[REQUEST_ID_KEY];
}

/** The path without the query string: access logs never carry query values (a key could be in one). */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

const ACCESS = Symbol("scamverify.access");
type Logged = ServerResponse & {
  [ACCESS]?: {
    readonly logger: Logger;
    readonly req: IncomingMessage;
    readonly started: number;
    readonly route?: string;
    readonly observer?: RequestObserver;
  };
};

/** The one 'finish' listener of every logged response: what it needs rides on the response, no closure per request. */
function onFinish(this: Logged): void {
  const access = this[ACCESS];
  if (access === undefined) return;
  if (access.observer !== undefined && access.route !== undefined) {
    access.observer.observeRequest(
      access.route,
      access.req.method,
      this.statusCode,
      (performance.now() - access.started) / 1000,
    );
  }
  access.logger.log(this.statusCode >= 500 ? "error" : "info", "request", {
    request_id: requestIdOf(this),
    method: access.req.method,
    path: pathOf(access.req),
    status: this.statusCode,
    duration_ms: elapsedMs(access.started),
  });
}

/**
 * The route template a request was answered by: the JSON API's endpoint path as the table writes it, the matched
 * Express route (its mount point and pattern), or "unmatched". Never the path itself (it can carry an id).
 */
export function routeTemplateOf(
  req: IncomingMessage & { baseUrl?: string; route?: { path?: unknown } },
  res: ServerResponse,
): string {
  const api = (res as Logged)[ACCESS]?.route;
  if (api !== undefined) return api;
  const pattern = req.route?.path;
  return typeof pattern === "string" ? `${req.baseUrl ?? ""}${pattern}` : "unmatched";
}

/** Writes one access-log line when the response finishes, and counts it under `route` when an observer is given. */
export function logAccess(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  route?: string,
  observer?: RequestObserver,
): void {
  (res as Logged)[ACCESS] =
    route === undefined
      ? { logger, req, started: performance.now() }
      : { logger, req, started: performance.now(), route, ...(observer !== undefined ? { observer } : {}) };
  res.on("finish", onFinish);
}

const EXPOSED = [
  "X-Request-Id",
  "Retry-After",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  ...DEFAULT_REGISTRY.quotas.flatMap((q) => [`X-Quota-${q.header}-Used`, `X-Quota-${q.header}-Limit`]),
  "WWW-Authenticate",
  "Mcp-Session-Id",
  "Idempotent-Replayed",
  "Allow",
].join(", ");

/** The CORS headers of an answer to a browser (a request with an Origin). */
const CORS_ANSWER = ["Vary", "Origin", "Access-Control-Allow-Origin", "*", "Access-Control-Expose-Headers", EXPOSED];

/**
 * Headers as name, value, name, value...: what `writeHead` takes in one call. An answer whose headers are all in one
 * such list skips setHeader's per-header bookkeeping (and node validates each one once, as it writes them).
 */
export type HeaderList = string[];

/** Sets each header of the list on the response, for the paths that go on with setHeader. */
export function setHeaders(res: ServerResponse, headers: HeaderList): void {
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
}

/**
 * The headers every answer of a request starts with: its id, nosniff, and for a browser (a request with an Origin)
 * the CORS headers of an answer (not of a preflight: see applyCors).
 */
export function baseHeaders(req: IncomingMessage, id: string): HeaderList {
  const headers = ["X-Request-Id", id, "X-Content-Type-Options", "nosniff"];
  return req.headers.origin === undefined ? headers : headers.concat(CORS_ANSWER);
}

/**
 * CORS for browsers (Bearer credentials, no cookies: any origin may call). Requests without an Origin get no CORS
 * headers. Answers a preflight (OPTIONS with an Origin) itself and returns true; otherwise returns false.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.origin === undefined) return false;
  setHeaders(res, CORS_ANSWER);
  if (req.method !== "OPTIONS") return false;
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, DELETE, OPTIONS");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ??
      "Authorization, Content-Type, X-Request-Id, Idempotency-Key, MCP-Protocol-Version",
  );
  res.setHeader("Access-Control-Max-Age", "600");
  res.statusCode = 204;
  res.end();
  return true;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Answers with a JSON body already serialised, in one writeHead and one write. `headers` are the answer's others
 * (appended to); those set earlier with setHeader stay, and these win over them.
 */
export function writeJsonText(
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  headers: HeaderList = [],
): void {
  const length = typeof text === "string" ? Buffer.byteLength(text) : text.length;
  headers.push("Content-Type", JSON_TYPE, "Content-Length", String(length));
  res.writeHead(status, headers);
  res.end(text);
}

export function writeJson(res: ServerResponse, status: number, body: unknown, headers?: HeaderList): void {
  writeJsonText(res, status, JSON.stringify(body), headers);
}

/** The bytes of each frozen answer already sent, kept while the answer is. */
const serialised = new WeakMap<object, Buffer>();

/**
 * Answers with an engine result. A frozen result is one the engine shares between requests (a cached answer served
 * from process memory), which never changes: its bytes are made once and sent as they are on every later hit.
 */
export function writeAnswer(res: ServerResponse, status: number, body: unknown, headers?: HeaderList): void {
  if (typeof body !== "object" || body === null || !Object.isFrozen(body)) return writeJson(res, status, body, headers);
  let bytes = serialised.get(body);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(body), "utf8");
    serialised.set(body, bytes);
  }
  writeJsonText(res, status, bytes, headers);
}

/**
 * Appends the counters of an answer (or of an admitted request's refusal) to a header list: X-Quota-* of its channel
 * and RateLimit-*.
 */
export function counterHeaders(
  counters: ErrorCounters,
  quotaHeader: (channel: string) => string = defaultQuotaHeader,
  headers: HeaderList = [],
): HeaderList {
  if (counters.quota) {
    const name = quotaHeader(counters.quota.channel);
    headers.push(
      `X-Quota-${name}-Used`,
      String(counters.quota.used),
      `X-Quota-${name}-Limit`,
      String(counters.quota.limit),
    );
  }
  if (counters.rateLimit) {
    const reset = Math.max(0, Math.ceil((counters.rateLimit.resetAt.getTime() - Date.now()) / 1000));
    headers.push(
      "RateLimit-Limit",
      String(counters.rateLimit.limit),
      "RateLimit-Remaining",
      String(counters.rateLimit.remaining),
      "RateLimit-Reset",
      String(reset),
    );
  }
  return headers;
}

/** Sets the counters of an answer (or of an admitted request's refusal): X-Quota-* of its channel and RateLimit-*. */
export function sendCounters(
  res: ServerResponse,
  counters: ErrorCounters,
  quotaHeader: (channel: string) => string = defaultQuotaHeader,
): void {
  setHeaders(res, counterHeaders(counters, quotaHeader));
}

/** Writes the spec's error envelope with the status and headers that belong to the code. */
export function sendError(
  res: ServerResponse,
  e: AppError,
  quotaHeader: (channel: string) => string = defaultQuotaHeader,
): void {
  const status = HTTP_STATUS[e.code];
  if (e.counters) sendCounters(res, e.counters, quotaHeader);
  if (e.retryAfter !== undefined) res.setHeader("Retry-After", String(e.retryAfter));
  if (e.code === "quota_exhausted" && e.details) {
    const d = e.details as { channel?: string; used?: number; limit?: number };
    if (d.channel) {
      res.setHeader(`X-Quota-${quotaHeader(d.channel)}-Used`, String(d.used));
      res.setHeader(`X-Quota-${quotaHeader(d.channel)}-Limit`, String(d.limit));
    }
  }
  if (e.code === "rate_limit_exceeded") {
    // Clients that read RateLimit-* on success read them on the refusal too.
    const limit = (e.details as { limit?: unknown } | undefined)?.limit;
    if (typeof limit === "number") res.setHeader("RateLimit-Limit", String(limit));
    res.setHeader("RateLimit-Remaining", "0");
    if (e.retryAfter !== undefined) res.setHeader("RateLimit-Reset", String(e.retryAfter));
  }
  if (status === 401) {
    const error = e.code === "invalid_token" || e.code === "invalid_api_key" ? ', error="invalid_token"' : "";
    res.setHeader("WWW-Authenticate", `Bearer realm="scamverify"${error}`);
  }
  writeJson(res, status, toEnvelope(e, requestIdOf(res)));
}

/**
 * The Strict-Transport-Security value when the service's public base URL is https, else null: browsers that have
 * reached it once over TLS never try plain http again for a year, on its subdomains too.
 */
export function hstsOf(baseUrl: string): string | null {
  return /^https:\/\//i.test(baseUrl) ? "max-age=31536000; includeSubDomains" : null;
}

/**
 * The Allow header of a path from the methods its routes take: HEAD wherever GET is (both halves answer HEAD as GET
 * without a body), and OPTIONS, which every known path answers.
 */
export function allowOf(methods: readonly string[]): string {
  const all = new Set(methods.map((m) => m.toUpperCase()));
  if (all.has("GET")) all.add("HEAD");
  all.add("OPTIONS");
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  return [...all].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b)).join(", ");
}

function rank(order: readonly string[], method: string): number {
  const i = order.indexOf(method);
  return i === -1 ? order.length : i;
}

/**
 * Answers a request for a known path by a method it does not take: OPTIONS gets 204 with Allow, anything else 405
 * method_not_allowed with Allow (RFC 9110 15.5.6). The request id, CORS and the access log are the caller's.
 */
export function answerOtherMethod(req: IncomingMessage, res: ServerResponse, methods: readonly string[]): void {
  const allow = allowOf(methods);
  res.setHeader("Allow", allow);
  if (req.method === "OPTIONS") {
    res.statusCode = 204;
    res.end();
    return;
  }
  sendError(
    res,
    appError("method_not_allowed", `${req.method ?? "This method"} is not allowed on ${pathOf(req)}; use ${allow}.`, {
      details: { method: req.method ?? null, allow: allow.split(", ") },
    }),
  );
}
