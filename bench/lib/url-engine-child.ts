// One side of `url-engine-trees.ts`: the engine of the tree at BENCH_TREE (default: this one) on in-memory stores,
// the URL engine benchmark's misses (the same 8 sites, a new URL each time), run in a process of its own so that its
// heap, and the collector's work on it, is its own. Prints one JSON line: URLs/s and CPU µs a lookup (user + system
// of the whole process, the collector's threads included) of each round after the warm-up.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { missUrls } from "./url-misses.js";

const root = resolve(process.env["BENCH_TREE"] ?? new URL("../..", import.meta.url).pathname);
const N = Number(process.env["BENCH_URLS"] ?? 20_000);
const ROUNDS = Number(process.env["BENCH_CHILD_ROUNDS"] ?? 3);
const urls = missUrls(N);

interface Api {
  lookupUrl(p: unknown, body: { url: string }): Promise<{ isOk(): boolean }>;
}
const helper = (await import(pathToFileURL(`${root}/bench/lib/engine.ts`).href)) as {
  inMemoryEngine(): Api;
  urlBenchPrincipal(engine: Api, email?: string): Promise<unknown>;
};
const engine = helper.inMemoryEngine();
const me = await helper.urlBenchPrincipal(engine);

async function round(r: number): Promise<{ rate: number; cpuUs: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  let ok = 0;
  for (const u of urls) if ((await engine.lookupUrl(me, { url: `${u}&r=${r}` })).isOk()) ok++;
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  if (ok !== N) throw new Error(`only ${ok} of ${N} lookups succeeded`);
  return { rate: N / wall, cpuUs: (used.user + used.system) / N };
}

await round(0); // warm-up
const out: { rate: number; cpuUs: number }[] = [];
for (let r = 1; r <= ROUNDS; r++) out.push(await round(r));
console.log(JSON.stringify({ rounds: out, heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) }));
