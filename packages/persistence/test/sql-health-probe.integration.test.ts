// The health probe against a real server, a closed port and a server that accepts connections but never answers.
import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreError } from "@scamverify/core";
import { SqlHealthProbe, createPostgresDb } from "@scamverify/persistence";
import { testDatabaseUrl } from "./support/test-database-url.js";

describe("SqlHealthProbe", () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("answers true when PostgreSQL answers", async () => {
    const db = await createPostgresDb({ connectionString: testDatabaseUrl() });
    try {
      expect(await new SqlHealthProbe(db).databaseReachable(1000)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it("answers false in under 1.5 s for a closed port", async () => {
    const db = await createPostgresDb({ connectionString: "postgres://postgres@127.0.0.1:1/test" });
    try {
      const started = performance.now();
      expect(await new SqlHealthProbe(db).databaseReachable(1000)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await db.close();
    }
  });

  it("answers false within the timeout when the server accepts but never answers", async () => {
    const db = await createPostgresDb({
      connectionString: `postgres://postgres@127.0.0.1:${silentPort}/test`,
      connectionTimeoutMs: 10_000,
    });
    try {
      const started = performance.now();
      expect(await new SqlHealthProbe(db).databaseReachable(300)).toBe(false);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(1000);
    } finally {
      for (const s of sockets) s.destroy();
      await db.close().catch(() => undefined);
    }
  });

  it("answers false when the query rejects with a StoreError", async () => {
    const failing = {
      query: async () => {
        throw new StoreError("unavailable", "down", true);
      },
    };
    expect(await new SqlHealthProbe(failing).databaseReachable(1000)).toBe(false);
  });

  it("answers false when the query never settles", async () => {
    const hanging = { query: () => new Promise<never>(() => undefined) };
    expect(await new SqlHealthProbe(hanging).databaseReachable(50)).toBe(false);
  });
});
