// POST /api/v1/url/lookup served from the cache, under load (autocannon, 10 connections, 127.0.0.1), against
// node:http answering the same requests with the very bytes the app answers (status, headers, body) in the same
// run: a live key on an enterprise account whose rpm is huge, so every request goes through authentication, the rate
// limiter, validation, the cache, the quota headers and the access log without being refused. Target: at least
// half the baseline's throughput, with p99 under 5 ms.
//   node --conditions=source --import tsx bench/http-cached-lookup.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx bench/http-cached-lookup.ts
//   BENCH_CPU_PROF=/tmp/prof node --conditions=source --import tsx bench/http-cached-lookup.ts   (profiles the server)
import { pathToFileURL } from "node:url";
import { compareHttp, report, type Comparison } from "./lib/http-compare.js";

export const CACHED_LOOKUP_TARGET = 0.5;
export const CACHED_LOOKUP_P99_MS = 5;

export async function run(): Promise<Comparison> {
  const result = await compareHttp({
    name: "POST /api/v1/url/lookup (cached)",
    scenario: "cached-lookup",
    target: CACHED_LOOKUP_TARGET,
    p99Under: CACHED_LOOKUP_P99_MS,
  });
  process.stdout.write(`${report(result)}\n`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await run();
  process.exitCode = result.pass ? 0 : 1;
}
