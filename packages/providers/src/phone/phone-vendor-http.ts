// GET-a-JSON-document for the phone vendors over a fetch-compatible function (the runtime passes one built by
// createGuardedFetch, so these calls pass the address guard too): a per-attempt timeout, bounded retries on 429, 5xx
// and network errors that honour Retry-After only while it fits the call's time budget, and a circuit breaker. It
// never throws: the outcome says whether the vendor answered and why not.
import type { Clock } from "@scamverify/core";
import type { CircuitBreaker } from "../vendors/circuit-breaker.js";
import { parseRetryAfter } from "../vendors/vendor-http.js";

export interface PhoneVendorHttpDeps {
  readonly fetch: typeof globalThis.fetch;
  readonly clock: Clock;
  /** Waits between retries; injected so tests never sleep. */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly breaker: CircuitBreaker;
}

export interface PhoneVendorRequest {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Per attempt. */
  readonly timeoutMs: number;
  /** Whole call, retries and waits included. */
  readonly budgetMs: number;
  readonly maxRetries: number;
  readonly signal: AbortSignal;
}

export type PhoneVendorResponse =
  | { readonly ok: true; readonly status: number; readonly body: unknown }
  | { readonly ok: false; readonly status: number | null; readonly reason: string };

const RETRYABLE = (status: number): boolean => status === 429 || status >= 500;

export async function getPhoneVendorJson(
  deps: PhoneVendorHttpDeps,
  req: PhoneVendorRequest,
): Promise<PhoneVendorResponse> {
  if (!deps.breaker.tryAcquire()) return { ok: false, status: null, reason: "circuit open after repeated failures" };
  const started = deps.clock.now().getTime();
  let attempt = 0;
  let last: PhoneVendorResponse = { ok: false, status: null, reason: "not attempted" };
  for (;;) {
    const elapsed = deps.clock.now().getTime() - started;
    const remaining = req.budgetMs - elapsed;
    if (remaining <= 0) break;
    const timeout = AbortSignal.timeout(Math.min(req.timeoutMs, remaining));
    const signal = AbortSignal.any([req.signal, timeout]);
    let wait: number | null = null;
    try {
      const res = await deps.fetch(req.url, { headers: { accept: "application/json", ...req.headers }, signal });
      const text = await res.text();
      if (res.ok) {
        try {
          const body: unknown = JSON.parse(text);
          deps.breaker.recordSuccess();
          return { ok: true, status: res.status, body };
        } catch {
          last = { ok: false, status: res.status, reason: "the answer was not JSON" };
          break;
        }
      }
      last = { ok: false, status: res.status, reason: `HTTP ${res.status}` };
      if (!RETRYABLE(res.status)) {
        // A refused key or a bad request is the vendor answering; it says nothing about the vendor's health.
        deps.breaker.recordSuccess();
        return last;
      }
      wait = parseRetryAfter(res.headers.get("retry-after") ?? undefined, deps.clock.now());
    } catch (err) {
      const timedOut = timeout.aborted && !req.signal.aborted;
      last = {
        ok: false,
        status: null,
        reason: timedOut ? `no answer within ${req.timeoutMs} ms` : `request failed: ${(err as Error).message}`,
      };
      if (req.signal.aborted) break;
    }
    if (attempt >= req.maxRetries) break;
    attempt++;
    const backoff = wait ?? 100 * 2 ** (attempt - 1);
    const left = req.budgetMs - (deps.clock.now().getTime() - started);
    if (backoff >= left) {
      last = { ...last, reason: `${last.reason}; retry-after ${backoff} ms exceeds the time budget` };
      break;
    }
    await deps.sleep(backoff, req.signal).catch(() => undefined);
  }
  deps.breaker.recordFailure();
  return last;
}
