// The cached lookup as the process serves it at volume: the result cache behind the in-process layer (HotResultCache),
// so repeated hits share one frozen answer whose bytes are made once. Every documented header and access-log field is
// still there on every hit, the bytes stay those of the answer, and what differs between requests (the request id,
// the rate-limit counters, the quota counters) is never taken from an earlier one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HotResultCache } from "@scamverify/persistence";
import { FixedClock } from "@scamverify/core/testing";
import {
  T0,
  call,
  capturingLogger,
  engineInMemory,
  seedAccount,
  serve,
  type CapturingLogger,
  type EngineKit,
  type TestServer,
} from "./support/harness.js";

let server: TestServer;
let logger: CapturingLogger;
let kit: Omit<EngineKit, "stores">;
let key: string;
let otherKey: string;

const URL_BODY = { url: "http://secure-paypa1.com.verify-account.top/login" };

beforeAll(async () => {
  const clock = new FixedClock(T0);
  kit = engineInMemory({ clock, override: (deps) => ({ cache: new HotResultCache(deps.cache, { clock }) }) });
  logger = await capturingLogger();
  server = await serve(kit.engine, logger);
  key = (await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 })).key;
  otherKey = (await seedAccount(kit.engine, { plan: "starter" })).key;
});

afterAll(async () => {
  await server.close();
});

const HEADERS = [
  "x-request-id",
  "x-content-type-options",
  "content-type",
  "content-length",
  "x-quota-url-used",
  "x-quota-url-limit",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
];

describe("the cached lookup", () => {
  it("sends every documented header on each hit, with counters of that request", async () => {
    const first = await call(server.url, "POST", "/api/v1/url/lookup", { key, body: URL_BODY });
    expect(first.status).toBe(200);
    expect(first.body.cached).toBe(false);
    const hits = [];
    for (let i = 0; i < 3; i++)
      hits.push(await call(server.url, "POST", "/api/v1/url/lookup", { key, body: URL_BODY }));
    for (const hit of hits) {
      expect(hit.status).toBe(200);
      expect(hit.body.cached).toBe(true);
      for (const name of HEADERS) expect(hit.headers.get(name), name).not.toBeNull();
      expect(hit.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Number(hit.headers.get("content-length"))).toBe(Buffer.byteLength(JSON.stringify(hit.body)));
      // A hit costs nothing: the unit charged by the first lookup is all the quota shows.
      expect(hit.headers.get("x-quota-url-used")).toBe("1");
    }
    // The rate limit counts every request, hits included; request ids are each request's own.
    const remaining = hits.map((h) => Number(h.headers.get("ratelimit-remaining")));
    expect(remaining).toEqual([remaining[0]!, remaining[0]! - 1, remaining[0]! - 2]);
    expect(new Set(hits.map((h) => h.headers.get("x-request-id"))).size).toBe(3);
    // The same answer each time, and the same as the one computed, but for the cache fields.
    expect(hits[1]!.body).toEqual(hits[0]!.body);
    const { cached: _a, cache_expires_at: _b, ...computed } = first.body as Record<string, unknown>;
    const { cached: _c, cache_expires_at: _d, ...served } = hits[0]!.body as Record<string, unknown>;
    expect(served).toEqual(computed);
  });

  it("is shared between accounts with each account's own counters", async () => {
    await call(server.url, "POST", "/api/v1/url/lookup", { key, body: URL_BODY });
    const other = await call(server.url, "POST", "/api/v1/url/lookup", { key: otherKey, body: URL_BODY });
    expect(other.body.cached).toBe(true);
    expect(other.headers.get("x-quota-url-used")).toBe("0");
    expect(other.headers.get("x-quota-url-limit")).toBe("1000");
    expect(other.headers.get("ratelimit-limit")).toBe("60");
  });

  it("gives browsers the CORS headers on a hit too", async () => {
    const hit = await call(server.url, "POST", "/api/v1/url/lookup", {
      key,
      body: URL_BODY,
      headers: { origin: "https://app.example" },
    });
    expect(hit.body.cached).toBe(true);
    expect(hit.headers.get("access-control-allow-origin")).toBe("*");
    expect(hit.headers.get("access-control-expose-headers")).toContain("X-Quota-Url-Used");
  });

  it("writes an access line with every field for each hit", async () => {
    logger.lines.length = 0;
    const hit = await call(server.url, "POST", "/api/v1/url/lookup?k=v", {
      key,
      body: URL_BODY,
      headers: { "x-request-id": "cached-path-1" },
    });
    expect(hit.headers.get("x-request-id")).toBe("cached-path-1");
    await new Promise((resolve) => setImmediate(resolve));
    const line = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l["msg"] === "request");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      request_id: "cached-path-1",
      method: "POST",
      path: "/api/v1/url/lookup",
      status: 200,
    });
    expect(typeof line?.["time"]).toBe("string");
    expect(typeof line?.["duration_ms"]).toBe("number");
  });

  it("hands the same frozen answer to every hit, so no caller can change what the next one gets", async () => {
    const p = (await kit.engine.authenticate(`Bearer ${key}`))._unsafeUnwrap();
    const a = (await kit.engine.lookupUrl(p, URL_BODY))._unsafeUnwrap().value;
    const b = (await kit.engine.lookupUrl(p, URL_BODY))._unsafeUnwrap().value;
    expect(a.cached).toBe(true);
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => {
      (a as { risk_score: number }).risk_score = 0;
    }).toThrow(TypeError);
  });
});
