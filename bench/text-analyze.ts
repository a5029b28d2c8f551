// A 160-character text message with one link and one phone number, analysed offline through the engine API
// (validation, scope, rate limit, cache miss, quota reservation, the message analyzer, the URL and phone
// sub-lookups, scoring, explanation, cache write) on in-memory stores, against the message analyzer alone on the same
// message in the same run. Target: under 2 ms p50 through the engine.
//   node --conditions=source --import tsx bench/text-analyze.ts [--messages=N]
import { analyzeMessage, createOrganisationDirectory, type Principal, SCOPES } from "../packages/core/src/index.js";
import { percentile } from "./lib/stats.js";
import { inMemoryEngine } from "./lib/engine.js";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpApp, silentLogger } from "../packages/adapters-http/src/index.js";

const N = Number(process.argv.find((a) => a.startsWith("--messages="))?.slice(11) ?? 3_000);
const message = (i: number): string =>
  `USPS: Your package #${1000 + i} is on hold due to an unpaid delivery fee of $1.99. Pay within 24 hours at usps-redeliver.top/p or call (855) 439-5123. Reply STOP to end.`;
console.log(`message length: ${message(0).length} characters`);

const engine = inMemoryEngine();
const created = await engine.accounts.create({
  email: "bench@example.com",
  plan: "enterprise",
  rpm: 100_000,
  quotas: { text: 100_000_000 },
});
if (created.isErr()) throw new Error(created.error.message);
const me: Principal = { accountId: created.value.id, mode: "live", via: "api_key", scopes: SCOPES };
const directory = createOrganisationDirectory();

function timeEach(run: (i: number) => void): Float64Array {
  const out = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    run(i);
    out[i] = Number(process.hrtime.bigint() - t) / 1e6;
  }
  return out.sort();
}

async function timeEachAsync(offset: number): Promise<Float64Array> {
  const out = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    const r = await engine.analyzeText(me, { text: `${message(i)} ${offset}` });
    out[i] = Number(process.hrtime.bigint() - t) / 1e6;
    if (r.isErr()) throw new Error(r.error.message);
  }
  return out.sort();
}

timeEach((i) => analyzeMessage(message(i), { directory, kind: "text" }));
await timeEachAsync(0); // warm-up
const bare = timeEach((i) => analyzeMessage(message(i), { directory, kind: "text" }));
const viaEngine = await timeEachAsync(1);
const p50 = percentile(viaEngine, 0.5);
const report = (name: string, t: Float64Array): string =>
  `${name}: p50 ${percentile(t, 0.5).toFixed(3)} ms, p99 ${percentile(t, 0.99).toFixed(3)} ms, ${Math.round(1000 / percentile(t, 0.5))} messages/s per core`;
console.log(report("baseline: message analyzer alone", bare));
console.log(report("engine.analyzeText (uncached, offline)", viaEngine));
console.log(`ratio engine / analyzer (p50): ${(p50 / percentile(bare, 0.5)).toFixed(2)}x`);
console.log(`target p50 < 2 ms: ${p50 < 2 ? "met" : "MISSED"}`);

// The same, over HTTP (node:http, JSON body, API key) with network inspection off, uncached.
const key = (await engine.keys.create(created.value.id, { mode: "live" }))._unsafeUnwrap().key;
const server = createServer(createHttpApp({ engine, logger: silentLogger }));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const overHttp = new Float64Array(Math.min(N, 1_000));
for (let i = 0; i < overHttp.length; i++) {
  const t = process.hrtime.bigint();
  const res = await fetch(`${base}/api/v1/text/analyze`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ text: `${message(i)} http` }),
  });
  await res.arrayBuffer();
  overHttp[i] = Number(process.hrtime.bigint() - t) / 1e6;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
}
server.close();
console.log(report("POST /api/v1/text/analyze (uncached, network inspection off)", overHttp.sort()));
process.exitCode = p50 < 2 ? 0 : 1;
