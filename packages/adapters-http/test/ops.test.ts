// The operators' routes over HTTP: /healthz always answers, /readyz says which check fails, /metrics carries the
// named series with route templates and outcome words, never a URL, a message, a key or a token, and is only for
// a bearer of the configured token (else for loopback clients).
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createHttpMetrics, type HttpAppOptions } from "../src/index.js";
import { metricsRefusal } from "../src/ops.js";
import {
  CountingSource,
  type SwitchableHealth,
  call,
  engineInMemory,
  seedAccount,
  type TestServer,
} from "./support/harness.js";
import { useServers } from "./support/file-hooks.js";
import type { Engine } from "@scamverify/core";

const serve = useServers();

const start = (engine: Engine, options: Omit<HttpAppOptions, "engine" | "logger"> = {}): Promise<TestServer> =>
  serve(engine, undefined, options);

/** The value of one sample line of the exposition (undefined when the series is absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /healthz", () => {
  it("answers 200 while the process is alive, even when the database is down", async () => {
    const kit = engineInMemory();
    const s = await start(kit.engine, { readiness: [{ name: "database", run: async () => "unreachable" }] });
    const r = await call(s.url, "GET", "/healthz");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok" });
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect((await call(s.url, "GET", "/readyz")).status).toBe(503);
  });
});

describe("GET /readyz", () => {
  it("is 200 with every check ok, and 503 naming the first failing check", async () => {
    const kit = engineInMemory();
    let migrations: string | null = null;
    const s = await start(kit.engine, {
      readiness: [
        { name: "database", run: async () => null },
        { name: "migrations", run: async () => migrations },
        { name: "readers", run: async () => null },
      ],
    });
    const ok = await call(s.url, "GET", "/readyz");
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", readers: "ok" } });
    migrations = "pending 007_idempotency_keys.sql";
    const not = await call(s.url, "GET", "/readyz");
    expect(not.status).toBe(503);
    expect(not.body).toEqual({
      status: "not_ready",
      checks: { database: "ok", migrations: "pending 007_idempotency_keys.sql", readers: "ok" },
      reason: "migrations: pending 007_idempotency_keys.sql",
    });
  });

  it("counts a check that throws as failed", async () => {
    const kit = engineInMemory();
    const s = await start(kit.engine, {
      readiness: [
        {
          name: "database",
          run: () => Promise.reject(new Error("boom")),
        },
      ],
    });
    const r = await call(s.url, "GET", "/readyz");
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ checks: { database: "failed" }, reason: "database: failed" });
  });

  it("follows the engine's view of the database by default", async () => {
    const kit = engineInMemory();
    const s = await start(kit.engine);
    expect((await call(s.url, "GET", "/readyz")).status).toBe(200);
    (kit.deps.health as SwitchableHealth).up = false;
    // The engine re-probes at most every 500 ms of its clock: moving the clock lets the next probe through.
    kit.clock.advance(1_000);
    const r = await call(s.url, "GET", "/readyz");
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ reason: "database: unreachable" });
  });
});

describe("GET /metrics", () => {
  it("serves the named series, with route templates and no content, keys or URLs", async () => {
    const source = new CountingSource(
      async () => undefined,
      () => ({ status: "ok" }),
    );
    const kit = engineInMemory({ urlSources: [source] });
    const depth = { pdf: 2, ocr: 3 };
    const metrics = createHttpMetrics({ documentQueue: () => depth });
    const engine = (await import("@scamverify/core")).createEngine({ ...kit.deps, telemetry: metrics.telemetry });
    const s = await start(engine, { metrics });
    const seeded = await seedAccount(engine, { plan: "enterprise", quotas: { url: 1 } });
    const secretUrl = "https://secret-marker-host.example.com/private/path?token=hunter2";
    const first = await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body: { url: secretUrl } });
    expect(first.status).toBe(200);
    expect(
      (await call(s.url, "POST", "/api/v1/url/lookup", { key: seeded.key, body: { url: secretUrl } })).status,
    ).toBe(200);
    // The quota of 1 is spent: another URL is refused.
    const refused = await call(s.url, "POST", "/api/v1/url/lookup", {
      key: seeded.key,
      body: { url: "https://another-marker.example.com/" },
    });
    expect(refused.status).toBe(402);
    const message = "Your parcel is held, pay the secret-marker-fee at once";
    expect(
      (await call(s.url, "POST", "/api/v1/text/analyze", { key: seeded.key, body: { text: message } })).status,
    ).toBe(200);
    await call(s.url, "GET", `/no/such/secret-marker-route?key=${seeded.key}`);

    const r = await fetch(`${s.url}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await r.text();
    const verdict = (first.body as { verdict: string }).verdict;

    expect(sample(text, 'scamverify_http_requests_total{route="/api/v1/url/lookup",method="POST",status="200"}')).toBe(
      2,
    );
    expect(sample(text, 'scamverify_http_requests_total{route="/api/v1/url/lookup",method="POST",status="402"}')).toBe(
      1,
    );
    expect(sample(text, 'scamverify_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'scamverify_http_request_duration_seconds_count{route="/api/v1/url/lookup"}')).toBe(3);
    expect(sample(text, `scamverify_verdicts_total{channel="url",verdict="${verdict}"}`)).toBe(2);
    expect(sample(text, 'scamverify_source_requests_total{source="scripted_feed",outcome="ok"}')).toBe(1);
    expect(sample(text, 'scamverify_source_request_duration_seconds_count{source="scripted_feed"}')).toBe(1);
    expect(sample(text, 'scamverify_cache_lookups_total{result="hit"}')).toBe(1);
    expect(sample(text, 'scamverify_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'scamverify_refusals_total{reason="quota_exhausted"}')).toBe(1);
    expect(sample(text, 'scamverify_document_queue_depth{stage="pdf"}')).toBe(2);
    expect(sample(text, 'scamverify_document_queue_depth{stage="ocr"}')).toBe(3);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);

    for (const leak of ["secret-marker", "hunter2", "example.com", "parcel", seeded.key, seeded.key.slice(0, 12)]) {
      expect(text).not.toContain(leak);
    }
  });

  it("puts each duration in its bucket, cumulative in the exposition", async () => {
    const metrics = createHttpMetrics({ defaultMetrics: false });
    for (const seconds of [0.0003, 0.003, 0.004, 100]) metrics.observeRequest("/healthz", "GET", 200, seconds);
    metrics.observeRequest("/healthz", "BREW", 418, 0.0001);
    const text = (await metrics.render()).body;
    const bucket = (le: string): number | undefined =>
      sample(text, `scamverify_http_request_duration_seconds_bucket{route="/healthz",le="${le}"}`);
    expect(bucket("0.0005")).toBe(2);
    expect(bucket("0.0025")).toBe(2);
    expect(bucket("0.005")).toBe(4);
    expect(bucket("30")).toBe(4);
    expect(bucket("+Inf")).toBe(5);
    expect(sample(text, 'scamverify_http_request_duration_seconds_count{route="/healthz"}')).toBe(5);
    expect(sample(text, 'scamverify_http_request_duration_seconds_sum{route="/healthz"}')).toBeCloseTo(100.0074, 6);
    expect(sample(text, 'scamverify_http_requests_total{route="/healthz",method="GET",status="200"}')).toBe(4);
    expect(sample(text, 'scamverify_http_requests_total{route="/healthz",method="OTHER",status="418"}')).toBe(1);
    expect(text).toContain("# TYPE scamverify_http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE scamverify_http_requests_total counter");
  });

  it("counts rate-limit refusals", async () => {
    const kit = engineInMemory();
    const metrics = createHttpMetrics({ defaultMetrics: false });
    const engine = (await import("@scamverify/core")).createEngine({ ...kit.deps, telemetry: metrics.telemetry });
    const s = await start(engine, { metrics });
    const seeded = await seedAccount(engine, { plan: "enterprise", rpm: 1 });
    await call(s.url, "GET", "/api/v1/usage", { key: seeded.key });
    expect((await call(s.url, "GET", "/api/v1/usage", { key: seeded.key })).status).toBe(429);
    const text = (await metrics.render()).body;
    expect(sample(text, 'scamverify_refusals_total{reason="rate_limit_exceeded"}')).toBe(1);
    expect(sample(text, 'scamverify_http_requests_total{route="/api/v1/usage",method="GET",status="429"}')).toBe(1);
  });

  it("keeps each app's registry apart", async () => {
    const a = await start(engineInMemory().engine);
    const b = await start(engineInMemory().engine);
    await call(a.url, "GET", "/healthz");
    await call(a.url, "GET", "/healthz");
    await call(b.url, "GET", "/healthz");
    const series = 'scamverify_http_requests_total{route="/healthz",method="GET",status="200"}';
    expect(sample(await (await fetch(`${a.url}/metrics`)).text(), series)).toBe(2);
    expect(sample(await (await fetch(`${b.url}/metrics`)).text(), series)).toBe(1);
  });

  it("asks for the configured bearer token", async () => {
    const token = "metrics-token-0123456789abcdef";
    const s = await start(engineInMemory().engine, { metricsToken: token });
    const none = await call(s.url, "GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { code: "invalid_token" } });
    expect((await call(s.url, "GET", "/metrics", { key: `${token}x` })).status).toBe(401);
    expect((await call(s.url, "GET", "/metrics", { key: token.slice(0, -1) })).status).toBe(401);
    const ok = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("scamverify_http_requests_total");
  });

  it("is refused to a client that is not on this machine when no token is configured", () => {
    const from = (remoteAddress: string, authorization?: string): IncomingMessage =>
      ({
        socket: { remoteAddress },
        headers: authorization === undefined ? {} : { authorization },
      }) as unknown as IncomingMessage;
    expect(metricsRefusal(from("127.0.0.1"), undefined)).toBeNull();
    expect(metricsRefusal(from("::1"), undefined)).toBeNull();
    expect(metricsRefusal(from("::ffff:127.0.0.1"), undefined)).toBeNull();
    expect(metricsRefusal(from("10.1.2.3"), undefined)?.code).toBe("forbidden");
    expect(metricsRefusal(from("::ffff:192.168.0.4"), undefined)?.code).toBe("forbidden");
    // With a token, the address does not matter: the token does.
    expect(metricsRefusal(from("10.1.2.3", "Bearer right-token-0123456789"), "right-token-0123456789")).toBeNull();
    expect(metricsRefusal(from("127.0.0.1"), "right-token-0123456789")?.code).toBe("invalid_token");
  });

  it("is absent from an app made without metrics", async () => {
    const s = await start(engineInMemory().engine, { metrics: false });
    expect((await call(s.url, "GET", "/metrics")).status).toBe(404);
    expect((await call(s.url, "GET", "/healthz")).status).toBe(200);
  });
});
