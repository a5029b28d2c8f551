// Rate limits across API processes with the Redis limiter (TEST_REDIS_URL or REDIS_URL, default 127.0.0.1:6379):
// two apps share one budget; with Redis unreachable each process keeps limiting on its own and the API stays up.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createEngine, PLANS } from "@scamverify/core";
import { RedisRateLimiter } from "@scamverify/persistence";
import { call, engineInMemory, seedAccount, serve, testRedisUrl, type TestServer } from "./support/harness.js";

const opened: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const o of opened.reverse()) await o.close().catch(() => undefined);
});

async function ready(limiter: RedisRateLimiter): Promise<void> {
  if (limiter.client.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    limiter.client.once("ready", () => resolve());
    setTimeout(() => reject(new Error(`Redis at ${testRedisUrl()} is not ready`)), 5_000).unref();
  });
}

function limiter(url: string, keyPrefix: string): RedisRateLimiter {
  const l = new RedisRateLimiter({ url, keyPrefix });
  opened.push({ close: () => l.close() });
  return l;
}

async function started(engine: Parameters<typeof serve>[0]): Promise<TestServer> {
  const s = await serve(engine);
  opened.push(s);
  return s;
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe("Redis rate limiter over HTTP", () => {
  it("two app instances share one per-minute budget", async () => {
    const prefix = `sv:test:${randomBytes(6).toString("hex")}:`;
    const one = limiter(testRedisUrl(), prefix);
    const two = limiter(testRedisUrl(), prefix);
    await Promise.all([ready(one), ready(two)]);
    const kit = engineInMemory({ rateLimiter: one });
    // The second process: same stores (the shared database), its own engine, caches and Redis connection.
    const other = createEngine({ ...kit.deps, rateLimiter: two });
    const [a, b] = [await started(kit.engine), await started(other)];
    const s = await seedAccount(kit.engine, { plan: "free" });
    const limit = PLANS.free.rpm;

    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      const r = await call(i % 2 ? a.url : b.url, "GET", "/api/v1/usage", { key: s.key });
      statuses.push(r.status);
      expect(r.headers.get("ratelimit-remaining")).toBe(String(limit - 1 - i));
    }
    expect(statuses).toEqual(Array(limit).fill(200));
    for (const server of [a, b]) {
      const r = await call(server.url, "GET", "/api/v1/usage", { key: s.key });
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe("rate_limit_exceeded");
    }
    expect(one.backend).toBe("redis");
    expect(two.backend).toBe("redis");
  });

  it("with Redis unreachable, limiting continues in-process and the API stays up", async () => {
    const changes: string[] = [];
    const down = new RedisRateLimiter({
      url: `redis://127.0.0.1:${await closedPort()}`,
      keyPrefix: `sv:test:${randomBytes(6).toString("hex")}:`,
      onBackendChange: (backend) => changes.push(backend),
    });
    opened.push({ close: async () => down.client.disconnect() });
    const kit = engineInMemory({ rateLimiter: down });
    const server = await started(kit.engine);
    const s = await seedAccount(kit.engine, { plan: "free" });
    const limit = PLANS.free.rpm;

    const t0 = performance.now();
    for (let i = 0; i < limit; i++)
      expect((await call(server.url, "GET", "/api/v1/usage", { key: s.key })).status).toBe(200);
    const refused = await call(server.url, "GET", "/api/v1/usage", { key: s.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.retry_after).toBeGreaterThanOrEqual(1);
    // No request waited on the dead Redis.
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(down.backend).toBe("memory");
    expect(changes).toContain("memory");
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(200);
  });
});
