// The commercial mechanics over HTTP, written once and run on PGlite (unit) and PostgreSQL (integration): quota
// races at the limit, the paid grace boundary, two API processes racing for one unit, coalescing of identical cold
// lookups, force_refresh, quota headers, giving the unit back when a lookup fails, test keys, and the key cap.
import { describe, expect, it } from "vitest";
import { TEST_PHONE_LINES, VERDICTS, type Engine, type Principal } from "@scamverify/core";
import type { Db } from "@scamverify/persistence";
import {
  call,
  CountingSource,
  engineOver,
  seedAccount,
  serve,
  unlimited,
  uniqueUrl,
  type EngineKit,
  type JsonBody,
  type Reply,
  type TestServer,
} from "./harness.js";

export interface CommerceTarget {
  /** The database of the first API process. */
  readonly db: () => Promise<Db>;
  /** Another connection to the same data, as a second API process would have (the same Db for PGlite). */
  readonly peer: () => Promise<Db>;
}

async function withServer<T>(
  kit: EngineKit,
  fn: (s: TestServer) => Promise<T>,
  engine: Engine = kit.engine,
): Promise<T> {
  const server = await serve(engine);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

async function setUsed(kit: EngineKit, accountId: string, channel: "url" | "phone", used: number): Promise<void> {
  const account = (await kit.engine.accounts.get(accountId))._unsafeUnwrap();
  await kit.deps.quota.set({ accountId, channel, periodStart: new Date(account.billing_period.start) }, used);
}

async function usedOf(kit: EngineKit, accountId: string): Promise<{ url: number; phone: number }> {
  const u = (await kit.engine.accounts.usage(accountId))._unsafeUnwrap();
  return { url: u.quotas.url.used, phone: u.quotas.phone.used };
}

const lookup = (s: TestServer, key: string, body: Record<string, unknown>): Promise<Reply<JsonBody>> =>
  call(s.url, "POST", "/api/v1/url/lookup", { key, body });

function expectQuotaExhausted(r: Reply<JsonBody>, used: number, limit: number, resetsAt: string): void {
  expect(r.status).toBe(402);
  expect(r.body.error.code).toBe("quota_exhausted");
  expect(r.body.error.details).toEqual({ channel: "url", used, limit, resets_at: resetsAt });
  expect(r.body.error.upgrade_url).toBe("https://scamverify.test/upgrade");
}

export function describeCommerce(engineName: string, target: CommerceTarget): void {
  describe(`quota, concurrency, cache and headers over HTTP on ${engineName}`, () => {
    it("100 concurrent uncached lookups at used = limit - 1: exactly one 200 and 99 x 402", async () => {
      const kit = engineOver(await target.db(), { rateLimiter: unlimited });
      const s = await seedAccount(kit.engine, { plan: "free" });
      await setUsed(kit, s.accountId, "url", 49);
      await withServer(kit, async (server) => {
        const replies = await Promise.all(
          Array.from({ length: 100 }, () => lookup(server, s.key, { url: uniqueUrl("race") })),
        );
        const ok = replies.filter((r) => r.status === 200);
        const refused = replies.filter((r) => r.status === 402);
        expect(ok).toHaveLength(1);
        expect(refused).toHaveLength(99);
        for (const r of refused) expectQuotaExhausted(r, 50, 50, "2026-04-01T00:00:00.000Z");
        expect(ok[0]?.headers.get("x-quota-url-used")).toBe("50");
      });
      expect((await usedOf(kit, s.accountId)).url).toBe(50);
    });

    it("a paid plan may use its limit plus 10% (starter: 1100), then 402", async () => {
      const kit = engineOver(await target.db(), { rateLimiter: unlimited });
      const s = await seedAccount(kit.engine, { plan: "starter" });
      await withServer(kit, async (server) => {
        await setUsed(kit, s.accountId, "url", 1000);
        const over = await lookup(server, s.key, { url: uniqueUrl("grace") });
        expect(over.status).toBe(200);
        expect(over.headers.get("x-quota-url-used")).toBe("1001");
        expect(over.headers.get("x-quota-url-limit")).toBe("1000");

        await setUsed(kit, s.accountId, "url", 1099);
        const last = await lookup(server, s.key, { url: uniqueUrl("grace") });
        expect(last.status).toBe(200);
        expect(last.headers.get("x-quota-url-used")).toBe("1100");
        const refused = await lookup(server, s.key, { url: uniqueUrl("grace") });
        expectQuotaExhausted(refused, 1100, 1000, "2026-04-01T00:00:00.000Z");
        expect(refused.headers.get("x-quota-url-used")).toBe("1100");
        // A cached result still answers once the quota is gone, and costs nothing.
        const cached = await lookup(server, s.key, { url: new URL(last.body.url).href });
        expect(cached.status).toBe(200);
        expect(cached.body.cached).toBe(true);
      });
      expect((await usedOf(kit, s.accountId)).url).toBe(1100);
    });

    it("the same 100-request race split across two API processes gives exactly one success", async () => {
      const one = engineOver(await target.db(), { rateLimiter: unlimited });
      const two = engineOver(await target.peer(), { rateLimiter: unlimited });
      const s = await seedAccount(one.engine, { plan: "free" });
      await setUsed(one, s.accountId, "url", 49);
      const [a, b] = [await serve(one.engine), await serve(two.engine)];
      try {
        const replies = await Promise.all(
          Array.from({ length: 100 }, (_, i) => lookup(i % 2 === 0 ? a : b, s.key, { url: uniqueUrl("split") })),
        );
        expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
        expect(replies.filter((r) => r.status === 402)).toHaveLength(99);
      } finally {
        await a.close();
        await b.close();
      }
      expect((await usedOf(two, s.accountId)).url).toBe(50);
    });

    it("50 identical concurrent cold lookups: one computation, one unit; the next is cached and free", async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const source = new CountingSource(() => gate);
      const kit = engineOver(await target.db(), { urlSources: [source] });
      const s = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
      // Hold the one computation until every request has reached the engine, so they are truly concurrent.
      let entered = 0;
      const counting: Engine = {
        ...kit.engine,
        lookupUrl: (p: Principal, body: unknown) => {
          if (++entered === 50) release();
          return kit.engine.lookupUrl(p, body);
        },
      };
      const url = uniqueUrl("coalesce");
      await withServer(
        kit,
        async (server) => {
          const replies = await Promise.all(Array.from({ length: 50 }, () => lookup(server, s.key, { url })));
          expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
          expect(source.calls).toBe(1);
          expect(replies.filter((r) => r.body.cached === false)).toHaveLength(1);
          expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
          expect((await usedOf(kit, s.accountId)).url).toBe(1);

          const next = await lookup(server, s.key, { url });
          expect(next.status).toBe(200);
          expect(next.body.cached).toBe(true);
          expect(next.headers.get("x-quota-url-used")).toBe("1");
          expect(source.calls).toBe(1);
          expect((await usedOf(kit, s.accountId)).url).toBe(1);
        },
        counting,
      );
    });

    it("force_refresh bypasses the cache and costs a unit", async () => {
      const source = new CountingSource();
      const kit = engineOver(await target.db(), { urlSources: [source] });
      const s = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
      const url = uniqueUrl("refresh");
      await withServer(kit, async (server) => {
        const first = await lookup(server, s.key, { url });
        expect(first.body.cached).toBe(false);
        const cached = await lookup(server, s.key, { url });
        expect(cached.body.cached).toBe(true);
        expect(source.calls).toBe(1);
        const refreshed = await lookup(server, s.key, { url, force_refresh: true });
        expect(refreshed.status).toBe(200);
        expect(refreshed.body.cached).toBe(false);
        expect(refreshed.body.id).not.toBe(first.body.id);
        expect(refreshed.headers.get("x-quota-url-used")).toBe("2");
        expect(source.calls).toBe(2);
        // The refreshed result replaces the cached one.
        expect((await lookup(server, s.key, { url })).body.id).toBe(refreshed.body.id);
      });
      expect((await usedOf(kit, s.accountId)).url).toBe(2);
    });

    it("URL responses carry the URL quota headers and no other channel's; phone the phone ones", async () => {
      const kit = engineOver(await target.db());
      const s = await seedAccount(kit.engine, { plan: "professional" });
      await withServer(kit, async (server) => {
        const url = await lookup(server, s.key, { url: uniqueUrl("headers") });
        expect(url.status).toBe(200);
        expect(url.headers.get("x-quota-url-used")).toBe("1");
        expect(url.headers.get("x-quota-url-limit")).toBe("3000");
        for (const other of ["phone", "text", "email"]) {
          expect(url.headers.get(`x-quota-${other}-used`)).toBeNull();
          expect(url.headers.get(`x-quota-${other}-limit`)).toBeNull();
        }
        const phone = await call(server.url, "POST", "/api/v1/phone/lookup", {
          key: s.key,
          body: { phone_number: "(415) 555-2671" },
        });
        expect(phone.status).toBe(200);
        expect(phone.headers.get("x-quota-phone-used")).toBe("1");
        expect(phone.headers.get("x-quota-phone-limit")).toBe("3000");
        expect(phone.headers.get("x-quota-url-used")).toBeNull();
        const usage = await call(server.url, "GET", "/api/v1/usage", { key: s.key });
        for (const channel of ["url", "phone", "text", "email"])
          expect(usage.headers.get(`x-quota-${channel}-used`)).toBeNull();
      });
    });

    it("a lookup that fails after reserving its unit gives the unit back", async () => {
      const kit = engineOver(await target.db(), {
        override: (deps) => ({
          cache: {
            get: (key, now) => deps.cache.get(key, now),
            set: async () => {
              throw new Error("the result store refused the write");
            },
          },
        }),
      });
      const s = await seedAccount(kit.engine, { plan: "starter" });
      await setUsed(kit, s.accountId, "url", 7);
      await withServer(kit, async (server) => {
        const r = await lookup(server, s.key, { url: uniqueUrl("fails") });
        expect(r.status).toBeGreaterThanOrEqual(500);
        expect(["internal_error", "service_unavailable"]).toContain(r.body.error.code);
      });
      expect((await usedOf(kit, s.accountId)).url).toBe(7);
    });

    it("sv_test_ keys consume nothing, say test_mode, and the magic inputs give every verdict", async () => {
      const kit = engineOver(await target.db());
      const s = await seedAccount(kit.engine, { plan: "free", mode: "test" });
      await withServer(kit, async (server) => {
        for (const verdict of VERDICTS) {
          const host = `sv-test-${verdict.replace(/_/g, "-")}.example.com`;
          const r = await lookup(server, s.key, { url: `https://${host}/login` });
          expect(r.status, verdict).toBe(200);
          expect(r.body.verdict, host).toBe(verdict);
          expect(r.body.test_mode).toBe(true);
          expect(r.headers.get("x-quota-url-used")).toBe("0");
        }
        for (const [number, verdict] of Object.entries(TEST_PHONE_LINES)) {
          const r = await call(server.url, "POST", "/api/v1/phone/lookup", {
            key: s.key,
            body: { phone_number: number },
          });
          expect(r.status, number).toBe(200);
          expect(r.body.verdict, number).toBe(verdict);
          expect(r.body.test_mode).toBe(true);
        }
        // The same magic input gives the same result every time.
        const again = await lookup(server, s.key, { url: "https://sv-test-scam.example.com/login" });
        const twice = await lookup(server, s.key, { url: "https://sv-test-scam.example.com/login" });
        expect(twice.body.id).toBe(again.body.id);
      });
      expect(await usedOf(kit, s.accountId)).toEqual({ url: 0, phone: 0 });
    });

    it("20 concurrent key creations on an account holding 4 keys create exactly one", async () => {
      const kit = engineOver(await target.db());
      const s = await seedAccount(kit.engine, { plan: "free" });
      for (let i = 0; i < 3; i++)
        expect((await kit.engine.keys.create(s.accountId, { mode: "live" })).isOk()).toBe(true);
      const peer = engineOver(await target.peer());
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? kit : peer).engine.keys.create(s.accountId, {
            mode: i % 3 === 0 ? "test" : "live",
            name: `race ${i}`,
          }),
        ),
      );
      expect(results.filter((r) => r.isOk())).toHaveLength(1);
      const refused = results.filter((r) => r.isErr());
      expect(refused).toHaveLength(19);
      for (const r of refused) expect(r.isErr() && r.error.code).toBe("key_limit_reached");
      const active = (await kit.engine.keys.list(s.accountId))._unsafeUnwrap().filter((k) => k.revoked_at === null);
      expect(active).toHaveLength(5);
    });
  });
}
