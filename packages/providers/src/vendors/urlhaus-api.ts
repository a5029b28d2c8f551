// Maps the URLhaus live URL lookup (POST /v1/url/ form `url=...`, Auth-Key header; query_status "ok" with
// url_status and threat, "no_results" when unknown) to vendor2_listed.

import type { Evidence, NormalizedUrl, SignalSource } from "@scamverify/core";
import { VendorError, type VendorHttpRequest } from "./vendor-http.js";
import { createVendorSource, type VendorSourceConfig } from "./vendor-source.js";

export const URLHAUS_API_ENDPOINT = "https://urlhaus-api.abuse.ch/v1/url/";

export function toUrlhausRequest(url: string, authKey: string, endpoint = URLHAUS_API_ENDPOINT): VendorHttpRequest {
  return {
    method: "POST",
    url: endpoint,
    headers: { "content-type": "application/x-www-form-urlencoded", "auth-key": authKey, accept: "application/json" },
    body: new URLSearchParams({ url }).toString(),
  };
}

export interface UrlhausVerdict {
  readonly listed: boolean;
  readonly online: boolean;
  readonly threat: string | null;
}

export function fromUrlhausResponse(body: unknown): UrlhausVerdict {
  const status = (body as { query_status?: unknown } | null)?.query_status;
  if (status === "no_results") return { listed: false, online: false, threat: null };
  if (status === "ok") {
    const b = body as { url_status?: unknown; threat?: unknown };
    return {
      listed: true,
      online: b.url_status === "online",
      threat: typeof b.threat === "string" && b.threat !== "" ? b.threat : null,
    };
  }
  throw new VendorError("bad_response", `URLhaus query_status ${typeof status === "string" ? status : "missing"}`);
}

export function urlhausEvidence(v: UrlhausVerdict): Evidence {
  if (!v.listed) return { source: "vendor2_api", status: "ok", signals: { vendor2_listed: false }, factors: [] };
  const what = v.threat !== null ? ` (${v.threat.replace(/_/g, " ")})` : "";
  return {
    source: "vendor2_api",
    status: "ok",
    signals: { vendor2_listed: true },
    factors: [
      {
        id: "vendor2_listed",
        source: "vendor2_api",
        label: `The malware URL database lists this URL${what}${v.online ? ", still online" : ", now offline"}`,
        points: v.online ? 95 : 80,
      },
    ],
    ...(v.online ? { floor: 90 } : {}),
  };
}

export function createUrlhausApiSource(config: VendorSourceConfig): SignalSource<NormalizedUrl> {
  return createVendorSource(config, {
    name: "vendor2_api",
    kind: "threat_feed",
    weight: 0.8,
    signal: "vendor2_listed",
    defaultTimeoutMs: 3_000,
    request: (url, apiKey, endpoint) => toUrlhausRequest(url.href, apiKey, endpoint),
    evidence: (body) => urlhausEvidence(fromUrlhausResponse(body)),
  });
}
