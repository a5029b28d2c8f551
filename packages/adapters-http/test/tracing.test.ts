// OpenTelemetry traces over OTLP/HTTP, from a server process to a receiver on 127.0.0.1: a span per request named by
// its route template, a span per lookup (channel, verdict, cached) under it, a span per signal-source call (source,
// outcome, duration) under that; no span carries the URL checked, the message, the key or the path. Without an
// endpoint nothing is loaded.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { otlpTracesUrl } from "../src/index.js";
import { call } from "./support/harness.js";
import { attrs, receiver, spansOf, type Received } from "./support/otlp-receiver.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

interface Traced {
  readonly url: string;
  readonly key: string;
  readonly answered: number;
  readonly posts: Received[];
  /** Stops the server, which sends every span it holds before it exits. */
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL("./support/traced-server.ts", import.meta.url));

/** The traced server of support/traced-server.ts, exporting to a receiver of this test. */
async function tracedServer(env: Record<string, string>): Promise<Traced> {
  const r = await receiver();
  cleanup.push(() => new Promise((done) => r.server.close(() => done())));
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", script], {
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: r.url.replace(/\/v1\/traces$/, ""), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  cleanup.push(async () => {
    child.kill("SIGKILL");
    await exited;
  });
  const first = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
      const nl = out.indexOf("\n");
      if (nl !== -1) resolve(out.slice(0, nl));
    });
    child.once("exit", (code) => reject(new Error(`the traced server exited (${code})`)));
  });
  const ready = JSON.parse(first) as { url: string; key: string; answered: number };
  return {
    ...ready,
    posts: r.posts,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const SECRET_URL = "https://secret-marker-host.example.com/private/path?token=hunter2";
const MESSAGE = "Your parcel is held, pay the secret-marker-fee at once";

describe("tracing over OTLP/HTTP", () => {
  it("exports request, lookup and source spans, parented, with route templates and no content", async () => {
    const t = await tracedServer({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" });
    const { key } = t;
    const first = await call(t.url, "POST", "/api/v1/url/lookup", { key, body: { url: SECRET_URL } });
    expect(first.status).toBe(200);
    const again = await call(t.url, "POST", "/api/v1/url/lookup", { key, body: { url: SECRET_URL } });
    expect(again.status).toBe(200);
    expect((await call(t.url, "POST", "/api/v1/text/analyze", { key, body: { text: MESSAGE } })).status).toBe(200);
    expect((await call(t.url, "GET", "/api/v1/jobs/00000000-0000-4000-8000-000000000000", { key })).status).toBe(404);
    await call(t.url, "GET", `/no/such/secret-marker-route?key=${key}`);
    await t.stop();
    const { posts } = t;

    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]!.contentType).toBe("application/json");
    const spans = spansOf(posts);
    const requests = spans.filter((x) => x.name === "POST /api/v1/url/lookup");
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.kind).toBe(2); // SERVER
      expect(r.parentSpanId ?? "").toBe("");
      expect(attrs(r)).toEqual({
        "http.request.method": "POST",
        "http.route": "/api/v1/url/lookup",
        "http.response.status_code": 200,
      });
    }
    const lookups = requests.map((r) => spans.find((x) => x.name === "lookup url" && x.parentSpanId === r.spanId));
    const verdict = (first.body as { verdict: string }).verdict;
    expect(lookups.map((l) => attrs(l!)["scamverify.cached"]).sort()).toEqual([false, true]);
    for (const l of lookups)
      expect(attrs(l!)).toMatchObject({ "scamverify.channel": "url", "scamverify.verdict": verdict });
    const computed = lookups.find((l) => attrs(l!)["scamverify.cached"] === false)!;
    const cached = lookups.find((l) => attrs(l!)["scamverify.cached"] === true)!;
    const sources = spans.filter((x) => x.name === "source scripted_feed");
    // The computed lookup asked the source once, inside its own span; the cached one asked nothing.
    const mine = sources.filter((x) => x.parentSpanId === computed.spanId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.kind).toBe(3); // CLIENT
    expect(mine[0]!.traceId).toBe(computed.traceId);
    const a = attrs(mine[0]!);
    expect(a["scamverify.source"]).toBe("scripted_feed");
    expect(a["scamverify.source.outcome"]).toBe("ok");
    expect(typeof a["scamverify.source.duration_ms"]).toBe("number");
    expect(sources.filter((x) => x.parentSpanId === cached.spanId)).toHaveLength(0);

    expect(spans.some((x) => x.name === "POST /api/v1/text/analyze")).toBe(true);
    expect(spans.some((x) => x.name === "lookup text")).toBe(true);
    const job = spans.find((x) => x.name === "GET /api/v1/jobs/{id}");
    expect(attrs(job!)["http.response.status_code"]).toBe(404);
    expect(spans.some((x) => x.name === "GET unmatched")).toBe(true);
    // A lookup that threw: marked failed, its message (which quoted the input) left out.
    const probe = spans.find((x) => x.name === "lookup probe");
    expect(probe).toBeDefined();
    expect(t.answered).toBe(1);

    const everything = posts.map((p) => p.body.toString("utf8")).join("\n");
    for (const leak of [
      "secret-marker",
      "hunter2",
      "example.com",
      "parcel",
      "00000000-0000-4000",
      key,
      key.slice(0, 12),
    ])
      expect(everything).not.toContain(leak);
  }, 120_000);

  it("speaks protobuf by default, with the same attributes and no content", async () => {
    const t = await tracedServer({});
    expect((await call(t.url, "POST", "/api/v1/url/lookup", { key: t.key, body: { url: SECRET_URL } })).status).toBe(
      200,
    );
    await t.stop();
    expect(t.posts.length).toBeGreaterThan(0);
    expect(t.posts[0]!.contentType).toBe("application/x-protobuf");
    // Protobuf keeps strings as UTF-8 bytes: names and attribute keys can be read in the body, the input cannot.
    const bytes = Buffer.concat(t.posts.map((p) => p.body)).toString("latin1");
    for (const name of ["POST /api/v1/url/lookup", "lookup url", "source scripted_feed", "scamverify.verdict"])
      expect(bytes).toContain(name);
    for (const leak of ["secret-marker", "hunter2", "example.com", t.key]) expect(bytes).not.toContain(leak);
  }, 120_000);
});

describe("tracing off", () => {
  it("is off unless an OTLP endpoint is set; the general endpoint gets /v1/traces, the traces one is used as is", () => {
    expect(otlpTracesUrl({})).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toBe(
      "http://collector:4318/v1/traces",
    );
    expect(
      otlpTracesUrl({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:4318/custom",
      }),
    ).toBe("http://traces:4318/custom");
  });

  it("loads the OpenTelemetry SDK only through the dynamic import in tracing.ts", () => {
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".ts")) files.push(path);
      }
    };
    for (const pkg of readdirSync(root)) {
      const src = join(root, pkg, "src");
      if (statSync(join(root, pkg)).isDirectory() && readdirSync(join(root, pkg)).includes("src")) walk(src);
    }
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const otel = /from\s+"@opentelemetry\//.test(text) || /import\("@opentelemetry\//.test(text);
      if (otel && !file.endsWith("adapters-http/src/otel-tracing.ts")) offenders.push(file);
      if (/from\s+"\.\/otel-tracing\.js"/.test(text)) offenders.push(`${file} (static import of otel-tracing)`);
    }
    expect(offenders).toEqual([]);
    expect(files.some((f) => readFileSync(f, "utf8").includes('import("./otel-tracing.js")'))).toBe(true);
  });
});
