import { describe, expect, it } from "vitest";
import { fromIpqsResponse, ipqsEvidence, toIpqsRequest } from "../../src/vendors/ipqs.js";
import { fromThreatfoxResponse, threatfoxEvidence, toThreatfoxRequest } from "../../src/vendors/threatfox-api.js";
import { fromUrlhausResponse, toUrlhausRequest, urlhausEvidence } from "../../src/vendors/urlhaus-api.js";
import { parseRetryAfter } from "../../src/vendors/vendor-http.js";
import { fromWebRiskResponse, toWebRiskRequest, webRiskEvidence } from "../../src/vendors/web-risk.js";

describe("Web Risk mapping", () => {
  it("builds the uris:search request", () => {
    const req = toWebRiskRequest("http://testsafebrowsing.appspot.com/s/phishing.html", "K&1");
    expect(req.method).toBe("GET");
    const u = new URL(req.url);
    expect(u.origin + u.pathname).toBe("https://webrisk.googleapis.com/v1/uris:search");
    expect(u.searchParams.getAll("threatTypes")).toEqual(["MALWARE", "SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE"]);
    expect(u.searchParams.get("uri")).toBe("http://testsafebrowsing.appspot.com/s/phishing.html");
    expect(u.searchParams.get("key")).toBe("K&1");
  });

  it("reads threat and clean answers", () => {
    const hit = fromWebRiskResponse({
      threat: { threatTypes: ["UNWANTED_SOFTWARE", "SOCIAL_ENGINEERING"], expireTime: "2026-11-20T12:05:00.123Z" },
    });
    expect(hit.threatTypes).toEqual(["SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE"]);
    expect(webRiskEvidence(hit)).toMatchObject({ signals: { vendor1_web_risk: "SOCIAL_ENGINEERING" }, floor: 90 });
    const clean = fromWebRiskResponse({});
    expect(webRiskEvidence(clean)).toEqual({
      source: "vendor1",
      status: "ok",
      signals: { vendor1_web_risk: "SAFE" },
      factors: [],
    });
    const unwanted = webRiskEvidence(fromWebRiskResponse({ threat: { threatTypes: ["UNWANTED_SOFTWARE"] } }));
    expect(unwanted.floor).toBeUndefined();
    expect(unwanted.factors[0]?.points).toBe(70);
    expect(() => fromWebRiskResponse({ threat: {} })).toThrow(/threatTypes/);
    expect(() => fromWebRiskResponse("nope")).toThrow();
  });
});

describe("IPQualityScore mapping", () => {
  it("puts key and encoded URL in the path", () => {
    const req = toIpqsRequest("https://a.example/p?q=1&r=2", "abc");
    expect(req.url).toBe(
      "https://ipqualityscore.com/api/json/url/abc/https%3A%2F%2Fa.example%2Fp%3Fq%3D1%26r%3D2?strictness=0",
    );
  });

  it("maps scores to the signal and factors", () => {
    const base = { success: true, unsafe: false, suspicious: false, phishing: false, malware: false, parking: false };
    const phish = ipqsEvidence(
      fromIpqsResponse({ ...base, unsafe: true, phishing: true, risk_score: 100, domain_age: {} }),
    );
    expect(phish).toMatchObject({ signals: { vendor4_risk_score: 100 }, floor: 85 });
    expect(phish.factors[0]).toMatchObject({ id: "vendor4_malicious", points: 100 });
    const mid = ipqsEvidence(fromIpqsResponse({ ...base, suspicious: true, risk_score: 80 }));
    expect(mid.factors[0]).toMatchObject({ id: "vendor4_high_risk", points: 80 });
    expect(mid.floor).toBeUndefined();
    const low = ipqsEvidence(fromIpqsResponse({ ...base, risk_score: 0 }));
    expect(low.factors[0]?.points).toBeLessThan(0);
    expect(() => fromIpqsResponse({ success: false, message: "Invalid or unauthorized key." })).toThrow(/unauthorized/);
  });
});

describe("URLhaus API mapping", () => {
  it("posts the URL as a form with the Auth-Key header", () => {
    const req = toUrlhausRequest("http://x.example/a b", "KEY");
    expect(req).toMatchObject({ method: "POST", url: "https://urlhaus-api.abuse.ch/v1/url/" });
    expect(req.headers?.["auth-key"]).toBe("KEY");
    expect(new URLSearchParams(req.body).get("url")).toBe("http://x.example/a b");
  });

  it("reads ok, no_results and errors", () => {
    const ok = fromUrlhausResponse({
      query_status: "ok",
      url_status: "online",
      threat: "malware_download",
      tags: ["elf"],
    });
    expect(urlhausEvidence(ok)).toMatchObject({ signals: { vendor2_listed: true }, floor: 90 });
    const offline = urlhausEvidence(fromUrlhausResponse({ query_status: "ok", url_status: "offline", threat: "" }));
    expect(offline.floor).toBeUndefined();
    expect(urlhausEvidence(fromUrlhausResponse({ query_status: "no_results" })).signals).toEqual({
      vendor2_listed: false,
    });
    expect(() => fromUrlhausResponse({ query_status: "invalid_url" })).toThrow(/invalid_url/);
  });
});

describe("ThreatFox API mapping", () => {
  it("posts a search_ioc query", () => {
    const req = toThreatfoxRequest("evil.example", "KEY");
    expect(JSON.parse(req.body ?? "")).toEqual({ query: "search_ioc", search_term: "evil.example" });
    expect(req.headers?.["auth-key"]).toBe("KEY");
  });

  it("reads ok, no_result and errors", () => {
    const iocs = fromThreatfoxResponse({
      query_status: "ok",
      data: [
        {
          id: "1",
          ioc: "evil.example",
          ioc_type: "domain",
          threat_type: "botnet_cc",
          malware_printable: "Lumma",
          confidence_level: 100,
        },
      ],
    });
    expect(threatfoxEvidence(iocs)).toMatchObject({ signals: { vendor3_listed: true }, floor: 90 });
    expect(threatfoxEvidence(iocs).factors[0]?.label).toMatch(/botnet cc, Lumma/);
    expect(fromThreatfoxResponse({ query_status: "no_result", data: "Your search did not yield any results" })).toEqual(
      [],
    );
    expect(() => fromThreatfoxResponse({ query_status: "illegal_search_term" })).toThrow(/illegal_search_term/);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Fri, 20 Nov 2026 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});
