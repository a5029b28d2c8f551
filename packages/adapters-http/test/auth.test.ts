// Authentication and tenant isolation over HTTP, on real SQL stores (one PGlite for the file): missing, unknown,
// malformed and revoked keys; revocation at once on the engine that revoked and within the auth cache window on
// another engine sharing the database; and no way to name another account through the API.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@scamverify/persistence";
import { call, engineOver, seedAccount, serve, type EngineKit, type TestServer } from "./support/harness.js";
import { usePglite } from "./support/file-hooks.js";

// Real SQL under concurrent HTTP load; a busy machine can stretch a test past the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

const getDb = usePglite();
let db: Db;
let a: EngineKit;
let b: EngineKit;
let serverA: TestServer;
let serverB: TestServer;

beforeAll(async () => {
  db = await getDb();
  a = engineOver(db);
  b = engineOver(db);
  serverA = await serve(a.engine);
  serverB = await serve(b.engine);
}, 120_000);

afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
});

const lookup = (server: TestServer, key?: string, headers: Record<string, string> = {}) =>
  call(server.url, "POST", "/api/v1/url/lookup", {
    ...(key !== undefined ? { key } : {}),
    headers,
    body: { url: "https://auth-check.example.com" },
  });

describe("authentication", () => {
  it("no Authorization header is 401 missing_api_key with a message stating the Bearer format", async () => {
    for (const r of [await lookup(serverA), await call(serverA.url, "GET", "/api/v1/usage")]) {
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe("missing_api_key");
      expect(r.body.error.message).toContain("Authorization: Bearer <API_KEY>");
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer /);
    }
  });

  it("unknown and malformed keys are 401 invalid_api_key", async () => {
    const unknown = `sv_live_${"A".repeat(43)}`;
    const cases: Record<string, string> = {
      unknown: `Bearer ${unknown}`,
      "unknown test key": `Bearer sv_test_${"B".repeat(43)}`,
      "too short": "Bearer sv_live_abc",
      "wrong prefix": `Bearer sk_live_${"C".repeat(43)}`,
      "no scheme": unknown,
      "basic scheme": "Basic dXNlcjpwYXNz",
      "bearer without token": "Bearer",
      "two tokens": `Bearer ${unknown} extra`,
    };
    for (const [name, header] of Object.entries(cases)) {
      const r = await lookup(serverA, undefined, { authorization: header });
      expect(r.status, name).toBe(401);
      expect(r.body.error.code, name).toBe("invalid_api_key");
      expect(r.headers.get("www-authenticate"), name).toContain('error="invalid_token"');
    }
  });

  it("a revoked key is refused at once by the engine that revoked it", async () => {
    const s = await seedAccount(a.engine, { plan: "enterprise", rpm: 10_000 });
    expect((await lookup(serverA, s.key)).status).toBe(200);
    const revoked = await a.engine.keys.revoke(s.accountId, s.keyId);
    expect(revoked.isOk()).toBe(true);
    const r = await lookup(serverA, s.key);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_api_key");
    expect((await call(serverA.url, "GET", "/api/v1/usage", { key: s.key })).status).toBe(401);
  });

  it("a key revoked on one engine is refused by another sharing the database within 5 s", async () => {
    const s = await seedAccount(a.engine, { plan: "enterprise", rpm: 10_000 });
    // B has read and trusted the key (its process cache holds it).
    expect((await lookup(serverB, s.key)).status).toBe(200);
    expect((await a.engine.keys.revoke(s.accountId, s.keyId)).isOk()).toBe(true);
    expect((await lookup(serverA, s.key)).status).toBe(401);

    const window = b.engine.config.authCacheMs;
    expect(window).toBeLessThanOrEqual(5_000);
    b.clock.advance(window + 1);
    const r = await lookup(serverB, s.key);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_api_key");
    // And it stays refused.
    b.clock.advance(60_000);
    expect((await lookup(serverB, s.key)).status).toBe(401);
  });

  it("a new key works at once on every engine sharing the database", async () => {
    const s = await seedAccount(a.engine, { plan: "enterprise", rpm: 10_000 });
    expect((await lookup(serverB, s.key)).status).toBe(200);
    expect((await lookup(serverA, s.key)).status).toBe(200);
  });
});

describe("tenant isolation", () => {
  it("an account's keys and usage are invisible and untouchable from another account", async () => {
    const alice = await seedAccount(a.engine, { plan: "starter" });
    const bob = await seedAccount(a.engine, { plan: "business" });

    const aliceKeys = await a.engine.keys.list(alice.accountId);
    expect(aliceKeys._unsafeUnwrap().map((k) => k.id)).toEqual([alice.keyId]);
    for (const r of [
      await a.engine.keys.revoke(alice.accountId, bob.keyId),
      await a.engine.keys.rename(alice.accountId, bob.keyId, "stolen"),
    ]) {
      expect(r.isErr() && r.error.code).toBe("not_found");
    }
    // Bob's key still works and still has its name.
    expect((await lookup(serverA, bob.key)).status).toBe(200);
    expect((await a.engine.keys.list(bob.accountId))._unsafeUnwrap()[0]?.name).not.toBe("stolen");
  });

  it("the API has no parameter that names an account: usage is always the caller's own", async () => {
    const alice = await seedAccount(a.engine, { plan: "starter" });
    const bob = await seedAccount(a.engine, { plan: "business" });
    const attempts = [
      `/api/v1/usage?account_id=${bob.accountId}`,
      `/api/v1/usage?account=${bob.accountId}`,
      `/api/v1/usage/${bob.accountId}`,
      `/api/v1/accounts/${bob.accountId}/usage`,
      `/api/v1/accounts/${bob.accountId}/keys`,
      `/api/v1/keys`,
    ];
    for (const path of attempts) {
      const r = await call(serverA.url, "GET", path, { key: alice.key, headers: { "x-account-id": bob.accountId } });
      if (r.status === 200) expect(r.body.plan, path).toBe("starter");
      else expect(r.status, path).toBe(404);
    }
    const doc = (await call(serverA.url, "GET", "/api/v1/openapi.json")).body as { paths: Record<string, unknown> };
    const text = JSON.stringify(doc.paths);
    // The only path parameters are a job's id and a list's name and entry id, which answer 404 outside their own
    // account (the job and list tests check it).
    const own = /^\/api\/v1\/(jobs\/\{id\}|lists\/\{list\})/;
    expect(Object.keys(doc.paths).filter((p) => p.includes("{") && !own.test(p))).toEqual([]);
    expect(text).not.toMatch(/"account_?id"/i);
  });
});
