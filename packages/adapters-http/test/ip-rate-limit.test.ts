import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InMemoryRateLimiter } from "@scamverify/core/testing";
import { ipRateLimit, parseTrustedProxies } from "@scamverify/adapters-http";

describe("ipRateLimit", () => {
  let base = "";
  let close: () => void = () => undefined;
  let served = 0;
  beforeAll(async () => {
    const app = express();
    const now = new Date("2026-11-01T00:00:10Z");
    app.use("/api/oauth/token", ipRateLimit({ limiter: new InMemoryRateLimiter(), perMinute: 3, now: () => now }));
    app.post("/api/oauth/token", (_req, res) => {
      served++;
      res.json({ ok: true });
    });
    app.get("/api/oauth/token", (_req, res) => res.json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("lets the first N posts of a minute through, then answers 429 in OAuth's format with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${base}/api/oauth/token`, { method: "POST" })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(served).toBe(3);
    const res = await fetch(`${base}/api/oauth/token`, { method: "POST" });
    expect(res.headers.get("retry-after")).toBe("50");
    expect(await res.json()).toMatchObject({ error: "temporarily_unavailable" });
  });

  it("does not count or limit GET requests", async () => {
    expect((await fetch(`${base}/api/oauth/token`)).status).toBe(200);
  });
});

describe("ipRateLimit behind a load balancer", () => {
  /** A server whose limit is 2 posts a minute, trusting `proxies` (none when undefined); returns its URL. */
  async function serve(proxies: string | undefined): Promise<{ url: string; close: () => void }> {
    const app = express();
    const now = new Date("2026-11-01T00:00:10Z");
    app.use(
      ipRateLimit({
        limiter: new InMemoryRateLimiter(),
        perMinute: 2,
        now: () => now,
        ...(proxies === undefined ? {} : { trustedProxies: parseTrustedProxies(proxies).proxies }),
      }),
    );
    app.post("/signin", (_req, res) => res.json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/signin`, close: () => server.close() };
  }
  const post = async (url: string, forwardedFor: string): Promise<number> =>
    (await fetch(url, { method: "POST", headers: { "x-forwarded-for": forwardedFor } })).status;

  it("ignores X-Forwarded-For unless the peer is trusted: a client cannot reset its count by changing the header", async () => {
    const s = await serve(undefined);
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await post(s.url, `198.51.100.${i}`));
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      s.close();
    }
    const elsewhere = await serve("10.0.0.0/8");
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await post(elsewhere.url, `198.51.100.${i}`));
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      elsewhere.close();
    }
  });

  it("counts each forwarded client apart when the balancer is trusted", async () => {
    const s = await serve("127.0.0.1, ::1");
    try {
      const statuses = [];
      for (const client of ["203.0.113.1", "203.0.113.1", "203.0.113.2", "203.0.113.1", "9.9.9.9, 203.0.113.2"])
        statuses.push(await post(s.url, client));
      // The last one wrote a made-up hop before its own: it still counts as 203.0.113.2.
      expect(statuses).toEqual([200, 200, 200, 429, 200]);
      expect(await post(s.url, "203.0.113.2")).toBe(429);
    } finally {
      s.close();
    }
  });
});
