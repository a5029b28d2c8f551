// The Redis rate limiter against a real Redis (TEST_REDIS_URL, default 127.0.0.1:6379): the contracts (fixed and
// sliding), one limit
// shared by two instances, the in-process fallback on a closed port, and the return to Redis after an outage
// (simulated by a TCP relay on 127.0.0.1 that the test opens and closes).
import { randomBytes } from "node:crypto";
import { connect, createServer } from "node:net";
import type { Server, Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { describeRateLimiterContract, describeSlidingLimiterContract } from "@scamverify/core/testing";
import { RedisRateLimiter, createRateLimiter, failFastRedisOptions } from "@scamverify/persistence";
import { testRedisUrl } from "./support/test-database-url.js";

const runPrefix = `sv:test:${randomBytes(6).toString("hex")}:`;
const prefix = (): string => `${runPrefix}${randomBytes(4).toString("hex")}:`;
const W0 = new Date("2025-03-01T10:00:00.000Z");

const opened: RedisRateLimiter[] = [];
function limiter(url: string, extra: { keyPrefix?: string } = {}): RedisRateLimiter {
  const l = new RedisRateLimiter({ url, keyPrefix: extra.keyPrefix ?? prefix() });
  opened.push(l);
  return l;
}

async function ready(client: Redis): Promise<void> {
  if (client.status === "ready") return;
  await new Promise<void>((resolve) => client.once("ready", () => resolve()));
}

afterAll(async () => {
  const cleaner = new Redis(testRedisUrl());
  const keys = await cleaner.keys(`${runPrefix}*`);
  if (keys.length > 0) await cleaner.del(...keys);
  await cleaner.quit();
  await Promise.all(opened.map((l) => l.close()));
});

describeRateLimiterContract("Redis", async () => {
  const l = limiter(testRedisUrl());
  await ready(l.client);
  return { store: l, cleanup: async () => undefined };
});

describeRateLimiterContract("Redis unreachable (in-process fallback)", async () => ({
  store: limiter("redis://127.0.0.1:1"),
  cleanup: async () => undefined,
}));

describeSlidingLimiterContract("Redis", async () => {
  const l = limiter(testRedisUrl());
  await ready(l.client);
  return { store: l, cleanup: async () => undefined };
});

describeSlidingLimiterContract("Redis unreachable (in-process fallback)", async () => ({
  store: limiter("redis://127.0.0.1:1"),
  cleanup: async () => undefined,
}));

describe("RedisRateLimiter", () => {
  it("counts hits from two instances against one limit", async () => {
    const keyPrefix = prefix();
    const a = limiter(testRedisUrl(), { keyPrefix });
    const b = limiter(testRedisUrl(), { keyPrefix });
    await Promise.all([ready(a.client), ready(b.client)]);
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit("acct-1", 6, 60_000, W0)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(6);
    expect(a.backend).toBe("redis");
    expect(b.backend).toBe("redis");
    // The window's key expires by itself (a full window plus a second), so Redis does not fill up.
    const ttl = await a.client.pttl(`${keyPrefix}60000:${W0.getTime()}:acct-1`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it("answers quickly from the fallback, never throwing, when Redis is on a closed port", async () => {
    const changes: string[] = [];
    const l = new RedisRateLimiter({ url: "redis://127.0.0.1:1", onBackendChange: (b) => changes.push(b) });
    opened.push(l);
    const started = performance.now();
    for (let i = 0; i < 3; i++) await l.hit("acct", 2, 60_000, W0);
    const last = await l.hit("acct", 2, 60_000, W0);
    expect(performance.now() - started).toBeLessThan(200);
    expect(last).toMatchObject({ allowed: false, remaining: 0 });
    expect(l.backend).toBe("memory");
    expect(changes).toEqual(["memory"]);
  });

  it("falls back while Redis is away and returns to it when it comes back", async () => {
    const target = new URL(testRedisUrl());
    const sockets = new Set<Socket>();
    let relay: Server | undefined;
    const openRelay = (port: number): Promise<number> =>
      new Promise((resolve) => {
        relay = createServer((client) => {
          const upstream = connect(Number(target.port || 6379), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on("close", () => sockets.delete(s));
            s.on("error", () => undefined);
          }
          client.pipe(upstream).pipe(client);
        });
        relay.listen(port, "127.0.0.1", () => resolve((relay?.address() as { port: number }).port));
      });
    const closeRelay = async (): Promise<void> => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
    };

    const port = await openRelay(0);
    const client = new Redis(`redis://127.0.0.1:${port}`, {
      ...failFastRedisOptions(),
      retryStrategy: () => 50,
    });
    const keyPrefix = prefix();
    const changes: string[] = [];
    const l = new RedisRateLimiter({ client, keyPrefix, onBackendChange: (b) => changes.push(b) });
    opened.push(l);
    const direct = limiter(testRedisUrl(), { keyPrefix });
    await Promise.all([ready(client), ready(direct.client)]);
    try {
      await l.hit("acct", 100, 60_000, W0);
      expect(l.backend).toBe("redis");

      await closeRelay();
      await new Promise<void>((resolve) =>
        client.status === "ready" ? client.once("close", () => resolve()) : resolve(),
      );
      expect(await l.hit("acct", 100, 60_000, W0)).toMatchObject({ allowed: true });
      expect(l.backend).toBe("memory");

      await openRelay(port);
      await ready(client);
      await l.hit("acct", 100, 60_000, W0);
      expect(l.backend).toBe("redis");
      expect(changes).toEqual(["redis", "memory", "redis"]);
      // Two hits reached Redis (before and after the outage), plus this one from the other instance.
      expect(await direct.hit("acct", 100, 60_000, W0)).toMatchObject({ remaining: 97 });
    } finally {
      await closeRelay();
    }
  });

  it("createRateLimiter uses Redis when given a URL and the in-process limiter otherwise", async () => {
    const withRedis = createRateLimiter({ redisUrl: testRedisUrl(), keyPrefix: prefix() });
    try {
      expect(withRedis).toBeInstanceOf(RedisRateLimiter);
      await ready((withRedis as RedisRateLimiter).client);
      expect(await withRedis.hit("k", 1, 1000, W0)).toMatchObject({ allowed: true });
      expect((withRedis as RedisRateLimiter).backend).toBe("redis");
    } finally {
      await withRedis.close();
    }
    const local = createRateLimiter({});
    expect(local).not.toBeInstanceOf(RedisRateLimiter);
    expect(await local.hit("k", 1, 1000, W0)).toMatchObject({ allowed: true });
    expect(await local.hit("k", 1, 1000, W0)).toMatchObject({ allowed: false });
    await local.close();
  });
});
