// The servers under load, run in a child process so the load generator never shares their event loop: the real app
// built by the composition root (embedded PGlite in a temp folder, or PostgreSQL when BENCH_DATABASE_URL /
// DATABASE_URL is set) and a baseline, each on its own port of 127.0.0.1. The baseline of `status` is a bare
// Express 5 hello-world; the baseline of `cached-lookup` is node:http answering every request with the very status,
// headers and body the app sent for the cached lookup (what the socket alone costs for those bytes).
// The app is the built one and writes its access log through the production logger to this process's stdout, which
// the parent points at a file, as `scamverify serve > access.log` would. The ready line goes over the IPC channel.
//   node --import tsx bench/lib/bench-server.ts <status|cached-lookup>
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type OutgoingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Express } from "express";
import type * as HttpAdapter from "../../packages/adapters-http/src/index.js";
import type * as CliAdapter from "../../packages/adapters-cli/src/index.js";

// The built packages, as `scamverify serve` runs them (`pnpm build` first; http-compare.ts checks). Loaded by URL, so
// a typecheck of a fresh checkout (before any build) reads their types from the sources.
const built = (pkg: string): string => new URL(`../../packages/${pkg}/dist/index.js`, import.meta.url).href;
const { createHttpApp, createHttpMetrics, createJsonLogger } = (await import(
  built("adapters-http")
)) as typeof HttpAdapter;
const { createRuntime, loadConfig } = (await import(built("adapters-cli"))) as typeof CliAdapter;

// The very Express 5 the app uses, so the status baseline differs from the app only by what the app does.
const express = createRequire(new URL("../../packages/adapters-http/package.json", import.meta.url))(
  "express",
) as () => Express;

export type Scenario = "status" | "cached-lookup";

export interface BenchRequest {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface ServersReady {
  /** What the baseline server is, for the report. */
  readonly baselineName: string;
  readonly baselinePort: number;
  readonly appPort: number;
  /** The request sent to both servers (the baseline ignores what it asks). */
  readonly request: BenchRequest;
  /** Bytes of the app's answer body. */
  readonly answerBytes: number;
  readonly database: string;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** Headers node:http writes by itself on every answer; the rest are copied into the baseline's answer. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** node:http answering every request, once its body is read, with exactly this status, these headers and bytes. */
function sameBytesServer(status: number, headers: OutgoingHttpHeaders, body: Buffer): Server {
  return createServer((req, res) => {
    req.on("data", () => undefined);
    req.on("end", () => {
      res.writeHead(status, headers);
      res.end(body);
    });
  });
}

export async function startServers(scenario: Scenario): Promise<ServersReady & { close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "scamverify-bench-"));
  const databaseUrl = process.env["BENCH_DATABASE_URL"] ?? process.env["DATABASE_URL"];
  const config = loadConfig(
    {
      networkInspection: false,
      dataDir: join(dir, "data"),
      ...(databaseUrl ? { databaseUrl } : {}),
      baseUrl: "http://127.0.0.1",
    },
    {},
  );
  // Network inspection is off: the first lookup (the one computation) must not reach beyond 127.0.0.1.
  // Metrics wired as `serve` wires them (the engine counts into the app's registry); BENCH_METRICS=off leaves them
  // out, to measure what they cost.
  const metrics = process.env["BENCH_METRICS"] === "off" ? undefined : createHttpMetrics();
  const rt = await createRuntime(config, metrics ? { telemetry: metrics.telemetry } : {});
  const app = createHttpApp({ engine: rt.engine, logger: createJsonLogger(), metrics: metrics ?? false });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;

  let request: BenchRequest = { method: "GET", path: "/api/v1/status", headers: {} };
  if (scenario === "cached-lookup") {
    const account = await rt.engine.accounts.create({
      email: `bench-${process.pid}-${Date.now()}@example.test`,
      plan: "enterprise",
      quotas: { url: 1_000_000_000 },
    });
    if (account.isErr()) throw new Error(account.error.message);
    // Above what operators may set (100,000/min): the load sends more than that in a minute and must never be refused.
    await rt.stores.accounts.update(account.value.id, { customRpm: 1_000_000_000 });
    const key = await rt.engine.keys.create(account.value.id, { mode: "live", name: "bench" });
    if (key.isErr()) throw new Error(key.error.message);
    request = {
      method: "POST",
      path: "/api/v1/url/lookup",
      headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://secure-paypa1.com.verify-account.top/account/login?ref=newsletter" }),
    };
  }
  const appPort = await listen(server);
  // Two requests before any load, so a failing endpoint stops the run; for the cached lookup the first computes and
  // caches the result, and the second is the cached answer whose bytes the baseline sends.
  const ask = () =>
    fetch(`http://127.0.0.1:${appPort}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
  await (await ask()).arrayBuffer();
  const answer = await ask();
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) throw new Error(`${request.method} ${request.path}: answered ${answer.status}: ${body.toString()}`);

  let baseline: Server;
  let baselineName: string;
  if (scenario === "cached-lookup") {
    const headers: OutgoingHttpHeaders = {};
    answer.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    });
    baseline = sameBytesServer(answer.status, headers, body);
    baselineName = `node:http, same ${body.length}-byte answer`;
  } else {
    const hello = express();
    hello.disable("x-powered-by");
    hello.get(request.path, (_req, res) => {
      res.json({ hello: "world" });
    });
    baseline = createServer(hello);
    baselineName = "express 5 hello-world";
  }
  baseline.keepAliveTimeout = 65_000;
  const baselinePort = await listen(baseline);
  return {
    baselineName,
    baselinePort,
    appPort,
    request,
    answerBytes: body.length,
    database: databaseUrl ? "postgres" : "pglite (embedded)",
    async close() {
      for (const s of [baseline, server]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      await rt.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const scenario = (process.argv[2] ?? "status") as Scenario;
  const ready = await startServers(scenario);
  const { close, ...info } = ready;
  const stop = (): void => {
    void close().finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  if (process.send) {
    process.once("disconnect", stop);
    // The parent may ask for this process's CPU time (user + system, µs) to put it over the requests served.
    process.on("message", (m) => {
      if (m === "cpu-usage") process.send?.({ cpu: process.cpuUsage() });
    });
    process.send(info);
  } else {
    process.stderr.write(`${JSON.stringify(info)}\n`);
  }
}
