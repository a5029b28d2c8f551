// POST /api/v1/url/lookup served from the cache, under load, against a bare Express 5 hello-world in the same run
// (autocannon, 127.0.0.1): a live key on an enterprise account whose rpm is huge, so every request goes through
// authentication, the rate limiter, validation, the cache and the quota read without being refused. Target: at
// least 70% of the hello-world's throughput.
//   node --conditions=source --import tsx bench/http-cached-lookup.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx bench/http-cached-lookup.ts
//   BENCH_CPU_PROF=/tmp/prof node --conditions=source --import tsx bench/http-cached-lookup.ts   (profiles the server)
import { pathToFileURL } from "node:url";
import { compareHttp, report, type Comparison } from "./lib/http-compare.js";

export const CACHED_LOOKUP_TARGET = 0.7;

export async function run(): Promise<Comparison> {
  const result = await compareHttp({
    name: "POST /api/v1/url/lookup (cached)",
    scenario: "cached-lookup",
    target: CACHED_LOOKUP_TARGET,
  });
  process.stdout.write(`${report(result)}\n`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await run();
  process.exitCode = result.pass ? 0 : 1;
}
