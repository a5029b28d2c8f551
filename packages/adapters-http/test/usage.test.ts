// GET /api/v1/usage: the spec's Usage resource plus the rate-limit configuration, and the plan period rules driven
// by the engine's clock: free plans follow the UTC calendar month, upgrades apply at once, downgrades wait for
// the next period and take effect when it starts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BATCH_RPM, PHONE_QUOTA, PLANS, UsageSchema, type Engine } from "@scamverify/core";
import type { FixedClock } from "@scamverify/core/testing";
import {
  call,
  engineInMemory,
  seedAccount,
  serve,
  uniqueUrl,
  unlimited,
  type JsonBody,
  type Reply,
  type TestServer,
} from "./support/harness.js";

let server: TestServer;
let engine: Engine;
let clock: FixedClock;

beforeAll(async () => {
  const kit = engineInMemory({ rateLimiter: unlimited });
  engine = kit.engine;
  clock = kit.clock;
  server = await serve(engine);
});

afterAll(async () => {
  await server.close();
});

const usage = (key: string): Promise<Reply<JsonBody>> => call(server.url, "GET", "/api/v1/usage", { key });
const lookup = (key: string): Promise<Reply<JsonBody>> =>
  call(server.url, "POST", "/api/v1/url/lookup", { key, body: { url: uniqueUrl("usage") } });

describe("GET /api/v1/usage", () => {
  it("returns the spec's Usage resource with the rate-limit configuration", async () => {
    clock.set("2026-03-10T12:00:00.000Z");
    const s = await seedAccount(engine, { plan: "starter" });
    await lookup(s.key);
    await call(server.url, "POST", "/api/v1/phone/lookup", { key: s.key, body: { phone_number: "+1 415 555 2671" } });
    const r = await usage(s.key);
    expect(r.status).toBe(200);
    expect(UsageSchema.parse(r.body)).toEqual(r.body);
    expect(r.body).toMatchObject({
      plan: "starter",
      billing_period: { start: "2026-03-01T00:00:00.000Z", end: "2026-04-01T00:00:00.000Z" },
      quotas: {
        url: { used: 1, limit: 1000, hard_limit: 1100, remaining: 1099 },
        phone: { used: 1, limit: 1000, hard_limit: 1100, remaining: 1099 },
        text: { used: 0, limit: 500, hard_limit: 550 },
        email: { used: 0, limit: 500, hard_limit: 550 },
      },
      rate_limit: { requests_per_minute: PLANS.starter.rpm, batch_requests_per_minute: BATCH_RPM, window_seconds: 60 },
      pending_plan: null,
      test_mode: false,
    });
  });

  it("an enterprise account shows its own quotas and rpm", async () => {
    const s = await seedAccount(engine, { plan: "enterprise", rpm: 2_500, quotas: { url: 123_456 } });
    const r = await usage(s.key);
    expect(r.body.quotas.url).toMatchObject({ limit: 123_456, hard_limit: Math.floor(123_456 * 1.1) });
    expect(r.body.quotas.phone.limit).toBe(PHONE_QUOTA.limits.enterprise);
    expect(r.body.rate_limit.requests_per_minute).toBe(2_500);
  });

  it("says test_mode for a test key", async () => {
    const s = await seedAccount(engine, { plan: "free", mode: "test" });
    expect((await usage(s.key)).body.test_mode).toBe(true);
  });
});

describe("plan periods", () => {
  it("a free plan follows the UTC calendar month and starts from 0 on the 1st at 00:00 UTC", async () => {
    clock.set("2026-03-31T23:59:59.000Z");
    const s = await seedAccount(engine, { plan: "free" });
    await lookup(s.key);
    await lookup(s.key);
    let u = (await usage(s.key)).body;
    expect(u.billing_period).toEqual({ start: "2026-03-01T00:00:00.000Z", end: "2026-04-01T00:00:00.000Z" });
    expect(u.quotas.url.used).toBe(2);
    expect(u.quotas.url.hard_limit).toBe(50);

    clock.set("2026-04-01T00:00:00.000Z");
    u = (await usage(s.key)).body;
    expect(u.billing_period).toEqual({ start: "2026-04-01T00:00:00.000Z", end: "2026-05-01T00:00:00.000Z" });
    expect(u.quotas.url.used).toBe(0);

    // A quota exhausted in one month is free again in the next.
    clock.set("2026-04-20T08:00:00.000Z");
    for (let i = 0; i < 50; i++) expect((await lookup(s.key)).status).toBe(200);
    const refused = await lookup(s.key);
    expect(refused.status).toBe(402);
    expect(refused.body.error.details.resets_at).toBe("2026-05-01T00:00:00.000Z");
    clock.set("2026-05-01T00:00:01.000Z");
    expect((await lookup(s.key)).status).toBe(200);
  });

  it("an upgrade applies at once, keeping what was used in the period", async () => {
    clock.set("2026-03-15T10:00:00.000Z");
    const s = await seedAccount(engine, { plan: "free" });
    await lookup(s.key);
    const upgraded = await engine.accounts.setPlan(s.accountId, "professional");
    expect(upgraded._unsafeUnwrap()).toMatchObject({ plan: "professional", pending_plan: null });
    const u = (await usage(s.key)).body;
    expect(u.plan).toBe("professional");
    expect(u.quotas.url).toMatchObject({ used: 1, limit: 3000, hard_limit: 3300 });
    expect(u.rate_limit.requests_per_minute).toBe(PLANS.professional.rpm);
  });

  it("a downgrade waits for the next period and is applied when the period rolls", async () => {
    clock.set("2026-03-15T10:00:00.000Z");
    const s = await seedAccount(engine, { plan: "business" });
    await lookup(s.key);
    const scheduled = await engine.accounts.setPlan(s.accountId, "starter");
    expect(scheduled._unsafeUnwrap()).toMatchObject({ plan: "business", pending_plan: "starter" });

    let u = (await usage(s.key)).body;
    expect(u).toMatchObject({ plan: "business", pending_plan: "starter" });
    expect(u.quotas.url).toMatchObject({ used: 1, limit: 10_000 });

    clock.set("2026-03-31T23:59:59.999Z");
    expect((await usage(s.key)).body.plan).toBe("business");

    clock.set("2026-04-01T00:00:00.000Z");
    u = (await usage(s.key)).body;
    expect(u).toMatchObject({ plan: "starter", pending_plan: null });
    expect(u.billing_period).toEqual({ start: "2026-04-01T00:00:00.000Z", end: "2026-05-01T00:00:00.000Z" });
    expect(u.quotas.url).toMatchObject({ used: 0, limit: 1000, hard_limit: 1100 });
    expect(u.rate_limit.requests_per_minute).toBe(PLANS.starter.rpm);
    expect((await engine.accounts.get(s.accountId))._unsafeUnwrap()).toMatchObject({
      plan: "starter",
      pending_plan: null,
    });
  });

  it("an upgrade after a scheduled downgrade cancels the downgrade", async () => {
    clock.set("2026-03-15T10:00:00.000Z");
    const s = await seedAccount(engine, { plan: "scale" });
    await engine.accounts.setPlan(s.accountId, "free");
    expect((await usage(s.key)).body.pending_plan).toBe("free");
    await engine.accounts.setPlan(s.accountId, "scale");
    expect((await usage(s.key)).body.pending_plan).toBeNull();
    clock.set("2026-04-02T00:00:00.000Z");
    expect((await usage(s.key)).body.plan).toBe("scale");
  });
});
