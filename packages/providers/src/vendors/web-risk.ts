// Maps Google Web Risk `uris:search` (GET /v1/uris:search?threatTypes=...&uri=...&key=...; answer
// `{ threat: { threatTypes, expireTime } }` or `{}` when clean) to vendor1_web_risk. A clean answer is "SAFE".

import type { Evidence, Factor, NormalizedUrl, SignalSource } from "@scamverify/core";
import { VendorError, type VendorHttpRequest } from "./vendor-http.js";
import { createVendorSource, type VendorSourceConfig } from "./vendor-source.js";

export const WEB_RISK_ENDPOINT = "https://webrisk.googleapis.com/v1/uris:search";
export const WEB_RISK_THREAT_TYPES = ["MALWARE", "SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE"] as const;
export const WEB_RISK_CLEAN = "SAFE";

export function toWebRiskRequest(url: string, apiKey: string, endpoint = WEB_RISK_ENDPOINT): VendorHttpRequest {
  const params = new URLSearchParams();
  for (const t of WEB_RISK_THREAT_TYPES) params.append("threatTypes", t);
  params.set("uri", url);
  params.set("key", apiKey);
  return { method: "GET", url: `${endpoint}?${params.toString()}`, headers: { accept: "application/json" } };
}

export interface WebRiskVerdict {
  /** Threat types found, most severe first; empty when clean. */
  readonly threatTypes: string[];
  readonly expireTime: string | null;
}

const SEVERITY = ["MALWARE", "SOCIAL_ENGINEERING", "SOCIAL_ENGINEERING_EXTENDED_COVERAGE", "UNWANTED_SOFTWARE"];

export function fromWebRiskResponse(body: unknown): WebRiskVerdict {
  if (typeof body !== "object" || body === null)
    throw new VendorError("bad_response", "Web Risk answer is not an object");
  const threat = (body as { threat?: unknown }).threat;
  if (threat === undefined) return { threatTypes: [], expireTime: null };
  const t = threat as { threatTypes?: unknown; expireTime?: unknown };
  if (typeof threat !== "object" || threat === null || !Array.isArray(t.threatTypes)) {
    throw new VendorError("bad_response", "Web Risk threat without threatTypes");
  }
  const types = (t.threatTypes as unknown[]).filter((x): x is string => typeof x === "string");
  const rank = (x: string): number => (SEVERITY.includes(x) ? SEVERITY.indexOf(x) : SEVERITY.length);
  types.sort((a, b) => rank(a) - rank(b));
  return { threatTypes: types, expireTime: typeof t.expireTime === "string" ? t.expireTime : null };
}

export function webRiskEvidence(verdict: WebRiskVerdict): Evidence {
  const top = verdict.threatTypes[0];
  if (top === undefined) {
    return { source: "vendor1", status: "ok", signals: { vendor1_web_risk: WEB_RISK_CLEAN }, factors: [] };
  }
  const severe = top === "MALWARE" || top.startsWith("SOCIAL_ENGINEERING");
  const factor: Factor = {
    id: "vendor1_web_risk",
    source: "vendor1",
    label: `The web-risk service flags this URL as ${top.toLowerCase().replace(/_/g, " ")}`,
    points: severe ? 95 : 70,
  };
  return {
    source: "vendor1",
    status: "ok",
    signals: { vendor1_web_risk: top },
    factors: [factor],
    ...(severe ? { floor: 90 } : {}),
  };
}

export function createWebRiskSource(config: VendorSourceConfig): SignalSource<NormalizedUrl> {
  return createVendorSource(config, {
    name: "vendor1",
    kind: "threat_feed",
    weight: 0.9,
    signal: "vendor1_web_risk",
    defaultTimeoutMs: 3_000,
    request: (url, apiKey, endpoint) => toWebRiskRequest(url.href, apiKey, endpoint),
    evidence: (body) => webRiskEvidence(fromWebRiskResponse(body)),
  });
}
