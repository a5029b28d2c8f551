// Idempotency-Key on the API's POSTs, over HTTP: a repeated key with the same request gets the stored answer with
// nothing run or charged again; another request under the key is 422, one still running is 409; a refused request
// keeps nothing. Run on the in-memory engine and on the SQL store (PGlite), which must behave alike.
import { describe, expect, it } from "vitest";
import { createStores, SqlIdempotencyStore } from "@scamverify/persistence";
import { IDEMPOTENCY_LEASE_MS, type EngineDeps } from "@scamverify/core";
import { FixedClock } from "@scamverify/core/testing";
import {
  CountingSource,
  call,
  engineInMemory,
  engineOver,
  seedAccount,
  T0,
  uniqueUrl,
  type EngineKit,
  type EngineOptions,
} from "./support/harness.js";
import { usePglite, useServers } from "./support/file-hooks.js";

const getDb = usePglite();
const serve = useServers();

type Maker = (options: EngineOptions) => Promise<Omit<EngineKit, "stores">>;

const makers: Record<string, Maker> = {
  "in-memory store": async (options) => engineInMemory(options),
  "SQL store (PGlite)": async (options) => {
    const db = await getDb();
    return engineOver(db, {
      ...options,
      override: (deps: EngineDeps) => ({ idempotency: createStores(db).idempotency, ...options.override?.(deps) }),
    });
  },
};

async function setUp(make: Maker, hold?: () => Promise<void>) {
  const source = new CountingSource(hold);
  const kit = await make({ urlSources: [source] });
  const s = await serve(kit.engine);
  const seeded = await seedAccount(kit.engine, { plan: "enterprise", quotas: { url: 100 } });
  const used = async (): Promise<number> => {
    const usage = await call(s.url, "GET", "/api/v1/usage", { key: seeded.key });
    return (usage.body as { quotas: Record<string, { used: number }> }).quotas["url"]?.used ?? NaN;
  };
  return { kit, s, seeded, source, used };
}

for (const [name, make] of Object.entries(makers)) {
  describe(`Idempotency-Key (${name})`, () => {
    it("answers a repeated key with the stored answer, running and charging nothing again", async () => {
      const { s, seeded, source, used } = await setUp(make);
      // force_refresh skips the cache, so without the key the second request would run and cost a unit again.
      const body = { url: uniqueUrl("idem"), force_refresh: true };
      const headers = { "idempotency-key": "order-7f3c2a" };
      const first = await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body, headers });
      expect(first.status).toBe(200);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect(await used()).toBe(1);

      const again = await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body, headers });
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("x-quota-urls-used")).toBe(first.headers.get("x-quota-urls-used"));
      expect(again.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(source.calls).toBe(1);
      expect(await used()).toBe(1);

      // The structured-field form of the same key is the same key.
      const quoted = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: seeded.key,
        body,
        headers: { "idempotency-key": '"order-7f3c2a"' },
      });
      expect(quoted.headers.get("idempotent-replayed")).toBe("true");
      expect(await used()).toBe(1);
    });

    it("refuses the key with another body (422) or another route, charging nothing", async () => {
      const { s, seeded, used } = await setUp(make);
      const headers = { "idempotency-key": "reuse-1" };
      const url = uniqueUrl("idem");
      expect(
        (await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body: { url }, headers })).status,
      ).toBe(200);
      const other = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: seeded.key,
        body: { url: uniqueUrl("other") },
        headers,
      });
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ error: { code: "idempotency_key_reused" } });
      const otherRoute = await call(s.url, "POST", "/api/v1/reports", {
        key: seeded.key,
        body: { kind: "url", value: url },
        headers,
      });
      expect(otherRoute.status).toBe(422);
      expect(await used()).toBe(1);
    });

    it("answers 409 while the first request with the key is still running", async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const running = new Promise<void>((r) => (entered = r));
      const { s, seeded, used } = await setUp(make, async () => {
        entered();
        await gate;
      });
      const body = { url: uniqueUrl("slow") };
      const headers = { "idempotency-key": "slow-1" };
      const first = call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body, headers });
      await running;
      const second = await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body, headers });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ error: { code: "idempotency_key_in_use" } });
      expect(second.headers.get("retry-after")).toBe("1");
      release();
      expect((await first).status).toBe(200);
      const third = await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body, headers });
      expect(third.headers.get("idempotent-replayed")).toBe("true");
      expect(await used()).toBe(1);
    });

    it("keeps nothing for a refused request, so the key's next request runs", async () => {
      const { s, seeded, used } = await setUp(make);
      const headers = { "idempotency-key": "fix-and-retry" };
      const bad = await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body: { url: "" }, headers });
      expect(bad.status).toBe(400);
      const good = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: seeded.key,
        body: { url: uniqueUrl("fixed") },
        headers,
      });
      expect(good.status).toBe(200);
      expect(good.headers.get("idempotent-replayed")).toBeNull();
      expect(await used()).toBe(1);
    });

    it("keeps one account's keys from another's", async () => {
      const { kit, s, seeded } = await setUp(make);
      const other = await seedAccount(kit.engine, { plan: "enterprise", quotas: { url: 100 } });
      const headers = { "idempotency-key": "shared-name" };
      await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body: { url: uniqueUrl("a") }, headers });
      const theirs = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: other.key,
        body: { url: uniqueUrl("b") },
        headers,
      });
      expect(theirs.status).toBe(200);
      expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    });

    it("refuses a key longer than 255 characters, or an empty one, with 400", async () => {
      const { s, seeded, used } = await setUp(make);
      const body = { url: uniqueUrl("long") };
      const long = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: seeded.key,
        body,
        headers: { "idempotency-key": "k".repeat(256) },
      });
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({
        error: { code: "validation_error", details: { issues: [{ field: "Idempotency-Key" }] } },
      });
      const empty = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: seeded.key,
        body,
        headers: { "idempotency-key": '""' },
      });
      expect(empty.status).toBe(400);
      expect(await used()).toBe(0);
      const longest = await call(s.url, "POST", "/api/v1/url/lookup", {
        key: seeded.key,
        body,
        headers: { "idempotency-key": "k".repeat(255) },
      });
      expect(longest.status).toBe(200);
    });
  });
}

/** The claims of a process that dies between charging a lookup and keeping its answer for the key. */
class AnswerNeverKept extends SqlIdempotencyStore {
  override complete(): Promise<void> {
    return Promise.reject(new Error("the process is gone"));
  }
}

describe("Idempotency-Key across two API processes on one database (PGlite)", () => {
  it("charges a lookup once when its first process committed the unit and never stored the answer", async () => {
    const db = await getDb();
    const clock = new FixedClock(T0);
    const source = new CountingSource();
    // The first process charges, then loses its answer before keeping it for the key (as when it is killed then):
    // the claim stays in flight with the unit on it, and nothing renews it.
    const cutOff = engineOver(db, {
      clock,
      urlSources: [source],
      override: () => ({ idempotency: new AnswerNeverKept(db) }),
    });
    const survivor = engineOver(db, {
      clock,
      urlSources: [source],
      override: () => ({ idempotency: new SqlIdempotencyStore(db) }),
    });
    const [first, second] = [await serve(cutOff.engine), await serve(survivor.engine)];
    const seeded = await seedAccount(cutOff.engine, { plan: "enterprise", quotas: { url: 100 } });
    const used = async (): Promise<number> => {
      const usage = await call(second.url, "GET", "/api/v1/usage", { key: seeded.key });
      return (usage.body as { quotas: Record<string, { used: number }> }).quotas["url"]?.used ?? NaN;
    };
    const request = {
      key: seeded.key,
      body: { url: uniqueUrl("cut-off"), force_refresh: true },
      headers: { "idempotency-key": "order-cut-off" },
    };
    expect((await call(first.url, "POST", "/api/v1/url/lookup", request)).status).toBe(200);
    expect(await used()).toBe(1);
    // Within the lease the key is still held; past it the retry on the other process takes it over.
    expect((await call(second.url, "POST", "/api/v1/url/lookup", request)).status).toBe(409);
    clock.advance(IDEMPOTENCY_LEASE_MS);
    const retried = await call(second.url, "POST", "/api/v1/url/lookup", request);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(source.calls).toBe(2);
    expect(await used()).toBe(1);
    const replayed = await call(first.url, "POST", "/api/v1/url/lookup", request);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await used()).toBe(1);
  });
});
