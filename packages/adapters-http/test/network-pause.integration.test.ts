// The network inspector's pause as users see it: while nothing answers, not even the RDAP service (a port on
// 127.0.0.1 that refuses connections), a URL result lists the network source as unavailable with the time it tries
// again, the lookup is never called safe on that account, and GET /api/v1/status shows url_lookup degraded with the
// paused source, without naming any site. A minute later (the engine's clock, moved by the test) all is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedClock } from "@scamverify/core/testing";
import type { Resolver } from "../../providers/src/net/address-guard.js";
import { createSafeFetcher } from "../../providers/src/net/safe-fetch.js";
import { createNetworkInspector } from "../../providers/src/network/network-inspector.js";
import { call, engineInMemory, seedAccount, serve, T0, unlimited, type TestServer } from "./support/harness.js";
import { startLocalServer } from "../../providers/test/support/local-server.js";

const resolver: Resolver = async (name) =>
  name.endsWith(".test") || name === "example.com" ? [{ address: "127.0.0.1", family: 4 }] : [];
const fetcher = createSafeFetcher({ resolver, allowLoopbackForTests: true });
const clock = new FixedClock(T0);

let server: TestServer;
let key: string;
let refusing: number;

beforeAll(async () => {
  const closed = await startLocalServer();
  refusing = closed.port;
  await closed.close();
  const inspector = createNetworkInspector({
    fetcher,
    clock,
    resolver,
    rdapBootstrapUrl: `http://127.0.0.1:${refusing}/bootstrap.json`,
    partTimeoutMs: 2_000,
  });
  const kit = engineInMemory({ clock, rateLimiter: unlimited, urlSources: [inspector] });
  server = await serve(kit.engine);
  ({ key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 }));
});

afterAll(async () => {
  await server.close();
  await fetcher.close();
});

describe("a paused network inspector", () => {
  it("shows in the result's sources and in the status resource until it tries again", async () => {
    const until = new Date(clock.now().getTime() + 60_000).toISOString();
    const status0 = await call(server.url, "GET", "/api/v1/status");
    expect(status0.body.status).toBe("operational");
    expect(status0.body.paused_sources).toBeUndefined();

    const first = await call(server.url, "POST", "/api/v1/url/lookup", {
      key,
      body: { url: `http://parcel-fees.test:${refusing}/pay` },
    });
    expect(first.status).toBe(200);
    const network = first.body.sources.find((s: { name: string }) => s.name === "network");
    expect(network).toMatchObject({ status: "unavailable", until });
    expect(network.reason).toContain(`paused until ${until}`);
    expect(first.body.sources_checked).not.toContain("network");
    expect(first.body.verdict).not.toBe("safe");

    clock.advance(1_000);
    const during = await call(server.url, "POST", "/api/v1/url/lookup", {
      key,
      body: { url: "https://well-known-shop.test/" },
    });
    expect(during.body.sources.find((s: { name: string }) => s.name === "network")).toEqual({
      name: "network",
      status: "unavailable",
      reason: `no network: nothing could be reached (fetch, rdap); paused until ${until}`,
      until,
    });
    expect(during.body.verdict).not.toBe("safe");
    expect(during.body.explanation).toContain("network");

    const status = await call(server.url, "GET", "/api/v1/status");
    expect(status.status).toBe(200);
    expect(status.body.status).toBe("degraded");
    expect(status.body.components.url_lookup).toBe("degraded");
    expect(status.body.components.database).toBe("operational");
    expect(status.body.paused_sources).toEqual([
      { name: "network", component: "url_lookup", until, reason: "no network: nothing could be reached (fetch, rdap)" },
    ]);
    expect(JSON.stringify(status.body)).not.toContain("parcel-fees");

    clock.advance(59_000);
    const after = await call(server.url, "GET", "/api/v1/status");
    expect(after.body.status).toBe("operational");
    expect(after.body.components.url_lookup).toBe("operational");
    expect(after.body.paused_sources).toBeUndefined();
  });
});
