// Lookup cost of the in-memory threat index on 100,000 listed domains, against a bare Set.has baseline measured in
// the same run. Run: node --conditions=source --import tsx bench/threat-index.ts
import { ThreatIndex } from "../packages/providers/src/threat-index/threat-index.js";
import { median } from "./lib/stats.js";

type NormalizedUrl = Parameters<ThreatIndex["match"]>[0];

const DOMAINS = 100_000;
const QUERIES = 10_000;
const ROUNDS = 50;
const TRIALS = 7;
const TARGET_NS = 2_000;

function normalized(host: string, registrable: string, path: string): NormalizedUrl {
  return {
    href: `https://${host}${path}`,
    scheme: "https",
    host,
    hostUnicode: host,
    port: null,
    path,
    query: "",
    registrableDomain: registrable,
    publicSuffix: "com",
    subdomain: host === registrable ? "" : host.slice(0, host.length - registrable.length - 1),
    isIp: false,
    hasCredentials: false,
  };
}

const domains = Array.from({ length: DOMAINS }, (_, i) => `listed-${i.toString(36)}-shop.com`);
const index = ThreatIndex.build([
  { feed: "threatfox", records: domains.map((value) => ({ kind: "host" as const, value, threat: "botnet_cc" })) },
]);
const baseline = new Set(domains);

// Half the queries hit (on a subdomain, so the parent walk runs), half miss.
const queries: NormalizedUrl[] = [];
for (let i = 0; i < QUERIES; i++) {
  const registrable = i % 2 === 0 ? (domains[(i * 7919) % DOMAINS] as string) : `clean-${i}-site.com`;
  queries.push(normalized(`www.${registrable}`, registrable, `/path/${i}`));
}
const hosts = queries.map((q) => q.registrableDomain as string);

function timeOnce(fn: () => number): { nsPerOp: number; sink: number } {
  const start = process.hrtime.bigint();
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) sink += fn();
  return { nsPerOp: Number(process.hrtime.bigint() - start) / (ROUNDS * QUERIES), sink: sink / ROUNDS };
}

const runIndex = (): number => {
  let hits = 0;
  for (const q of queries) if (index.match(q).length > 0) hits++;
  return hits;
};
const runSet = (): number => {
  let hits = 0;
  for (const h of hosts) if (baseline.has(h)) hits++;
  return hits;
};

// Interleaved trials, median of each, so load from other processes hits both sides alike.
const indexTimes: number[] = [];
const setTimes: number[] = [];
let indexSink = 0;
let setSink = 0;
for (let t = 0; t < TRIALS + 1; t++) {
  const a = timeOnce(runIndex);
  const b = timeOnce(runSet);
  if (t === 0) continue; // warm-up
  indexTimes.push(a.nsPerOp);
  setTimes.push(b.nsPerOp);
  indexSink = a.sink;
  setSink = b.sink;
}
const indexRun = { nsPerOp: median(indexTimes), sink: indexSink };
const setRun = { nsPerOp: median(setTimes), sink: setSink };

if (indexRun.sink !== setRun.sink) throw new Error(`hit counts differ: ${indexRun.sink} vs ${setRun.sink}`);
const ratio = indexRun.nsPerOp / setRun.nsPerOp;
console.log(
  `threat index: ${DOMAINS} domains, ${QUERIES} queries x ${ROUNDS} rounds, median of ${TRIALS} trials (50% hits)`,
);
console.log(`  ThreatIndex.match   ${indexRun.nsPerOp.toFixed(1)} ns/lookup`);
console.log(`  Set.has baseline    ${setRun.nsPerOp.toFixed(1)} ns/lookup`);
console.log(`  ratio               ${ratio.toFixed(2)}x baseline`);
console.log(`  target < ${TARGET_NS} ns: ${indexRun.nsPerOp < TARGET_NS ? "met" : "MISSED"}`);
if (indexRun.nsPerOp >= TARGET_NS) process.exitCode = 1;
