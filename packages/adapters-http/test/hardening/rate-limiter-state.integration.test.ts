// The rate limiter says where it really counts and logs a Redis outage once per change: unreachable at start,
// lost while running, and back again (Redis reached through a TCP relay on 127.0.0.1 the test opens and closes).
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRateLimiter, type ClosableRateLimiter } from "@scamverify/persistence";
import { rateLimiterReady, rateLimiterState } from "../../../persistence/src/create-rate-limiter.js";
import { testRedisUrl } from "../support/harness.js";

interface Line {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}

const opened: ClosableRateLimiter[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

function limiterAt(url: string): { limiter: ClosableRateLimiter; lines: Line[] } {
  const lines: Line[] = [];
  const limiter = createRateLimiter({
    redisUrl: url,
    keyPrefix: `sv:test:state:${Date.now()}:`,
    log: (level, msg, fields) => lines.push({ level, msg, fields }),
  });
  opened.push(limiter);
  return { limiter, lines };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A relay to the test Redis that can be cut and restored on the same port. */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async open(): Promise<void> {
    const target = new URL(testRedisUrl());
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("error", () => undefined);
        s.on("close", () => this.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

async function until(check: () => boolean, timeoutMs = 8_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const W0 = new Date("2026-03-10T12:00:00.000Z");

describe("rate limiter state", () => {
  it("reports Redis unreachable at start, logs it once, and still limits in process", async () => {
    const { limiter, lines } = limiterAt(`redis://127.0.0.1:${await closedPort()}`);
    expect(await rateLimiterReady(limiter, 3_000)).toBe("redis-unavailable");
    for (let i = 0; i < 5; i++) await limiter.hit("k", 3, 60_000, W0);
    expect((await limiter.hit("k", 3, 60_000, W0)).allowed).toBe(false);
    const warnings = lines.filter((l) => l.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields).toMatchObject({ rate_limiter: "redis-unavailable", code: "ECONNREFUSED" });
    expect(JSON.stringify(lines)).not.toContain("redis://");
  });

  it("reports redis while connected, logs a lost connection and its return once each", async () => {
    const relay = new Relay();
    await relay.open();
    const { limiter, lines } = limiterAt(`redis://127.0.0.1:${relay.port}`);
    expect(await rateLimiterReady(limiter, 3_000)).toBe("redis");
    expect(lines).toEqual([{ level: "info", msg: "rate limiter: Redis connected", fields: { rate_limiter: "redis" } }]);

    await relay.cut();
    await until(() => rateLimiterState(limiter) === "redis-unavailable");
    for (let i = 0; i < 5; i++) expect((await limiter.hit("k2", 100, 60_000, W0)).allowed).toBe(true);
    await until(() => lines.some((l) => l.level === "warn"));
    expect(lines.filter((l) => l.level === "warn")).toHaveLength(1);

    await relay.open();
    await until(() => rateLimiterState(limiter) === "redis");
    await until(() => lines.length === 3);
    expect(lines[2]).toMatchObject({ level: "info", msg: "rate limiter: Redis is back; limits are shared" });
    expect((await limiter.hit("k3", 1, 60_000, W0)).allowed).toBe(true);
    expect(lines).toHaveLength(3);
    await relay.cut();
  });

  it("says nothing of an outage when it is closed on shutdown", async () => {
    const { limiter, lines } = limiterAt(testRedisUrl());
    expect(await rateLimiterReady(limiter, 3_000)).toBe("redis");
    opened.splice(opened.indexOf(limiter), 1);
    await limiter.close();
    // The connection's close event comes after quit's reply: give it time to be (wrongly) reported.
    await new Promise((r) => setTimeout(r, 200));
    expect(lines).toEqual([{ level: "info", msg: "rate limiter: Redis connected", fields: { rate_limiter: "redis" } }]);
  });

  it("is in-process without a Redis URL", async () => {
    const limiter = createRateLimiter({});
    expect(rateLimiterState(limiter)).toBe("in-process");
    expect(await rateLimiterReady(limiter)).toBe("in-process");
    await limiter.close();
  });
});
