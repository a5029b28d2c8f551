import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCarrierIntelligenceSource } from "../../src/phone/carrier-intelligence-source.js";
import { createPhoneSignalSources } from "../../src/phone/create-phone-signal-sources.js";
import { matchHighRiskCarrier, normalizeCarrierName } from "../../src/phone/high-risk-carriers.js";
import { fromIpqsPhoneResponse, IpqsPhoneClient, toIpqsPhoneRequest } from "../../src/phone/ipqs-phone.js";
import { PhoneRegistry } from "../../src/phone/phone-registry-index.js";
import { createPhoneReputationSource } from "../../src/phone/phone-reputation-source.js";
import { fromTwilioLookupResponse, toTwilioLookupRequest, TwilioLookupClient } from "../../src/phone/twilio-lookup.js";
import type { PhoneVendorHttpDeps } from "../../src/phone/phone-vendor-http.js";
import { CircuitBreaker } from "../../src/vendors/circuit-breaker.js";
import { sendJson, startLocalServer, type LocalServer } from "../support/local-server.js";
import { InMemoryPhoneRegistryStore } from "./support/in-memory-phone-registry-store.js";

const json = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as unknown;
const phone = {
  e164: "+14155552671",
  national: "(415) 555-2671",
  extension: null,
  npa: "415",
  nxx: "555",
  line: "2671",
};
const creds = { accountSid: "AC0123456789abcdef0123456789abcdef", authToken: "secret-token" };
const signal = new AbortController().signal;

/** A clock that only moves when a retry "sleeps", so no test waits for real time between attempts. */
function fakeTime() {
  let now = Date.parse("2024-05-10T12:00:00Z");
  const sleeps: number[] = [];
  return {
    clock: { now: () => new Date(now) },
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function httpDeps(t: ReturnType<typeof fakeTime>): PhoneVendorHttpDeps {
  return {
    fetch: globalThis.fetch,
    clock: t.clock,
    sleep: t.sleep,
    breaker: new CircuitBreaker({ clock: t.clock, failureThreshold: 3 }),
  };
}

describe("pure mappers", () => {
  it("builds the Twilio Lookup v2 request with Basic auth", () => {
    const req = toTwilioLookupRequest(phone, creds, "http://127.0.0.1:9");
    expect(req.url).toBe(
      "http://127.0.0.1:9/v2/PhoneNumbers/%2B14155552671?Fields=line_type_intelligence%2Ccaller_name",
    );
    expect(Buffer.from(req.headers["authorization"]!.slice(6), "base64").toString()).toBe(
      `${creds.accountSid}:secret-token`,
    );
  });

  it("reads a Lookup v2 answer and drops parts that carry an error code", () => {
    expect(fromTwilioLookupResponse(json("twilio-lookup-v2.json"))).toEqual({
      valid: true,
      carrier: "Avid Telecom LLC",
      lineType: "nonFixedVoip",
      callerName: "ACME PLUMBING",
      callerType: "BUSINESS",
      mobileCountryCode: "311",
      mobileNetworkCode: "180",
    });
    const partial = fromTwilioLookupResponse({
      phone_number: "+14155552671",
      valid: true,
      caller_name: { caller_name: null, caller_type: null, error_code: 60601 },
      line_type_intelligence: { carrier_name: "Verizon Wireless", type: "mobile", error_code: null },
    });
    expect(partial).toMatchObject({ carrier: "Verizon Wireless", lineType: "mobile", callerName: null });
    expect(fromTwilioLookupResponse({ code: 20404, message: "not found" })).toBeNull();
  });

  it("builds and reads the IPQualityScore phone format", () => {
    expect(toIpqsPhoneRequest(phone, "k/ey", "http://127.0.0.1:9").url).toBe(
      "http://127.0.0.1:9/api/json/phone/k%2Fey/14155552671?country%5B%5D=US",
    );
    const r = fromIpqsPhoneResponse(json("ipqs-phone.json"));
    expect(r).toEqual({
      ok: true,
      value: {
        fraudScore: 92,
        valid: true,
        active: true,
        recentAbuse: true,
        spammer: true,
        risky: true,
        voip: true,
        prepaid: false,
        carrier: "Bandwidth.com",
        lineType: "VOIP",
      },
    });
    expect(fromIpqsPhoneResponse({ success: false, message: "Invalid or unauthorized key." })).toEqual({
      ok: false,
      reason: "Invalid or unauthorized key.",
    });
  });

  it("matches flagged carriers by normalized name", () => {
    expect(normalizeCarrierName("LEVEL 3 COMMUNICATIONS, LLC - CA")).toBe("level 3 communications ca");
    expect(matchHighRiskCarrier({ name: "AVID TELECOM, LLC" })?.id).toBe("avid-telecom");
    expect(matchHighRiskCarrier({ name: "Urth Access LLC" })?.id).toBe("urth-access");
    expect(matchHighRiskCarrier({ name: "Verizon Wireless" })).toBeNull();
    expect(
      matchHighRiskCarrier({ name: null, ocn: "1234" }, [
        { id: "x", name: "X", pattern: /^$/, ocns: ["1234"], points: 30, source: "test" },
      ])?.id,
    ).toBe("x");
  });
});

describe("vendors over HTTP on 127.0.0.1", () => {
  let server: LocalServer;
  beforeEach(async () => {
    server = await startLocalServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("Twilio: a flagged non-fixed VoIP carrier raises risk", async () => {
    server.handle((_req, res) => sendJson(res, 200, json("twilio-lookup-v2.json")));
    const t = fakeTime();
    const twilio = new TwilioLookupClient(httpDeps(t), { credentials: creds, baseUrl: server.origin });
    const src = createCarrierIntelligenceSource({ clock: t.clock, twilio });
    const e = await src.check(phone, { signal });
    expect(e.status).toBe("ok");
    expect(e.signals).toEqual({
      carrier: "Avid Telecom LLC",
      line_type: "nonFixedVoip",
      caller_name: "ACME PLUMBING",
      high_risk_carrier: true,
    });
    expect(e.factors.map((f) => f.id)).toEqual(["high_risk_carrier", "line_type_nonFixedVoip"]);
    expect(server.requests[0]?.url).toBe("/v2/PhoneNumbers/%2B14155552671?Fields=line_type_intelligence%2Ccaller_name");
    expect(server.requests[0]?.headers.authorization).toMatch(/^Basic /);
  });

  it("retries a 429 after its Retry-After and then answers", async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, 429, { code: 20429, message: "Too many requests" }, { "retry-after": "1" });
      else sendJson(res, 200, json("ipqs-phone.json"));
    });
    const t = fakeTime();
    const ipqs = new IpqsPhoneClient(httpDeps(t), { apiKey: "key", baseUrl: server.origin, budgetMs: 4000 });
    const e = await createPhoneReputationSource({ ipqs }).check(phone, { signal });
    expect(calls).toBe(2);
    expect(t.sleeps).toEqual([1000]);
    expect(e.status).toBe("ok");
    expect(e.signals).toEqual({ vendor4_fraud_score: 92 });
    expect(e.factors[0]?.id).toBe("vendor4_fraud_score");
    expect(e.floor).toBe(65);
  });

  it("gives up when Retry-After exceeds the budget: unavailable, not a failure", async () => {
    server.handle((_req, res) => sendJson(res, 429, { message: "slow down" }, { "retry-after": "30" }));
    const t = fakeTime();
    const ipqs = new IpqsPhoneClient(httpDeps(t), { apiKey: "key", baseUrl: server.origin, budgetMs: 4000 });
    const e = await createPhoneReputationSource({ ipqs }).check(phone, { signal });
    expect(server.requests).toHaveLength(1);
    expect(t.sleeps).toEqual([]);
    expect(e).toMatchObject({ status: "unavailable", signals: { vendor4_fraud_score: null }, factors: [] });
    expect(e.reason).toMatch(/HTTP 429.*budget/);
  });

  it("retries 5xx a bounded number of times", async () => {
    server.handle((_req, res) => sendJson(res, 503, { message: "down" }));
    const t = fakeTime();
    const twilio = new TwilioLookupClient(httpDeps(t), { credentials: creds, baseUrl: server.origin, maxRetries: 2 });
    const e = await createCarrierIntelligenceSource({ clock: t.clock, twilio }).check(phone, { signal });
    expect(server.requests).toHaveLength(3);
    expect(t.sleeps).toEqual([100, 200]);
    expect(e.status).toBe("unavailable");
    expect(e.reason).toMatch(/HTTP 503/);
    expect(e.signals["carrier"]).toBeNull();
  });

  it("times out a slow answer and stays unavailable", async () => {
    server.handle((_req, res) => {
      setTimeout(() => sendJson(res, 200, json("ipqs-phone.json")), 2000).unref();
    });
    const t = fakeTime();
    const ipqs = new IpqsPhoneClient(httpDeps(t), {
      apiKey: "key",
      baseUrl: server.origin,
      timeoutMs: 50,
      maxRetries: 0,
    });
    const started = performance.now();
    const e = await createPhoneReputationSource({ ipqs }).check(phone, { signal });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(e.status).toBe("unavailable");
    expect(e.reason).toMatch(/no answer within 50 ms/);
  });

  it("opens the circuit after repeated failures and closes it after a good trial", async () => {
    let healthy = false;
    server.handle((_req, res) => (healthy ? sendJson(res, 200, json("ipqs-phone.json")) : sendJson(res, 500, {})));
    const t = fakeTime();
    const ipqs = new IpqsPhoneClient(httpDeps(t), { apiKey: "key", baseUrl: server.origin, maxRetries: 0 });
    const src = createPhoneReputationSource({ ipqs });
    for (let i = 0; i < 3; i++) expect((await src.check(phone, { signal })).status).toBe("unavailable");
    const before = server.requests.length;
    const refused = await src.check(phone, { signal });
    expect(refused.reason).toMatch(/circuit open/);
    expect(server.requests.length).toBe(before);
    healthy = true;
    t.advance(31_000);
    expect((await src.check(phone, { signal })).status).toBe("ok");
    expect((await src.check(phone, { signal })).status).toBe("ok");
  });

  it("a refused key is reported, without retries", async () => {
    server.handle((_req, res) => sendJson(res, 200, { success: false, message: "Invalid or unauthorized key." }));
    const t = fakeTime();
    const ipqs = new IpqsPhoneClient(httpDeps(t), { apiKey: "bad", baseUrl: server.origin });
    const e = await createPhoneReputationSource({ ipqs }).check(phone, { signal });
    expect(e.status).toBe("unavailable");
    expect(e.reason).toMatch(/unauthorized key/);
    expect(server.requests).toHaveLength(1);
  });
});

describe("createPhoneSignalSources", () => {
  it("enables each vendor by its key and adds NANPA original carrier findings", async () => {
    const store = new InMemoryPhoneRegistryStore();
    const registry = new PhoneRegistry(store);
    const t = fakeTime();
    expect(createPhoneSignalSources({ registry, clock: t.clock }).map((s) => s.name)).toEqual(["complaint_registry"]);
    const server = await startLocalServer((req, res) =>
      req.url.startsWith("/v2/") ? sendJson(res, 500, {}) : sendJson(res, 200, json("ipqs-phone.json")),
    );
    try {
      await store.replaceCodeBlocks({ sha256: "n".repeat(64), origin: "t", rows: 1, rejected: 0 }, [
        {
          npa: "415",
          nxx: "555",
          ocn: "9999",
          company: "ONE EYE LLC",
          state: "CA",
          rateCenter: "SNFC",
          use: "AS",
          effectiveDate: null,
        },
      ]);
      const sources = createPhoneSignalSources({
        registry,
        store,
        clock: t.clock,
        sleep: t.sleep,
        keys: { twilio: creds, ipqs: "key" },
        baseUrls: { twilio: server.origin, ipqs: server.origin },
      });
      expect(sources.map((s) => s.name)).toEqual(["complaint_registry", "carrier_intelligence", "phone_reputation"]);
      const [registrySrc, carrier, reputation] = await Promise.all(sources.map((s) => s.check(phone, { signal })));
      expect(registrySrc?.status).toBe("skipped");
      // Twilio failed, NANPA still names the original carrier, which is flagged.
      expect(carrier).toMatchObject({
        status: "unavailable",
        signals: { carrier: "ONE EYE LLC", high_risk_carrier: true, line_type: null },
      });
      expect(carrier?.factors.map((f) => f.id)).toEqual(["high_risk_carrier"]);
      expect(reputation?.signals).toEqual({ vendor4_fraud_score: 92 });
      const unassigned = await sources[1]!.check({ ...phone, nxx: "201" }, { signal });
      expect(unassigned.factors.map((f) => f.id)).toContain("exchange_not_assigned");
    } finally {
      await server.close();
    }
  });
});
