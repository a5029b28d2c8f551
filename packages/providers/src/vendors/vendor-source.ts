// Shared shape of the vendor SignalSources: configuration, the breaker each one owns, and the rule that a
// failing vendor resolves "unavailable" with its signal null instead of rejecting.

import type { Clock, Evidence, NormalizedUrl, SignalContext, SignalSource } from "@scamverify/core";
import type { SafeFetcher } from "../net/safe-fetch.js";
import { CircuitBreaker } from "./circuit-breaker.js";
import { unavailableReason, type Sleep, type VendorHttpDeps } from "./vendor-http.js";

export interface VendorSourceConfig {
  readonly apiKey: string;
  readonly fetcher: SafeFetcher;
  readonly clock: Clock;
  /** Override the vendor's endpoint (tests point it at a local server). */
  readonly endpoint?: string;
  /** Whole budget of one check, retries included. */
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly breaker?: CircuitBreaker;
  readonly sleep?: Sleep;
}

export function vendorDeps(config: VendorSourceConfig): VendorHttpDeps {
  return {
    fetcher: config.fetcher,
    clock: config.clock,
    breaker: config.breaker ?? new CircuitBreaker({ clock: config.clock }),
    ...(config.sleep !== undefined ? { sleep: config.sleep } : {}),
  };
}

export function createVendorSource(
  name: string,
  weight: number,
  signal: string,
  timeoutMs: number,
  run: (url: NormalizedUrl, ctx: SignalContext) => Promise<Evidence>,
): SignalSource<NormalizedUrl> {
  return {
    name,
    weight,
    timeoutMs,
    async check(url, ctx) {
      try {
        return await run(url, ctx);
      } catch (err) {
        return {
          source: name,
          status: "unavailable",
          reason: unavailableReason(err),
          signals: { [signal]: null },
          factors: [],
        };
      }
    },
  };
}
