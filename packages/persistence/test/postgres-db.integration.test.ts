// Pool behaviour of the PostgreSQL Db: queueing for a busy pool is not an outage; a dead server still is, fast.
import { createServer } from "node:net";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { StoreError } from "@scamverify/core";
import { createPostgresDb } from "@scamverify/persistence";
import { testDatabaseUrl } from "./support/test-database-url.js";

describe("createPostgresDb pool", () => {
  it("lets queries wait for a busy pool longer than the connection timeout", async () => {
    const db = await createPostgresDb({ connectionString: testDatabaseUrl(), max: 1, connectionTimeoutMs: 500 });
    try {
      // One connection, five 0.25 s statements: the last waits about 1 s for the connection.
      const results = await Promise.all(
        Array.from({ length: 5 }, () => db.query<{ ok: number }>("SELECT 1::int AS ok FROM pg_sleep(0.25)")),
      );
      expect(results.map((r) => r.rows[0]?.ok)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await db.close();
    }
  });

  it("still fails a connection to a silent server within the connection timeout, as unavailable", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((s) => {
      sockets.add(s);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const db = await createPostgresDb({
      connectionString: `postgres://postgres@127.0.0.1:${port}/test`,
      connectionTimeoutMs: 300,
    });
    try {
      const started = performance.now();
      const err = await db.query("SELECT 1").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as StoreError).kind).toBe("unavailable");
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      for (const s of sockets) s.destroy();
      await db.close().catch(() => undefined);
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
