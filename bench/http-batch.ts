// A 100-URL batch over HTTP with network inspection off, through the real app and the embedded database (or
// PostgreSQL with BENCH_DATABASE_URL), every URL uncached; against a bare Express endpoint that parses the same body
// and runs the same offline analyzers with no mechanics, in the same run. Target: under 300 ms a batch.
// The batch rate limit (5 a minute) is lifted for the bench only, so it can take more than 5 samples.
//   node --conditions=source --import tsx bench/http-batch.ts [--rounds=N]
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Express, RequestHandler } from "express";
import { analyzeUrl, normalizeUrl } from "../packages/core/src/analyzers/url/index.js";
import { createHttpApp } from "../packages/adapters-http/src/app.js";
import { silentLogger } from "../packages/adapters-http/src/logger.js";
import { startHttpServer } from "../packages/adapters-http/src/server.js";
import { loadConfig } from "../packages/adapters-cli/src/config.js";
import { createRuntime } from "../packages/adapters-cli/src/runtime.js";
import { percentile } from "./lib/stats.js";

const express = createRequire(new URL("../packages/adapters-http/package.json", import.meta.url))(
  "express",
) as (() => Express) & {
  json: (o?: { limit: string }) => RequestHandler;
};
const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 15);
const dataDir = mkdtempSync(join(tmpdir(), "scamverify-bench-batch-"));
const databaseUrl = process.env["BENCH_DATABASE_URL"];
const rt = await createRuntime(
  loadConfig({ dataDir, networkInspection: false, ...(databaseUrl ? { databaseUrl } : {}) }, {}),
  {
    extend: () => ({
      rateLimiter: {
        hit: async (_k, limit, windowMs, now) => ({
          allowed: true,
          limit,
          remaining: limit,
          resetAt: new Date(now.getTime() + windowMs),
        }),
      },
    }),
  },
);
const account = await rt.engine.accounts.create({ email: `batch-${Date.now()}@example.com`, plan: "business" });
if (account.isErr()) throw new Error(account.error.message);
const key = await rt.engine.keys.create(account.value.id, { mode: "live", name: "bench" });
if (key.isErr()) throw new Error(key.error.message);
const app = await startHttpServer(createHttpApp({ engine: rt.engine, logger: silentLogger }), 0, "127.0.0.1");

const bare = express();
bare.post("/batch", express.json({ limit: "1mb" }), (req, res) => {
  const urls = (req.body as { urls: string[] }).urls;
  res.json({
    results: urls.map((u) => {
      const n = normalizeUrl(u);
      return n.isOk() ? analyzeUrl(n.value) : n.error;
    }),
  });
});
const bareServer = bare.listen(0, "127.0.0.1");
await new Promise((r) => bareServer.once("listening", r));
const barePort = (bareServer.address() as AddressInfo).port;

const HOSTS = [
  "paypa1-secure-login.com/signin",
  "www.google.com/search",
  "usps-redelivery.top/track",
  "github.com/nodejs/node",
  "amaz0n-verify.xyz/login.php",
];
const batch = (round: number): string =>
  JSON.stringify({
    urls: Array.from({ length: 100 }, (_, i) => `https://${HOSTS[i % HOSTS.length]}?r=${round}&i=${i}`),
  });

async function time(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const t = process.hrtime.bigint();
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const json = (await res.json()) as { summary?: { succeeded: number } };
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${JSON.stringify(json)}`);
  if (json.summary && json.summary.succeeded !== 100)
    throw new Error(`only ${json.summary.succeeded} of 100 succeeded`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const ours: number[] = [];
const base: number[] = [];
for (let r = -2; r < ROUNDS; r++) {
  const body = batch(r + 3);
  const a = await time(`http://127.0.0.1:${app.port}/api/v1/batch/url`, body, {
    authorization: `Bearer ${key.value.key}`,
  });
  const b = await time(`http://127.0.0.1:${barePort}/batch`, body, {});
  if (r >= 0) {
    ours.push(a);
    base.push(b);
  }
}
const p50 = (xs: number[]): number => percentile(Float64Array.from(xs).sort(), 0.5);
const line = (label: string, xs: number[]): string =>
  `${label.padEnd(44)} p50 ${p50(xs).toFixed(1).padStart(7)} ms   max ${Math.max(...xs)
    .toFixed(1)
    .padStart(7)} ms`;
console.log(`database: ${databaseUrl ? "postgres" : "embedded PGlite"}, ${ROUNDS} batches of 100 uncached URLs`);
console.log(line("bare Express + offline analyzers", base));
console.log(line("POST /api/v1/batch/url (auth, quota, cache)", ours));
console.log(
  `ratio p50 ${(p50(ours) / p50(base)).toFixed(2)}   target p50 < 300 ms: ${p50(ours) < 300 ? "met" : "NOT met"}`,
);
await app.close(1000);
bareServer.close();
await rt.close();
rmSync(dataDir, { recursive: true, force: true });
if (p50(ours) >= 300) process.exitCode = 1;
