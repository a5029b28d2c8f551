// Maps the IPQualityScore malicious URL scanner (GET /api/json/url/{key}/{url-encoded URL}; answer with success,
// unsafe, risk_score, phishing, malware, suspicious, parking, domain_age, message) to vendor4_risk_score.

import type { Evidence, Factor, NormalizedUrl, SignalSource } from "@scamverify/core";
import { VendorError, type VendorHttpRequest } from "./vendor-http.js";
import { createVendorSource, type VendorSourceConfig } from "./vendor-source.js";

export const IPQS_ENDPOINT = "https://ipqualityscore.com/api/json/url";

export function toIpqsRequest(url: string, apiKey: string, endpoint = IPQS_ENDPOINT): VendorHttpRequest {
  return {
    method: "GET",
    url: `${endpoint}/${encodeURIComponent(apiKey)}/${encodeURIComponent(url)}?strictness=0`,
    headers: { accept: "application/json" },
  };
}

export interface IpqsVerdict {
  readonly riskScore: number;
  readonly unsafe: boolean;
  readonly phishing: boolean;
  readonly malware: boolean;
  readonly suspicious: boolean;
  readonly parking: boolean;
}

export function fromIpqsResponse(body: unknown): IpqsVerdict {
  if (typeof body !== "object" || body === null) throw new VendorError("bad_response", "IPQS answer is not an object");
  const b = body as Record<string, unknown>;
  if (b["success"] !== true) {
    const message = typeof b["message"] === "string" ? b["message"] : "request failed";
    throw new VendorError("bad_response", `IPQS: ${message}`);
  }
  if (typeof b["risk_score"] !== "number") throw new VendorError("bad_response", "IPQS answer without risk_score");
  return {
    riskScore: b["risk_score"],
    unsafe: b["unsafe"] === true,
    phishing: b["phishing"] === true,
    malware: b["malware"] === true,
    suspicious: b["suspicious"] === true,
    parking: b["parking"] === true,
  };
}

export function ipqsEvidence(v: IpqsVerdict): Evidence {
  const factors: Factor[] = [];
  const kinds = [v.phishing ? "phishing" : null, v.malware ? "malware" : null].filter((x) => x !== null);
  if (kinds.length > 0) {
    factors.push({
      id: "vendor4_malicious",
      source: "vendor4",
      label: `The reputation provider classifies this URL as ${kinds.join(" and ")}`,
      points: Math.max(v.riskScore, 85),
    });
  } else if (v.riskScore >= 75 || v.suspicious || v.unsafe) {
    factors.push({
      id: "vendor4_high_risk",
      source: "vendor4",
      label: `The reputation provider rates this URL ${v.riskScore}/100`,
      points: Math.max(v.riskScore, 50),
    });
  } else if (v.riskScore <= 25) {
    factors.push({
      id: "vendor4_low_risk",
      source: "vendor4",
      label: `The reputation provider rates this URL low risk (${v.riskScore}/100)`,
      points: -10,
    });
  }
  return {
    source: "vendor4",
    status: "ok",
    signals: { vendor4_risk_score: v.riskScore },
    factors,
    ...(kinds.length > 0 && v.riskScore >= 85 ? { floor: 85 } : {}),
  };
}

export function createIpqsSource(config: VendorSourceConfig): SignalSource<NormalizedUrl> {
  return createVendorSource(config, {
    name: "vendor4",
    weight: 0.7,
    signal: "vendor4_risk_score",
    defaultTimeoutMs: 5_000,
    request: (url, apiKey, endpoint) => toIpqsRequest(url.href, apiKey, endpoint),
    evidence: (body) => ipqsEvidence(fromIpqsResponse(body)),
  });
}
