import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NormalizedUrl, SignalSource } from "@scamverify/core";
import { createSafeFetcher } from "../../src/net/safe-fetch.js";
import { CircuitBreaker } from "../../src/vendors/circuit-breaker.js";
import { createIpqsSource } from "../../src/vendors/ipqs.js";
import { createThreatfoxApiSource } from "../../src/vendors/threatfox-api.js";
import { createUrlhausApiSource } from "../../src/vendors/urlhaus-api.js";
import { createWebRiskSource } from "../../src/vendors/web-risk.js";
import { sendJson, startLocalServer, type LocalServer } from "../support/local-server.js";
import { nurl } from "../support/normalized-url.js";

const ctx = { signal: new AbortController().signal };
let server: LocalServer;
const fetcher = createSafeFetcher({ allowLoopbackForTests: true });
let now = 0;
const clock = { now: () => new Date(now) };
const sleeps: number[] = [];
const sleep = async (ms: number): Promise<void> => {
  sleeps.push(ms);
  now += ms;
};

beforeAll(async () => {
  server = await startLocalServer();
});
beforeEach(() => {
  server.requests.length = 0;
  sleeps.length = 0;
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

const common = () => ({
  fetcher,
  clock,
  sleep,
  breaker: new CircuitBreaker({ clock, failureThreshold: 3, coolDownMs: 60_000 }),
});

describe("Web Risk against a local server", () => {
  it("sends the documented query and reads a threat", async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, { threat: { threatTypes: ["SOCIAL_ENGINEERING"], expireTime: "2026-11-20T12:10:00Z" } }),
    );
    const source = createWebRiskSource({ ...common(), apiKey: "k1", endpoint: `${server.origin}/v1/uris:search` });
    const ev = await source.check(nurl("https://phish.example/login"), ctx);
    expect(ev).toMatchObject({ source: "vendor1", status: "ok", signals: { vendor1_web_risk: "SOCIAL_ENGINEERING" } });
    const sent = new URL(server.requests[0]?.url ?? "", server.origin);
    expect(sent.pathname).toBe("/v1/uris:search");
    expect(sent.searchParams.get("uri")).toBe("https://phish.example/login");
    expect(sent.searchParams.get("key")).toBe("k1");
  });

  it("maps Google's error answer to unavailable", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" },
      }),
    );
    const source = createWebRiskSource({ ...common(), apiKey: "bad", endpoint: `${server.origin}/v1/uris:search` });
    const ev = await source.check(nurl("https://a.example/"), ctx);
    expect(ev).toMatchObject({ status: "unavailable", signals: { vendor1_web_risk: null }, factors: [] });
    expect(ev.reason).toMatch(/400/);
    expect(server.requests).toHaveLength(1);
  });
});

describe("retries, budget and breaker", () => {
  it("retries a 429 after the Retry-After delay, then succeeds", async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, 429, { success: false, message: "rate limited" }, { "retry-after": "2" });
      else sendJson(res, 200, { success: true, unsafe: false, risk_score: 12, phishing: false, malware: false });
    });
    const source = createIpqsSource({
      ...common(),
      apiKey: "k",
      endpoint: `${server.origin}/api/json/url`,
      timeoutMs: 5000,
    });
    const ev = await source.check(nurl("https://b.example/"), ctx);
    expect(ev).toMatchObject({ status: "ok", signals: { vendor4_risk_score: 12 } });
    expect(sleeps).toEqual([2000]);
    expect(server.requests[1]?.url).toBe(`/api/json/url/k/${encodeURIComponent("https://b.example/")}?strictness=0`);
  });

  it("does not wait for a Retry-After beyond the budget", async () => {
    server.handle((_req, res) => sendJson(res, 429, {}, { "retry-after": "60" }));
    const source = createIpqsSource({
      ...common(),
      apiKey: "k",
      endpoint: `${server.origin}/api/json/url`,
      timeoutMs: 3000,
    });
    const ev = await source.check(nurl("https://b.example/"), ctx);
    expect(ev).toMatchObject({ status: "unavailable", signals: { vendor4_risk_score: null } });
    expect(ev.reason).toMatch(/rate-limited/);
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("backs off exponentially on 5xx and gives up after the bounded retries", async () => {
    server.handle((_req, res) => res.writeHead(503).end("unavailable"));
    const source = createUrlhausApiSource({
      ...common(),
      apiKey: "k",
      endpoint: `${server.origin}/v1/url/`,
      timeoutMs: 10_000,
    });
    const ev = await source.check(nurl("https://c.example/"), ctx);
    expect(ev.status).toBe("unavailable");
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("answers unavailable when the vendor is too slow", async () => {
    server.handle(() => {
      // holds the request open
    });
    const source = createThreatfoxApiSource({
      ...common(),
      apiKey: "k",
      endpoint: `${server.origin}/api/v1/`,
      timeoutMs: 80,
    });
    const ev = await source.check(nurl("https://d.example/"), ctx);
    expect(ev).toMatchObject({ status: "unavailable", signals: { vendor3_listed: null } });
    expect(ev.reason).toMatch(/in time/);
  });

  it("opens the breaker after consecutive failures and half-opens after the cool-down", async () => {
    server.handle((_req, res) => res.writeHead(500).end());
    const breaker = new CircuitBreaker({ clock, failureThreshold: 2, coolDownMs: 30_000 });
    const source: SignalSource<NormalizedUrl> = createWebRiskSource({
      fetcher,
      clock,
      sleep,
      breaker,
      apiKey: "k",
      maxRetries: 0,
      endpoint: `${server.origin}/v1/uris:search`,
    });
    await source.check(nurl("https://e.example/"), ctx);
    await source.check(nurl("https://e.example/"), ctx);
    expect(server.requests).toHaveLength(2);
    const open = await source.check(nurl("https://e.example/"), ctx);
    expect(open).toMatchObject({ status: "unavailable", reason: expect.stringMatching(/circuit open/) });
    expect(server.requests).toHaveLength(2);
    now += 30_000;
    server.handle((_req, res) => sendJson(res, 200, {}));
    expect((await source.check(nurl("https://e.example/"), ctx)).signals).toEqual({ vendor1_web_risk: "SAFE" });
    expect(breaker.state()).toBe("closed");
  });
});

describe("abuse.ch live APIs against a local server", () => {
  it("URLhaus: form post with Auth-Key, ok and no_results", async () => {
    server.handle((req, res) => {
      const url = new URLSearchParams(req.body).get("url");
      if (req.headers["auth-key"] !== "good") return sendJson(res, 401, { query_status: "unknown_auth_key" });
      if (url === "http://listed.example/mal.exe") {
        return sendJson(res, 200, {
          query_status: "ok",
          id: "105821",
          urlhaus_reference: "https://urlhaus.abuse.ch/url/105821/",
          url,
          url_status: "online",
          host: "listed.example",
          date_added: "2026-11-19 14:22:01 UTC",
          threat: "malware_download",
          blacklists: { spamhaus_dbl: "not listed", surbl: "not listed" },
          reporter: "abuse_ch",
          larted: "true",
          tags: ["exe"],
          payloads: [],
        });
      }
      return sendJson(res, 200, { query_status: "no_results" });
    });
    const source = createUrlhausApiSource({ ...common(), apiKey: "good", endpoint: `${server.origin}/v1/url/` });
    expect((await source.check(nurl("http://listed.example/mal.exe"), ctx)).signals).toEqual({ vendor2_listed: true });
    expect((await source.check(nurl("http://clean.example/"), ctx)).signals).toEqual({ vendor2_listed: false });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const bad = createUrlhausApiSource({ ...common(), apiKey: "wrong", endpoint: `${server.origin}/v1/url/` });
    expect((await bad.check(nurl("http://clean.example/"), ctx)).status).toBe("unavailable");
  });

  it("ThreatFox: JSON search of the host, ok and no_result", async () => {
    server.handle((req, res) => {
      const q = JSON.parse(req.body) as { query: string; search_term: string };
      if (q.search_term === "c2.example") {
        return sendJson(res, 200, {
          query_status: "ok",
          data: [
            {
              id: "1891290",
              ioc: "c2.example",
              threat_type: "botnet_cc",
              threat_type_desc: "Indicator that identifies a botnet command&control server (C&C)",
              ioc_type: "domain",
              ioc_type_desc: "Domain that is used for botnet Command&control (C&C)",
              malware: "win.lumma",
              malware_printable: "Lumma Stealer",
              confidence_level: 100,
              first_seen: "2026-11-20 11:08:12 UTC",
              tags: ["Lumma"],
            },
          ],
        });
      }
      return sendJson(res, 200, { query_status: "no_result", data: "Your search did not yield any results" });
    });
    const source = createThreatfoxApiSource({ ...common(), apiKey: "k", endpoint: `${server.origin}/api/v1/` });
    expect(await source.check(nurl("https://c2.example/gate.php"), ctx)).toMatchObject({
      signals: { vendor3_listed: true },
      floor: 90,
    });
    expect((await source.check(nurl("https://fine.example/"), ctx)).signals).toEqual({ vendor3_listed: false });
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({ query: "search_ioc", search_term: "c2.example" });
  });
});
