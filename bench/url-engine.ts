// Offline URL analysis through the engine API (validation, scope, rate limit, cache miss, quota reservation, scoring,
// explanation, cache write) on in-memory stores, against the bare analyzers (normalizeUrl + analyzeUrl) on the same
// URLs in the same run, and the engine again on the same URLs each on a site of its own. Target: at least 20,000
// URLs/s on one core.
//   node --conditions=source --import tsx bench/url-engine.ts [--urls=N]
import { analyzeUrl, normalizeUrl } from "../packages/core/src/analyzers/url/index.js";
import { median } from "./lib/stats.js";
import { inMemoryEngine, urlBenchPrincipal } from "./lib/engine.js";
import type { Principal } from "../packages/core/src/index.js";
import { missUrls } from "./lib/url-misses.js";

// Each round stays under the 100,000 requests a minute an enterprise account may be given.
const N = Number(process.argv.find((a) => a.startsWith("--urls="))?.slice(7) ?? 20_000);
const urls = missUrls(N);
// The same URLs with a site of their own each (the number in the registrable name): nothing about a host or its
// name can be reused from an earlier lookup.
const SITES = [
  "paypa1-secure-login{n}.com/signin",
  "www.google{n}.com/search?q=x",
  "usps-redelivery{n}.top/track",
  "en.wikipedia{n}.org/wiki/Phishing",
  "amaz0n-account-verify{n}.xyz/login.php",
  "github{n}.com/nodejs/node",
  "bankofamerica.com.secure-session{n}.info/",
  "example{n}.org/",
];
const siteUrls = (round: number): string[] =>
  Array.from(
    { length: N },
    (_, i) => `https://${SITES[i % SITES.length]!.replace("{n}", `-${round}x${i}`)}${i % 2 ? "&" : "?"}n=${i}`,
  );

const engine = inMemoryEngine();
const me = await urlBenchPrincipal(engine);
// A second account for the new sites, so neither passes the 100,000 lookups a minute it may make.
const other = await urlBenchPrincipal(engine, "sites@example.com");

function bare(): number {
  const start = process.hrtime.bigint();
  let n = 0;
  for (const u of urls) {
    const r = normalizeUrl(u);
    if (r.isOk() && analyzeUrl(r.value).length > 0) n++;
  }
  return N / (Number(process.hrtime.bigint() - start) / 1e9 || 1e-9) + n * 0;
}

async function viaEngine(p: Principal, list: readonly string[], offset: number): Promise<number> {
  const start = process.hrtime.bigint();
  let ok = 0;
  for (const u of list) if ((await engine.lookupUrl(p, { url: `${u}&r=${offset}` })).isOk()) ok++;
  if (ok !== N) throw new Error(`only ${ok} of ${N} lookups succeeded`);
  return N / (Number(process.hrtime.bigint() - start) / 1e9);
}

bare();
await viaEngine(me, urls, 0); // warm-up
await viaEngine(other, siteUrls(0), 0);
const rounds: { bare: number; engine: number; sites: number }[] = [];
for (let r = 1; r <= 3; r++) {
  rounds.push({ bare: bare(), engine: await viaEngine(me, urls, r), sites: await viaEngine(other, siteUrls(r), r) });
}
const b = median(rounds.map((r) => r.bare));
const e = median(rounds.map((r) => r.engine));
const s = median(rounds.map((r) => r.sites));
const fmt = (x: number): string => Math.round(x).toLocaleString("en-US").padStart(9);
console.log(`bare analyzers            ${fmt(b)} URLs/s`);
console.log(
  `engine.lookupUrl (misses) ${fmt(e)} URLs/s   ratio ${(e / b).toFixed(2)}   target >= 20,000/s: ${e >= 20_000 ? "met" : "NOT met"}`,
);
console.log(`  the same, a new site each time ${fmt(s)} URLs/s`);
if (e < 20_000) process.exitCode = 1;
