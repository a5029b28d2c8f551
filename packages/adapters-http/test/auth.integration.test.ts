// Revocation across two API processes on PostgreSQL: each has its own pool and its own auth cache; a key revoked
// through one is refused by the other once that process's auth cache window (4 s by its clock) has passed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  engineOver,
  postgresSchema,
  seedAccount,
  serve,
  type EngineKit,
  type TestServer,
} from "./support/harness.js";

const pg = postgresSchema();
let a: EngineKit;
let b: EngineKit;
let serverA: TestServer;
let serverB: TestServer;

beforeAll(async () => {
  a = engineOver(await pg.open());
  b = engineOver(await pg.open());
  serverA = await serve(a.engine);
  serverB = await serve(b.engine);
});

afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  await pg.drop();
});

const usage = (server: TestServer, key: string) => call(server.url, "GET", "/api/v1/usage", { key });

describe("revocation across processes on PostgreSQL", () => {
  it("is immediate where it was made and within 5 s everywhere else", async () => {
    const s = await seedAccount(a.engine, { plan: "enterprise", rpm: 10_000 });
    expect((await usage(serverA, s.key)).status).toBe(200);
    expect((await usage(serverB, s.key)).status).toBe(200);
    expect((await a.engine.keys.revoke(s.accountId, s.keyId)).isOk()).toBe(true);
    expect((await usage(serverA, s.key)).status).toBe(401);
    b.clock.advance(b.engine.config.authCacheMs + 1);
    const r = await usage(serverB, s.key);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_api_key");
  });

  it("keys of one account are invisible to another across processes", async () => {
    const alice = await seedAccount(a.engine);
    const bob = await seedAccount(b.engine);
    const r = await b.engine.keys.revoke(alice.accountId, bob.keyId);
    expect(r.isErr() && r.error.code).toBe("not_found");
    expect((await usage(serverA, bob.key)).status).toBe(200);
  });
});
