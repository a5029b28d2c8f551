// The URL engine's misses (as `url-engine.ts` runs them) in separate processes, a baseline and a candidate
// alternating in one run: each side's process keeps its own heap, so what the collector spends on what a side's
// stores keep is that side's. Reports each side's median URLs/s and CPU µs a lookup, and their ratio.
//   node --conditions=source --import tsx bench/url-engine-trees.ts
// Settings (environment): BENCH_BASE_TREE / BENCH_CAND_TREE, the checkouts each side runs (default: this one);
// BENCH_BASE_FLAGS / BENCH_CAND_FLAGS, node options of each side (space-separated; default none for the baseline and
// `--max-semi-space-size=32` for the candidate: a young generation twice V8's default, see bench/README.md);
// BENCH_PAIRS (default 4); BENCH_URLS (default 20,000 a round; each process runs a warm-up round and 3 more).
// Between two trees, the other tree needs this file's `lib/url-engine-child.ts` only in this one: it loads the
// other's `bench/lib/engine.ts`.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.js";

const here = fileURLToPath(new URL("..", import.meta.url));
const child = fileURLToPath(new URL("./lib/url-engine-child.ts", import.meta.url));
const PAIRS = Number(process.env["BENCH_PAIRS"] ?? 4);
const flags = (v: string | undefined, d: string): string[] => (v ?? d).split(/\s+/).filter((f) => f !== "");
const sides = [
  { name: "baseline", tree: process.env["BENCH_BASE_TREE"] ?? here, flags: flags(process.env["BENCH_BASE_FLAGS"], "") },
  {
    name: "candidate",
    tree: process.env["BENCH_CAND_TREE"] ?? here,
    flags: flags(process.env["BENCH_CAND_FLAGS"], "--max-semi-space-size=32"),
  },
];

const results = new Map<string, { rate: number; cpuUs: number }[]>(sides.map((s) => [s.name, []]));
const heaps = new Map<string, number[]>(sides.map((s) => [s.name, []]));
for (let pair = 0; pair < PAIRS; pair++) {
  for (const side of pair % 2 === 0 ? sides : [...sides].reverse()) {
    const run = spawnSync(process.execPath, [...side.flags, "--conditions=source", "--import", "tsx", child], {
      env: { ...process.env, BENCH_TREE: side.tree },
      encoding: "utf8",
      maxBuffer: 1 << 24,
    });
    if (run.status !== 0) throw new Error(`${side.name} failed: ${run.stderr}`);
    const line = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
      rounds: { rate: number; cpuUs: number }[];
      heapMB: number;
    };
    results.get(side.name)!.push(...line.rounds);
    heaps.get(side.name)!.push(line.heapMB);
  }
}
const fmt = (x: number): string => Math.round(x).toLocaleString("en-US").padStart(7);
const med = new Map(
  sides.map((s) => {
    const r = results.get(s.name)!;
    return [s.name, { rate: median(r.map((x) => x.rate)), cpuUs: median(r.map((x) => x.cpuUs)) }];
  }),
);
for (const s of sides) {
  const m = med.get(s.name)!;
  console.log(
    `${s.name.padEnd(10)} ${fmt(m.rate)} URLs/s  ${m.cpuUs.toFixed(1).padStart(6)} µs CPU a lookup  heap ${median(heaps.get(s.name)!)} MB  (${s.tree}${s.flags.length ? " " + s.flags.join(" ") : ""})`,
  );
}
const b = med.get("baseline")!;
const c = med.get("candidate")!;
console.log(
  `candidate / baseline: URLs/s ${(c.rate / b.rate).toFixed(2)}x, CPU a lookup ${(c.cpuUs / b.cpuUs).toFixed(2)}x`,
);
console.log(`candidate target >= 20,000 URLs/s: ${c.rate >= 20_000 ? "met" : "NOT met"}`);
