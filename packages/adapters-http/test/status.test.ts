// GET /api/v1/status over HTTP: one component per channel plus the database and the AI model, the 30-second cache (by the engine's clock), 503 with the same
// body while the database is down, and recovery when it returns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StatusSchema } from "@scamverify/core";
import { call, engineInMemory, serve, SwitchableHealth, type TestServer } from "./support/harness.js";
import type { FixedClock } from "@scamverify/core/testing";

const health = new SwitchableHealth();
let server: TestServer;
let clock: FixedClock;

beforeAll(async () => {
  const kit = engineInMemory({ health, config: { version: "9.8.7" } });
  clock = kit.clock;
  server = await serve(kit.engine);
});

afterAll(async () => {
  await server.close();
});

describe("GET /api/v1/status", () => {
  it("is 200 operational with a component per channel, the version and a timestamp, without authentication", async () => {
    const r = await call(server.url, "GET", "/api/v1/status");
    expect(r.status).toBe(200);
    expect(StatusSchema.parse(r.body)).toEqual(r.body);
    expect(r.body.status).toBe("operational");
    expect(Object.keys(r.body.components).sort()).toEqual(
      [
        "ai_inference",
        "database",
        "document_analysis",
        "email_analysis",
        "phone_lookup",
        "qr_analysis",
        "text_analysis",
        "url_lookup",
      ].sort(),
    );
    expect(r.body.components).toMatchObject({
      database: "operational",
      url_lookup: "operational",
      phone_lookup: "operational",
      text_analysis: "operational",
      email_analysis: "operational",
      document_analysis: "operational",
      qr_analysis: "operational",
      // No model is configured: said so, never "operational".
      ai_inference: "not_configured",
    });
    expect(r.body.version).toBe("9.8.7");
    expect(r.body.timestamp).toBe(clock.now().toISOString());
    expect(r.headers.get("cache-control")).toContain("max-age=30");
  });

  it("serves the same snapshot within 30 s and a fresh one after", async () => {
    const first = await call(server.url, "GET", "/api/v1/status");
    clock.advance(29_000);
    const cached = await call(server.url, "GET", "/api/v1/status");
    expect(cached.body.timestamp).toBe(first.body.timestamp);
    clock.advance(1_500);
    const fresh = await call(server.url, "GET", "/api/v1/status");
    expect(fresh.body.timestamp).toBe(clock.now().toISOString());
    expect(fresh.body.timestamp).not.toBe(first.body.timestamp);
  });

  it("does not probe the database on every request", async () => {
    clock.advance(60_000);
    await call(server.url, "GET", "/api/v1/status");
    const probes = health.probes;
    await Promise.all(Array.from({ length: 20 }, () => call(server.url, "GET", "/api/v1/status")));
    expect(health.probes).toBe(probes);
  });

  it("answers 503 with the status body while the database is down, and recovers", async () => {
    health.up = false;
    clock.advance(501);
    const down = await call(server.url, "GET", "/api/v1/status");
    expect(down.status).toBe(503);
    expect(StatusSchema.parse(down.body)).toEqual(down.body);
    expect(down.body.status).toBe("unavailable");
    expect(down.body.components.database).toBe("unavailable");
    expect(down.body.components.url_lookup).toBe("unavailable");

    // Still down within the 30 s snapshot: the outage is not hidden by the cache, nor is recovery.
    clock.advance(500);
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(503);

    health.up = true;
    clock.advance(501);
    const back = await call(server.url, "GET", "/api/v1/status");
    expect(back.status).toBe(200);
    expect(back.body.status).toBe("operational");
    expect(back.body.components.database).toBe("operational");
  });

  it("shows an outage within 1.5 s of engine time however recently it last probed", async () => {
    clock.advance(60_000);
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(200);
    health.up = false;
    clock.advance(1_500);
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(503);
    health.up = true;
    clock.advance(1_500);
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(200);
  });
});
