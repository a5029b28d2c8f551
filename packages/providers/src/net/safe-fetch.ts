// SSRF-safe HTTP client: an undici Agent whose connector dials only guard-approved addresses, plus manual redirects
// (each hop re-checked), a body size cap and an overall time limit. Every outbound HTTP call in providers uses it.

import { createRequire } from "node:module";
import type * as Undici from "undici";
import type { Dispatcher, buildConnector } from "undici";
import {
  BlockedDestinationError,
  createAddressGuard,
  effectivePort,
  type AddressGuard,
  type AddressGuardOptions,
} from "./address-guard.js";

export type SafeFetchErrorCode = "blocked" | "timeout" | "too_large" | "too_many_redirects" | "invalid_url" | "network";

export class SafeFetchError extends Error {
  override readonly name = "SafeFetchError";
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly redirects: readonly string[] = [],
    options?: { cause?: unknown; target?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.target = options?.target ?? null;
  }
  /** The address being fetched when it failed (after the redirects), where one was reached. */
  readonly target: string | null;
}

export interface SafeRequest {
  readonly method?: "GET" | "POST" | "HEAD";
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Largest body accepted, in bytes. */
  readonly maxBytes?: number;
  /** Overall budget for all hops, connect to last byte. */
  readonly timeoutMs?: number;
  /** 0 returns the first 3xx answer as it is. */
  readonly maxRedirects?: number;
  readonly signal?: AbortSignal;
  /** Skip reading the body (e.g. redirect-chain inspection): the connection is released unread. */
  readonly discardBody?: boolean;
}

export interface SafeResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** URL that produced this answer, after redirects. */
  readonly url: string;
  /** Every URL visited before `url`, in order (length = redirect count). */
  readonly redirects: readonly string[];
  text(): string;
  json(): unknown;
}

export interface SafeFetcher {
  readonly guard: AddressGuard;
  fetch(url: string | URL, init?: SafeRequest): Promise<SafeResponse>;
  close(): Promise<void>;
}

export interface SafeFetcherOptions extends AddressGuardOptions {
  readonly guard?: AddressGuard;
  readonly defaultMaxBytes?: number;
  readonly defaultTimeoutMs?: number;
  readonly userAgent?: string;
}

// undici is loaded with the first outbound connection: a process that makes none never loads it.
const require = createRequire(import.meta.url);
let undiciModule: typeof Undici | undefined;
export const undici = (): typeof Undici => (undiciModule ??= require("undici") as typeof Undici);

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** An undici dispatcher that connects only to addresses the guard approves, checked when the socket opens. */
export function createGuardedDispatcher(guard: AddressGuard, connectTimeoutMs = 10_000): Dispatcher {
  const { Agent, buildConnector } = undici();
  const base = buildConnector({ timeout: connectTimeoutMs });
  const connect: buildConnector.connector = (opts, callback) => {
    guard.resolve(opts.hostname, effectivePort(opts)).then(
      (resolved) => base({ ...opts, hostname: resolved.address }, callback),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
  return new Agent({ connect, connections: 16 });
}

/** Drops an unread body; the abort it raises is expected, so it is swallowed instead of surfacing as uncaught. */
function discard(res: Dispatcher.ResponseData): void {
  res.body.on("error", () => undefined);
  res.body.destroy();
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

function findBlocked(err: unknown): BlockedDestinationError | null {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur !== undefined && cur !== null; i++) {
    if (cur instanceof BlockedDestinationError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const guard = options.guard ?? createAddressGuard(options);
  // Made with the first request, so a fetcher that is never used loads nothing.
  let dispatcher: Dispatcher | undefined;
  const defaultMaxBytes = options.defaultMaxBytes ?? 2 * 1024 * 1024;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 10_000;
  const userAgent = options.userAgent ?? "scamverify/1.0 (+risk verification)";

  async function fetchOnce(
    url: URL,
    init: SafeRequest,
    method: string,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<Dispatcher.ResponseData> {
    guard.checkUrl(url);
    // Resolving before the request refuses bad names early; the connector checks again when it dials.
    await guard.resolve(url.hostname, effectivePort(url));
    dispatcher ??= createGuardedDispatcher(guard);
    return undici().request(url, {
      dispatcher,
      method: method as Dispatcher.HttpMethod,
      headers: { "user-agent": userAgent, ...init.headers },
      ...(body !== undefined ? { body } : {}),
      signal,
    });
  }

  return {
    guard,
    async close() {
      await dispatcher?.close();
    },
    async fetch(input, init = {}) {
      const timeoutMs = init.timeoutMs ?? defaultTimeoutMs;
      const maxBytes = init.maxBytes ?? defaultMaxBytes;
      const maxRedirects = Math.min(init.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let url: URL;
      try {
        url = typeof input === "string" ? new URL(input) : new URL(input.href);
      } catch (err) {
        throw new SafeFetchError("invalid_url", `Not a URL: ${String(input)}`, [], { cause: err });
      }
      const visited: string[] = [];
      let method: string = init.method ?? "GET";
      let body = init.body;
      try {
        for (;;) {
          const res = await fetchOnce(url, init, method, body, signal);
          const headers = flattenHeaders(res.headers);
          const location = headers["location"];
          if (REDIRECT_STATUSES.has(res.statusCode) && location !== undefined && maxRedirects > 0) {
            await res.body.dump();
            visited.push(url.href);
            if (visited.length > maxRedirects) {
              throw new SafeFetchError("too_many_redirects", `More than ${maxRedirects} redirects`, visited);
            }
            try {
              url = new URL(location, url);
            } catch (err) {
              throw new SafeFetchError("invalid_url", `Bad redirect target: ${location}`, visited, { cause: err });
            }
            if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === "POST")) {
              method = "GET";
              body = undefined;
            }
            continue;
          }
          const declared = Number(headers["content-length"] ?? "NaN");
          let buf: Buffer;
          if (init.discardBody === true || method === "HEAD") {
            await res.body.dump();
            buf = Buffer.alloc(0);
          } else {
            if (Number.isFinite(declared) && declared > maxBytes) {
              discard(res);
              throw new SafeFetchError("too_large", `Body of ${declared} bytes exceeds ${maxBytes}`, visited);
            }
            const chunks: Buffer[] = [];
            let total = 0;
            for await (const chunk of res.body) {
              const c = chunk as Buffer;
              total += c.length;
              if (total > maxBytes) {
                discard(res);
                throw new SafeFetchError("too_large", `Body exceeds ${maxBytes} bytes`, visited);
              }
              chunks.push(c);
            }
            buf = Buffer.concat(chunks, total);
          }
          const finalUrl = url.href;
          return {
            status: res.statusCode,
            headers,
            body: buf,
            url: finalUrl,
            redirects: visited,
            text: () => buf.toString("utf8"),
            json: () => JSON.parse(buf.toString("utf8")) as unknown,
          };
        }
      } catch (err) {
        if (err instanceof SafeFetchError) throw err;
        const blocked = findBlocked(err);
        const target = url.href;
        if (blocked !== null) throw new SafeFetchError("blocked", blocked.message, visited, { cause: blocked, target });
        if (timeout.aborted)
          throw new SafeFetchError("timeout", `No answer within ${timeoutMs} ms`, visited, { target });
        if (signal.aborted) throw new SafeFetchError("timeout", "Aborted by caller", visited, { cause: err, target });
        throw new SafeFetchError("network", (err as Error).message ?? "Network failure", visited, {
          cause: err,
          target,
        });
      }
    },
  };
}
