// The servers under load, run in a child process so the load generator never shares their event loop: a bare
// Express 5 hello-world (the baseline) and the real app built by the composition root (embedded PGlite in a temp
// folder, or PostgreSQL when BENCH_DATABASE_URL / DATABASE_URL is set), each on its own port of 127.0.0.1.
//   node --conditions=source --import tsx bench/lib/bench-server.ts <status|cached-lookup>
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Express, RequestHandler } from "express";
import { createHttpApp } from "../../packages/adapters-http/src/app.js";
import { createJsonLogger } from "../../packages/adapters-http/src/logger.js";
import { loadConfig } from "../../packages/adapters-cli/src/config.js";
import { createRuntime } from "../../packages/adapters-cli/src/runtime.js";

// The very Express 5 the app uses, so the baseline differs from the app only by what the app does.
const express = createRequire(new URL("../../packages/adapters-http/package.json", import.meta.url))(
  "express",
) as (() => Express) & { json: () => RequestHandler };

export type Scenario = "status" | "cached-lookup";

export interface BenchRequest {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface ServersReady {
  readonly baselinePort: number;
  readonly appPort: number;
  /** Cached lookup only: bare Express parsing the same JSON body and answering the same result, with no engine. */
  readonly payloadPort?: number;
  readonly request: BenchRequest;
  readonly database: string;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

export async function startServers(scenario: Scenario): Promise<ServersReady & { close(): Promise<void> }> {
  const hello = express();
  hello.disable("x-powered-by");
  hello.get("/", (_req, res) => {
    res.json({ hello: "world" });
  });
  const baseline = createServer(hello);

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
  const rt = await createRuntime(config);
  // Access logs are formatted and redacted exactly as in production; only the write to stdout is left out.
  const app = createHttpApp({ engine: rt.engine, logger: createJsonLogger(() => undefined) });
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
      body: JSON.stringify({ url: "https://www.example.com/account/login?ref=newsletter" }),
    };
  }
  const [baselinePort, appPort] = [await listen(baseline), await listen(server)];
  // One request before any load, so a failing endpoint stops the run; for the cached lookup it computes and
  // caches the result the load then reads.
  const first = await fetch(`http://127.0.0.1:${appPort}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  if (!first.ok)
    throw new Error(`${request.method} ${request.path}: first request answered ${first.status}: ${await first.text()}`);
  const result: unknown = await first.json();
  // What the same bytes cost without the engine: the gap between this and the app is the engine's own work.
  let payloadServer: Server | undefined;
  if (request.body !== undefined) {
    const echo = express();
    echo.disable("x-powered-by");
    echo.post(request.path, express.json(), (_req, res) => {
      res.json(result);
    });
    payloadServer = createServer(echo);
  }
  const payloadPort = payloadServer ? await listen(payloadServer) : undefined;
  return {
    baselinePort,
    appPort,
    ...(payloadPort !== undefined ? { payloadPort } : {}),
    request,
    database: databaseUrl ? "postgres" : "pglite (embedded)",
    async close() {
      for (const s of [baseline, server, ...(payloadServer ? [payloadServer] : [])]) {
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
  process.stdout.write(`${JSON.stringify(info)}\n`);
  const stop = (): void => {
    void close().finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  process.stdin.on("end", stop);
  process.stdin.resume();
}
