// Shared shape of the vendor SignalSources: configuration, the breaker each one owns, the call through callVendor
// within the check's budget, and the rule that a failing vendor resolves "unavailable" with its signal null instead
// of rejecting.

import type { Clock, Evidence, NormalizedUrl, SignalSource, SourceKind } from "@scamverify/core";
import type { SafeFetcher } from "../net/safe-fetch.js";
import { CircuitBreaker } from "./circuit-breaker.js";
import { callVendor, type Sleep, type VendorHttpDeps, type VendorHttpRequest } from "./vendor-http.js";

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

/** What sets one vendor apart: its name and signal, its default budget, and how to ask and read the answer. */
export interface VendorSpec {
  readonly name: string;
  /** `threat_feed` for a vendor that answers whether a list of threats holds the URL; left out for a score. */
  readonly kind?: SourceKind;
  readonly weight: number;
  /** The URL signal this vendor fills (null when the vendor is unavailable). */
  readonly signal: string;
  /** Budget of one check when the configuration sets none. */
  readonly defaultTimeoutMs: number;
  readonly request: (url: NormalizedUrl, apiKey: string, endpoint: string | undefined) => VendorHttpRequest;
  /** Maps the JSON answer; throws a VendorError when it is not the vendor's format. */
  readonly evidence: (body: unknown) => Evidence;
}

function vendorDeps(config: VendorSourceConfig): VendorHttpDeps {
  return {
    fetcher: config.fetcher,
    clock: config.clock,
    breaker: config.breaker ?? new CircuitBreaker({ clock: config.clock }),
    ...(config.sleep !== undefined ? { sleep: config.sleep } : {}),
  };
}

export function createVendorSource(config: VendorSourceConfig, spec: VendorSpec): SignalSource<NormalizedUrl> {
  const deps = vendorDeps(config);
  const budget = config.timeoutMs ?? spec.defaultTimeoutMs;
  return {
    name: spec.name,
    ...(spec.kind === undefined ? {} : { kind: spec.kind }),
    weight: spec.weight,
    timeoutMs: budget + 250,
    async check(url, ctx) {
      try {
        const res = await callVendor(deps, spec.request(url, config.apiKey, config.endpoint), {
          budgetMs: budget,
          signal: ctx.signal,
          ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
        });
        return spec.evidence(res.json());
      } catch (err) {
        return {
          source: spec.name,
          status: "unavailable",
          reason: err instanceof Error ? err.message : String(err),
          signals: { [spec.signal]: null },
          factors: [],
        };
      }
    },
  };
}
