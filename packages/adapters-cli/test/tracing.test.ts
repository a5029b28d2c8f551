// Tracing in `scamverify serve`: off without an OTLP endpoint; with one (from the environment, as an operator sets
// it) the server exports a span per request to the collector and flushes what it holds when it is stopped.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { openTracing } from "../src/tracing.js";
import { attrs, receiver, spansOf } from "../../adapters-http/test/support/otlp-receiver.js";

const host = { platform: "linux" as const, home: "/home/x", inClone: false };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe("tracing configuration", () => {
  it("reads the OTLP variables, refuses gRPC, and leaves tracing off without an endpoint", async () => {
    const on = loadConfig(
      {},
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: "scamverify-eu",
        SCAMVERIFY_JOB_RETENTION_DAYS: "2.5",
      },
      host,
    );
    expect(on).toMatchObject({
      otlpEndpoint: "http://127.0.0.1:4318",
      otlpProtocol: "http/json",
      otelServiceName: "scamverify-eu",
      jobRetentionDays: 2.5,
    });
    expect(() => loadConfig({}, { OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, host)).toThrow();
    const off = loadConfig({}, {}, host);
    expect(off.jobRetentionDays).toBe(7);
    expect(await openTracing(off)).toBeUndefined();
  });
});

describe("scamverify serve with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("exports request spans to the collector and flushes them on SIGTERM", async () => {
    const r = await receiver();
    cleanup.push(() => new Promise((done) => r.server.close(() => done())));
    const bin = fileURLToPath(new URL("../src/bin.ts", import.meta.url));
    const child = spawn(
      process.execPath,
      ["--conditions=source", "--import", "tsx", bin, "serve", "--port", "0", "--host", "127.0.0.1", "--no-network"],
      {
        stdio: ["ignore", "pipe", "inherit"],
        env: {
          ...process.env,
          NODE_OPTIONS: "",
          BASE_URL: "http://127.0.0.1:8080",
          SCAMVERIFY_DATA_DIR: mkdtempSync(join(tmpdir(), "sv-tracing-")),
          SCAMVERIFY_FEED_SYNC_HOURS: "0",
          SCAMVERIFY_REGISTRY_SYNC_HOURS: "0",
          SCAMVERIFY_JOB_WORKERS: "0",
          OTEL_EXPORTER_OTLP_ENDPOINT: r.url.replace(/\/v1\/traces$/, ""),
          OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
          OTEL_SERVICE_NAME: "scamverify-serve-test",
        },
      },
    );
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    cleanup.push(async () => {
      child.kill("SIGKILL");
      await exited;
    });
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString("utf8");
        for (const line of out.split("\n")) {
          const m = /"msg":"listening".*"port":(\d+)/.exec(line);
          if (m) resolve(Number(m[1]));
        }
      });
      child.once("exit", (code) => reject(new Error(`serve exited (${code})`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/jobs/secret-marker-id`)).status).toBe(401);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const spans = spansOf(r.posts);
    const healthz = spans.find((s) => s.name === "GET /healthz");
    expect(healthz).toBeDefined();
    expect(attrs(healthz!)).toMatchObject({ "http.route": "/healthz", "http.response.status_code": 200 });
    expect(spans.find((s) => s.name === "GET /api/v1/jobs/{id}")).toBeDefined();
    const text = r.posts.map((p) => p.body.toString("utf8")).join("\n");
    expect(text).toContain("scamverify-serve-test");
    expect(text).not.toContain("secret-marker");
  }, 180_000);
});
