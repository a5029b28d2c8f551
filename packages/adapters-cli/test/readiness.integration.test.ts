// /readyz of `serve`'s wiring against PostgreSQL that goes away and comes back. The machine's PostgreSQL is shared,
// so it is never stopped: the app reaches it through a TCP relay on 127.0.0.1 that the test closes (every
// connection cut, the port refusing) and opens again on the same port. /healthz answers 200 throughout.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp, silentLogger } from "@scamverify/adapters-http";
import { createEngine } from "@scamverify/core";
import { NodeHasher, NodeIds, createDatabase, createStores, type Db } from "@scamverify/persistence";
import { inMemoryEngineDeps } from "@scamverify/core/testing";
import { runtimeReadiness } from "../src/readiness.js";

const TARGET_PORT = 5432;

/** Relays 127.0.0.1:<port> to PostgreSQL; `down` cuts every connection and stops listening, `up` listens again. */
class Relay {
  private server: TcpServer | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async up(): Promise<void> {
    if (this.server !== null) return;
    const server = createTcpServer((client) => {
      const upstream = connect(TARGET_PORT, "127.0.0.1");
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", resolve);
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function testDatabaseUrl(): URL {
  return new URL(process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test");
}

describe("/readyz when PostgreSQL goes away", () => {
  const relay = new Relay();
  const schema = `t_ready_${randomBytes(5).toString("hex")}`;
  let db: Db;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    await relay.up();
    const url = testDatabaseUrl();
    url.host = `127.0.0.1:${relay.port}`;
    db = await createDatabase({ databaseUrl: url.href, dataDir: "unused", schema });
    const stores = createStores(db);
    const engine = createEngine(inMemoryEngineDeps({ hasher: new NodeHasher(), ids: new NodeIds() }));
    const app = createHttpApp({
      engine,
      logger: silentLogger,
      readiness: runtimeReadiness({ db, stores, indexesLoaded: true }, { documentsReady: () => true }),
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await relay.up();
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    await relay.down();
  });

  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const r = await fetch(`${base}${path}`);
    return { status: r.status, body: await r.json() };
  };

  it("turns 503 within 5 s of the database going away and 200 once it is back; /healthz stays 200", async () => {
    expect(await get("/readyz")).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok", migrations: "ok", readers: "ok" } },
    });

    await relay.down();
    const wentAway = performance.now();
    const down = await get("/readyz");
    // One probe answers: the check is bounded (1 s probe, 2 s per check), well inside the 5 s asked of it.
    expect(performance.now() - wentAway).toBeLessThan(5_000);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: "not_ready", reason: "database: unreachable" });
    expect(await get("/healthz")).toEqual({ status: 200, body: { status: "ok" } });

    await relay.up();
    const back = await get("/readyz");
    expect(back.status).toBe(200);
    expect(await get("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("names the migrations a database lacks", async () => {
    await db.query("DELETE FROM schema_migrations WHERE name = '007_idempotency_keys.sql'");
    try {
      const checks = runtimeReadiness(
        { db, stores: createStores(db), indexesLoaded: true },
        { documentsReady: () => false },
      );
      const reasons = Object.fromEntries(await Promise.all(checks.map(async (c) => [c.name, await c.run()])));
      expect(reasons).toEqual({
        database: null,
        migrations: "pending 007_idempotency_keys.sql",
        readers: "document reader warming up",
      });
    } finally {
      await db.query("INSERT INTO schema_migrations (name) VALUES ('007_idempotency_keys.sql') ON CONFLICT DO NOTHING");
    }
  });
});
