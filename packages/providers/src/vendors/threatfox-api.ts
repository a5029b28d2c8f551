// Maps the ThreatFox live IOC search (POST /api/v1/ JSON {query:"search_ioc", search_term}, Auth-Key header;
// query_status "ok" with data[] of { ioc, ioc_type, threat_type, malware_printable, confidence_level }, or
// "no_result") to vendor3_listed. The URL's host is searched: ThreatFox lists hosts far more than full URLs.

import type { Evidence, NormalizedUrl, SignalSource } from "@scamverify/core";
import { VendorError, type VendorHttpRequest } from "./vendor-http.js";
import { createVendorSource, type VendorSourceConfig } from "./vendor-source.js";

export const THREATFOX_API_ENDPOINT = "https://threatfox-api.abuse.ch/api/v1/";

export function toThreatfoxRequest(
  searchTerm: string,
  authKey: string,
  endpoint = THREATFOX_API_ENDPOINT,
): VendorHttpRequest {
  return {
    method: "POST",
    url: endpoint,
    headers: { "content-type": "application/json", "auth-key": authKey, accept: "application/json" },
    body: JSON.stringify({ query: "search_ioc", search_term: searchTerm }),
  };
}

export interface ThreatfoxIoc {
  readonly ioc: string;
  readonly iocType: string;
  readonly threatType: string | null;
  readonly malware: string | null;
  readonly confidence: number | null;
}

export function fromThreatfoxResponse(body: unknown): ThreatfoxIoc[] {
  const status = (body as { query_status?: unknown } | null)?.query_status;
  if (status === "no_result") return [];
  if (status !== "ok") {
    throw new VendorError("bad_response", `ThreatFox query_status ${typeof status === "string" ? status : "missing"}`);
  }
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) return [];
  return data
    .filter((d): d is Record<string, unknown> => typeof d === "object" && d !== null && typeof d["ioc"] === "string")
    .map((d) => ({
      ioc: d["ioc"] as string,
      iocType: typeof d["ioc_type"] === "string" ? d["ioc_type"] : "",
      threatType: typeof d["threat_type"] === "string" ? d["threat_type"] : null,
      malware: typeof d["malware_printable"] === "string" ? d["malware_printable"] : null,
      confidence: typeof d["confidence_level"] === "number" ? d["confidence_level"] : null,
    }));
}

export function threatfoxEvidence(iocs: readonly ThreatfoxIoc[]): Evidence {
  const top = [...iocs].sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0))[0];
  if (top === undefined)
    return { source: "vendor3_api", status: "ok", signals: { vendor3_listed: false }, factors: [] };
  const what = [top.threatType?.replace(/_/g, " "), top.malware].filter(Boolean).join(", ");
  const confident = (top.confidence ?? 100) >= 50;
  return {
    source: "vendor3_api",
    status: "ok",
    signals: { vendor3_listed: true },
    factors: [
      {
        id: "vendor3_listed",
        source: "vendor3_api",
        label: `The threat indicator database lists ${top.ioc}${what !== "" ? ` (${what})` : ""}`,
        points: confident ? 95 : 70,
      },
    ],
    ...(confident ? { floor: 90 } : {}),
  };
}

export function createThreatfoxApiSource(config: VendorSourceConfig): SignalSource<NormalizedUrl> {
  return createVendorSource(config, {
    name: "vendor3_api",
    kind: "threat_feed",
    weight: 0.8,
    signal: "vendor3_listed",
    defaultTimeoutMs: 3_000,
    request: (url, apiKey, endpoint) => toThreatfoxRequest(url.host, apiKey, endpoint),
    evidence: (body) => threatfoxEvidence(fromThreatfoxResponse(body)),
  });
}
