// The statistical models' cost: what loading the three shipped models (importing their generated data modules and
// decoding them) and the list of widely visited sites (its set built) adds to a process, in time and resident memory,
// each in a fresh child process against a child that imports the same decoder and loads nothing; and one reading's
// time against the offline rules of the same input in the same run. Targets: loading adds < 300 ms and < 100 MB; a
// reading well under 1 ms.
//   node --conditions=source --import tsx bench/model-load.ts
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { analyzeMessage, createOrganisationDirectory } from "../packages/core/src/index.js";
import { analyzeUrl, normalizeUrl } from "../packages/core/src/analyzers/url/index.js";
import { readMessage, readUrl } from "../packages/core/src/models/index.js";

// The built modules, as the CLI and the server load them; the sources (through tsx, whose transform of the 1.4 MB
// data modules adds to the time) when the core is not built.
const BUILT = existsSync(new URL("../packages/core/dist/models/linear-model.js", import.meta.url));
const where = (file: string): string =>
  JSON.stringify(
    new URL(`../packages/core/${BUILT ? `dist/models/${file}.js` : `src/models/${file}.ts`}`, import.meta.url).href,
  );
const MODELS = ["url", "message", "email"].map((m) => where(`generated/${m}-model`));
// The list of widely visited sites the URL rules read, built into its set as the first URL lookup builds it.
const WIDELY_VISITED = JSON.stringify(
  new URL(
    `../packages/core/${BUILT ? "dist/analyzers/url/widely-visited.js" : "src/analyzers/url/widely-visited.ts"}`,
    import.meta.url,
  ).href,
);
const CHILD = `
const { performance } = await import("node:perf_hooks");
const { base64Bytes, decodeModel } = await import(${where("linear-model")});
const load = process.argv.includes("load");
global.gc?.();
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const kept = [];
let decodeMs = 0;
if (load) for (const m of [${MODELS.join(", ")}]) {
  const mod = await import(m);
  const t = performance.now();
  for (const v of Object.values(mod)) if (typeof v === "string") kept.push(decodeModel(base64Bytes(v)));
  decodeMs += performance.now() - t;
}
// Its set is built on the first question asked of it.
if (load) (await import(${WIDELY_VISITED})).isWidelyVisited("example.com");
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, decodeMs, rss: process.memoryUsage().rss - rss0, models: kept.length }));
`;

function child(load: boolean): { ms: number; decodeMs: number; rss: number; models: number } {
  const r = spawnSync(
    process.execPath,
    [...(BUILT ? [] : ["--import", "tsx"]), "--input-type=module", "-e", CHILD, "--", load ? "load" : "none"],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").pop() as string) as {
    ms: number;
    decodeMs: number;
    rss: number;
    models: number;
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const runs = 5;
const base = Array.from({ length: runs }, () => child(false));
const loaded = Array.from({ length: runs }, () => child(true));
const ms = median(loaded.map((r) => r.ms)) - median(base.map((r) => r.ms));
const decodeMs = median(loaded.map((r) => r.decodeMs));
const mb = (median(loaded.map((r) => r.rss)) - median(base.map((r) => r.rss))) / 2 ** 20;
console.log(
  `loading the ${loaded[0]?.models} models and the widely visited sites, ${BUILT ? "built" : "sources through tsx (run pnpm build for the built figure)"} (median of ${runs} processes each): +${ms.toFixed(1)} ms (decoding ${decodeMs.toFixed(1)} ms of it, the rest importing their data), +${mb.toFixed(1)} MB RSS`,
);
console.log(`  target < 300 ms and < 100 MB: ${ms < 300 && mb < 100 ? "met" : "missed"}`);

function perItem(label: string, inputs: readonly string[], fn: (s: string) => unknown): number {
  for (const s of inputs) fn(s);
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const s of inputs) {
      const t = performance.now();
      fn(s);
      times.push(performance.now() - t);
    }
  }
  const p50 = median(times);
  console.log(`  ${label.padEnd(36)} p50 ${(p50 * 1000).toFixed(1)} µs`);
  return p50;
}

const urls = [
  "https://www.paypal.com.secure-login.xyz/webscr/login.php?cmd=_login",
  "https://en.wikipedia.org/wiki/Phishing",
  "http://192.168.4.20:8080/bins/mips",
  "https://docs.github.com/en/actions/using-workflows",
];
const texts = [
  "USPS: your parcel is on hold, pay $1.99 at usps-redelivery.top within 12 hours",
  "Hey, are we still on for dinner at 7? I'll bring the wine.",
  "Your verification code is 482913. Do not share it with anyone.",
  "WINNER!! You have won a £1,000 prize. Call 09061701461 now to claim.",
];
const directory = createOrganisationDirectory();
console.log("one reading against the offline rules of the same input, same run:");
const rulesUrl = perItem("URL analyzers (normalizeUrl + analyzeUrl)", urls, (u) =>
  analyzeUrl(normalizeUrl(u)._unsafeUnwrap()),
);
const modelUrl = perItem("URL model (readUrl)", urls, (u) => readUrl(u));
const rulesText = perItem("message analyzer", texts, (t) => analyzeMessage(t, { directory, kind: "text" }));
const modelText = perItem("message model (readMessage)", texts, (t) => readMessage("sms", t));
console.log(
  `  ratio model / rules: URL ${(modelUrl / rulesUrl).toFixed(2)}, text ${(modelText / rulesText).toFixed(2)}; target: a reading under 1 ms: ${Math.max(modelUrl, modelText) < 1 ? "met" : "missed"}`,
);
