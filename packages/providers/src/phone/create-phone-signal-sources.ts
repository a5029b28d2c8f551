// Builds the phone channel's signal sources from configuration: the complaint registry always, carrier intelligence
// (Twilio when keyed, NANPA original carrier when a store is given), and the reputation provider when keyed.
import type { Clock, NormalizedPhone, PhoneRegistryStore, SignalSource } from "@scamverify/core";
import { createCarrierIntelligenceSource } from "./carrier-intelligence-source.js";
import { createComplaintRegistrySource } from "./complaint-registry-source.js";
import type { HighRiskCarrier } from "./high-risk-carriers.js";
import { IpqsPhoneClient } from "./ipqs-phone.js";
import type { PhoneRegistry } from "./phone-registry-index.js";
import { createPhoneReputationSource } from "./phone-reputation-source.js";
import { TwilioLookupClient, type TwilioCredentials } from "./twilio-lookup.js";
import { CircuitBreaker } from "../vendors/circuit-breaker.js";
import { realSleep } from "../vendors/vendor-http.js";
import type { PhoneVendorHttpDeps } from "./phone-vendor-http.js";

export interface PhoneSignalSourcesConfig {
  readonly registry: PhoneRegistry;
  readonly clock: Clock;
  /** Gives NANPA original-carrier and assignment findings. */
  readonly store?: Pick<PhoneRegistryStore, "findCodeBlock" | "countCodeBlocks">;
  readonly keys?: {
    readonly twilio?: TwilioCredentials | undefined;
    readonly ipqs?: string | undefined;
  };
  readonly baseUrls?: { readonly twilio?: string; readonly ipqs?: string };
  readonly fetch?: typeof globalThis.fetch;
  /** Waits between vendor retries; tests inject one that does not sleep. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly vendorTimeoutMs?: number;
  readonly vendorBudgetMs?: number;
  readonly highRiskCarriers?: readonly HighRiskCarrier[];
}

export function createPhoneSignalSources(config: PhoneSignalSourcesConfig): SignalSource<NormalizedPhone>[] {
  const http = (): PhoneVendorHttpDeps => ({
    fetch: config.fetch ?? globalThis.fetch,
    clock: config.clock,
    sleep: config.sleep ?? realSleep,
    breaker: new CircuitBreaker({ clock: config.clock }),
  });
  const timing = {
    ...(config.vendorTimeoutMs !== undefined ? { timeoutMs: config.vendorTimeoutMs } : {}),
    ...(config.vendorBudgetMs !== undefined ? { budgetMs: config.vendorBudgetMs } : {}),
  };
  const sources: SignalSource<NormalizedPhone>[] = [
    createComplaintRegistrySource({ registry: config.registry, clock: config.clock }),
  ];
  const twilioKey = config.keys?.twilio;
  const twilio = twilioKey
    ? new TwilioLookupClient(http(), {
        credentials: twilioKey,
        ...(config.baseUrls?.twilio ? { baseUrl: config.baseUrls.twilio } : {}),
        ...timing,
      })
    : undefined;
  if (twilio || config.store) {
    sources.push(
      createCarrierIntelligenceSource({
        clock: config.clock,
        ...(twilio ? { twilio } : {}),
        ...(config.store ? { store: config.store } : {}),
        ...(config.highRiskCarriers ? { highRiskCarriers: config.highRiskCarriers } : {}),
      }),
    );
  }
  if (config.keys?.ipqs) {
    const ipqs = new IpqsPhoneClient(http(), {
      apiKey: config.keys.ipqs,
      ...(config.baseUrls?.ipqs ? { baseUrl: config.baseUrls.ipqs } : {}),
      ...timing,
    });
    sources.push(createPhoneReputationSource({ ipqs }));
  }
  return sources;
}
