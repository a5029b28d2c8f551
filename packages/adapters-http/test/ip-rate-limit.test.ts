import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InMemoryRateLimiter } from "@scamverify/core/testing";
import { ipRateLimit } from "@scamverify/adapters-http";

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
