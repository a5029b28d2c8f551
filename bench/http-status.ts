// GET /api/v1/status under load against a bare Express 5 hello-world in the same run (autocannon, 127.0.0.1).
// The status body is cached for 30 s and the database re-probed at most twice a second, so the endpoint should
// cost little more than the hello-world.
//   node --conditions=source --import tsx bench/http-status.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --conditions=source --import tsx bench/http-status.ts
import { pathToFileURL } from "node:url";
import { compareHttp, report, type Comparison } from "./lib/http-compare.js";

export const STATUS_TARGET = 0.7;

export async function run(): Promise<Comparison> {
  const result = await compareHttp({ name: "GET /api/v1/status", scenario: "status", target: STATUS_TARGET });
  process.stdout.write(`${report(result)}\n`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await run();
  process.exitCode = result.pass ? 0 : 1;
}
