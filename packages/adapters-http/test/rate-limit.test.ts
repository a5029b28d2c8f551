// Rate limits over HTTP, by the engine's clock: the plan's requests per minute with RateLimit-* headers, the 429
// envelope with retry_after and Retry-After, the fixed 5/min batch limit on every plan, and the window's reset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_NAMES, PLANS } from "@scamverify/core";
import {
  call,
  engineInMemory,
  seedAccount,
  serve,
  type JsonBody,
  type Reply,
  type TestServer,
} from "./support/harness.js";
import type { FixedClock } from "@scamverify/core/testing";
import type { Engine } from "@scamverify/core";

let server: TestServer;
let engine: Engine;
let clock: FixedClock;

beforeAll(async () => {
  const kit = engineInMemory();
  engine = kit.engine;
  clock = kit.clock;
  server = await serve(engine);
});

afterAll(async () => {
  await server.close();
});

const usage = (key: string): Promise<Reply<JsonBody>> => call(server.url, "GET", "/api/v1/usage", { key });

function expectLimited(r: Reply<JsonBody>, limit: number): void {
  expect(r.status).toBe(429);
  expect(r.body.error.code).toBe("rate_limit_exceeded");
  const retryAfter = r.body.error.retry_after as number;
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const header = Number(r.headers.get("retry-after"));
  expect(header).toBe(retryAfter);
  expect(r.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(r.headers.get("ratelimit-remaining")).toBe("0");
  expect(Number(r.headers.get("ratelimit-reset"))).toBe(retryAfter);
}

describe("per-plan requests per minute", () => {
  it("the free plan allows 10 a minute with RateLimit headers, the 11th is 429, and the next window allows again", async () => {
    clock.set("2026-03-10T12:00:15.000Z");
    const s = await seedAccount(engine, { plan: "free" });
    const limit = PLANS.free.rpm;
    for (let i = 1; i <= limit; i++) {
      const r = await usage(s.key);
      expect(r.status).toBe(200);
      expect(r.headers.get("ratelimit-limit")).toBe(String(limit));
      expect(r.headers.get("ratelimit-remaining")).toBe(String(limit - i));
      expect(Number(r.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(0);
    }
    const refused = await usage(s.key);
    expectLimited(refused, limit);
    // The window is the clock minute: 45 s are left of it.
    expect(refused.body.error.retry_after).toBe(45);

    // Lookups share the same per-minute budget.
    const lookup = await call(server.url, "POST", "/api/v1/url/lookup", {
      key: s.key,
      body: { url: "https://a.example.com" },
    });
    expectLimited(lookup, limit);

    clock.advance(45_000);
    expect((await usage(s.key)).status).toBe(200);
  });

  it("limits each account on its own", async () => {
    const a = await seedAccount(engine, { plan: "free" });
    const b = await seedAccount(engine, { plan: "free" });
    for (let i = 0; i < PLANS.free.rpm; i++) expect((await usage(a.key)).status).toBe(200);
    expect((await usage(a.key)).status).toBe(429);
    expect((await usage(b.key)).status).toBe(200);
  });

  it("an enterprise account gets its own rpm", async () => {
    const s = await seedAccount(engine, { plan: "enterprise", rpm: 3 });
    for (let i = 0; i < 3; i++) expect((await usage(s.key)).status).toBe(200);
    expectLimited(await usage(s.key), 3);
  });

  it("refusals come before any work: a rate-limited lookup costs no quota", async () => {
    const s = await seedAccount(engine, { plan: "enterprise", rpm: 1 });
    expect((await usage(s.key)).status).toBe(200);
    expect(
      (await call(server.url, "POST", "/api/v1/url/lookup", { key: s.key, body: { url: "https://b.example.com" } }))
        .status,
    ).toBe(429);
    const u = (await engine.accounts.usage(s.accountId))._unsafeUnwrap();
    expect(u.quotas.url.used).toBe(0);
  });
});

describe("batch endpoints: 5 a minute on every plan", () => {
  it.each(PLAN_NAMES)("%s: the 6th batch call within 60 s is 429", async (plan) => {
    clock.set("2026-03-10T13:00:00.000Z");
    const s = await seedAccount(engine, { plan, ...(plan === "enterprise" ? { rpm: 100_000 } : {}), mode: "test" });
    for (let i = 0; i < 5; i++) {
      const r = await call(server.url, "POST", i % 2 ? "/api/v1/batch/url" : "/api/v1/batch/phone", {
        key: s.key,
        body: i % 2 ? { urls: ["https://a.example.com"] } : { phone_numbers: ["(415) 555-2671"] },
      });
      expect(r.status, `${plan} batch ${i + 1}`).toBe(200);
      expect(r.headers.get("ratelimit-limit")).toBe("5");
    }
    clock.advance(59_000);
    const sixth = await call(server.url, "POST", "/api/v1/batch/url", {
      key: s.key,
      body: { urls: ["https://a.example.com"] },
    });
    expectLimited(sixth, 5);
    // Single lookups keep their own budget.
    expect((await usage(s.key)).status).toBe(200);
    clock.advance(1_000);
    expect(
      (await call(server.url, "POST", "/api/v1/batch/url", { key: s.key, body: { urls: ["https://a.example.com"] } }))
        .status,
    ).toBe(200);
  });
});
