// Builds the URL channel's signal sources from configuration: the three feed-backed sources always, the network
// inspector when enabled, and each vendor adapter only when its key is configured.

import type { Clock, NormalizedUrl, SignalSource } from "@scamverify/core";
import type { Resolver } from "./net/address-guard.js";
import { createSafeFetcher, type SafeFetcher } from "./net/safe-fetch.js";
import type { ConnectivityProbe } from "./network/connectivity.js";
import { createNetworkInspector } from "./network/network-inspector.js";
import {
  createPhishingFeedSource,
  createThreatfoxFeedSource,
  createUrlhausFeedSource,
  type ThreatIndexProvider,
} from "./threat-index/feed-signal-sources.js";
import { createIpqsSource } from "./vendors/ipqs.js";
import { createThreatfoxApiSource } from "./vendors/threatfox-api.js";
import { createUrlhausApiSource } from "./vendors/urlhaus-api.js";
import type { Sleep } from "./vendors/vendor-http.js";
import type { VendorSourceConfig } from "./vendors/vendor-source.js";
import { createWebRiskSource } from "./vendors/web-risk.js";

export interface UrlSignalSourcesConfig {
  /** Usually a LiveThreatIndex, reloaded by syncFeed. */
  readonly threatIndex: ThreatIndexProvider;
  readonly clock: Clock;
  /** The guarded fetcher every outbound call uses; created when absent (pass one to close it at shutdown). */
  readonly fetcher?: SafeFetcher;
  readonly network?: {
    readonly enabled: boolean;
    /** Test-only, used when no fetcher is passed. */
    readonly allowLoopbackForTests?: boolean;
    readonly resolver?: Resolver;
    readonly rdapBootstrapUrl?: string;
    readonly partTimeoutMs?: number;
    /** Whether the machine is online; default a probe through `resolver` (or the system's), kept a minute. */
    readonly connectivity?: ConnectivityProbe;
  };
  readonly keys?: {
    readonly webRisk?: string;
    readonly ipqs?: string;
    readonly urlhaus?: string;
    readonly threatfox?: string;
  };
  /** Endpoint overrides (tests, proxies). */
  readonly endpoints?: {
    readonly webRisk?: string;
    readonly ipqs?: string;
    readonly urlhaus?: string;
    readonly threatfox?: string;
  };
  readonly vendorTimeoutMs?: number;
  readonly sleep?: Sleep;
}

export function createUrlSignalSources(config: UrlSignalSourcesConfig): SignalSource<NormalizedUrl>[] {
  const fetcher =
    config.fetcher ??
    createSafeFetcher({
      ...(config.network?.allowLoopbackForTests === true ? { allowLoopbackForTests: true } : {}),
      ...(config.network?.resolver !== undefined ? { resolver: config.network.resolver } : {}),
    });
  const sources: SignalSource<NormalizedUrl>[] = [
    createUrlhausFeedSource(config.threatIndex),
    createThreatfoxFeedSource(config.threatIndex),
    createPhishingFeedSource(config.threatIndex),
  ];
  const net = config.network;
  if (net?.enabled === true) {
    sources.push(
      createNetworkInspector({
        fetcher,
        clock: config.clock,
        ...(net.resolver !== undefined ? { resolver: net.resolver } : {}),
        ...(net.rdapBootstrapUrl !== undefined ? { rdapBootstrapUrl: net.rdapBootstrapUrl } : {}),
        ...(net.partTimeoutMs !== undefined ? { partTimeoutMs: net.partTimeoutMs } : {}),
        ...(net.connectivity !== undefined ? { connectivity: net.connectivity } : {}),
      }),
    );
  }
  const vendor = (apiKey: string, endpoint: string | undefined): VendorSourceConfig => ({
    apiKey,
    fetcher,
    clock: config.clock,
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(config.vendorTimeoutMs !== undefined ? { timeoutMs: config.vendorTimeoutMs } : {}),
    ...(config.sleep !== undefined ? { sleep: config.sleep } : {}),
  });
  const keys = config.keys ?? {};
  const endpoints = config.endpoints ?? {};
  if (keys.webRisk) sources.push(createWebRiskSource(vendor(keys.webRisk, endpoints.webRisk)));
  if (keys.ipqs) sources.push(createIpqsSource(vendor(keys.ipqs, endpoints.ipqs)));
  if (keys.urlhaus) sources.push(createUrlhausApiSource(vendor(keys.urlhaus, endpoints.urlhaus)));
  if (keys.threatfox) sources.push(createThreatfoxApiSource(vendor(keys.threatfox, endpoints.threatfox)));
  return sources;
}
