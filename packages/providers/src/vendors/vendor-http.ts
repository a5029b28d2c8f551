// The call discipline every vendor adapter shares: circuit breaker check, an overall time budget, bounded retries
// with exponential backoff on 429/5xx that honour Retry-After when it fits the budget, all through the safe fetcher.

import type { Clock } from "@scamverify/core";
import { SafeFetchError, type SafeFetcher, type SafeResponse } from "../net/safe-fetch.js";
import type { CircuitBreaker } from "./circuit-breaker.js";

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error("aborted"));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("aborted"));
      },
      { once: true },
    );
  });

export interface VendorHttpDeps {
  readonly fetcher: SafeFetcher;
  readonly clock: Clock;
  readonly breaker: CircuitBreaker;
  readonly sleep?: Sleep;
}

export interface VendorHttpRequest {
  readonly method: "GET" | "POST";
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface VendorCallOptions {
  /** Whole budget including retries and waits. */
  readonly budgetMs: number;
  readonly maxRetries?: number;
  readonly baseDelayMs?: number;
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
}

export type VendorErrorKind = "circuit_open" | "timeout" | "rate_limited" | "http" | "network" | "bad_response";

export class VendorError extends Error {
  override readonly name = "VendorError";
  constructor(
    readonly kind: VendorErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Performs the call; resolves with a 2xx response or rejects with a VendorError. Records the outcome on the breaker. */
export async function callVendor(
  deps: VendorHttpDeps,
  request: VendorHttpRequest,
  options: VendorCallOptions,
): Promise<SafeResponse> {
  if (!deps.breaker.tryAcquire()) throw new VendorError("circuit_open", "circuit open after repeated failures");
  const sleep = deps.sleep ?? realSleep;
  const maxRetries = options.maxRetries ?? 2;
  const baseDelay = options.baseDelayMs ?? 250;
  const deadline = deps.clock.now().getTime() + options.budgetMs;
  let lastError: VendorError = new VendorError("timeout", "no attempt fitted the time budget");
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    const remaining = deadline - deps.clock.now().getTime();
    if (remaining <= 0) break;
    let res: SafeResponse;
    try {
      res = await deps.fetcher.fetch(request.url, {
        method: request.method,
        ...(request.headers !== undefined ? { headers: request.headers } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
        timeoutMs: remaining,
        maxRedirects: 0,
        maxBytes: options.maxBytes ?? 1024 * 1024,
        ...(options.signal !== undefined ? { signal: options.signal } : {}),
      });
    } catch (err) {
      const e = err as SafeFetchError;
      lastError =
        err instanceof SafeFetchError && e.code === "timeout"
          ? new VendorError("timeout", "the vendor did not answer in time")
          : new VendorError("network", err instanceof Error ? err.message : String(err));
      // A timeout used the whole budget; a refused connection is worth one more try if time remains.
      if (lastError.kind === "timeout" || options.signal?.aborted) break;
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      deps.breaker.recordSuccess();
      return res;
    }
    lastError =
      res.status === 429
        ? new VendorError("rate_limited", "the vendor rate-limited the call", 429)
        : new VendorError("http", `the vendor answered HTTP ${res.status}`, res.status);
    if (!retryable(res.status) || attempt === maxRetries) break;
    const hinted = parseRetryAfter(res.headers["retry-after"], deps.clock.now());
    const wait = hinted ?? baseDelay * 2 ** attempt;
    if (deps.clock.now().getTime() + wait >= deadline) break;
    await sleep(wait, options.signal);
  }
  deps.breaker.recordFailure();
  throw lastError;
}
