// Cached URL lookups through the engine for an account with no list entries (the baseline) against accounts with
// 10,000 entries, in the same run: one whose entries match none of the URLs, and one whose block entry covers every
// URL (the list factor is applied on each answer). The lists are applied after the shared cache, per account, so
// they must keep a cached lookup cheap: target at least 0.8 of the baseline's throughput. Also counts the receipts
// written: a repeated cached lookup of the same result writes none.
//   node --conditions=source --import tsx bench/account-lists.ts [--urls=N]
import {
  InMemoryFeedbackStore,
  InMemoryListStore,
  type Principal,
  type ResultReceipt,
} from "../packages/core/src/index.js";
import { median } from "./lib/stats.js";
import { inMemoryEngine, urlBenchPrincipal } from "./lib/engine.js";

const N = Number(process.argv.find((a) => a.startsWith("--urls="))?.slice(7) ?? 2_000);
const ROUNDS = 5;
const TARGET = 0.8;
const urls = Array.from({ length: N }, (_, i) => `https://shop${i % 50}.bench-lists.example/item?n=${i}`);

let receipts = 0;
class CountingFeedbackStore extends InMemoryFeedbackStore {
  override async recordReceipt(r: ResultReceipt): Promise<void> {
    receipts++;
    return super.recordReceipt(r);
  }
}
const lists = new InMemoryListStore();
const engine = inMemoryEngine({ lists, feedback: new CountingFeedbackStore() });

function account(): Promise<Principal> {
  return urlBenchPrincipal(engine, `bench-${Math.random().toString(36).slice(2)}@example.com`);
}

async function fill(p: Principal, matching: boolean): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    const r = await engine.lists.add(p, i % 2 ? "allow" : "block", {
      kind: "domain",
      value: `unrelated-${i}.example.net`,
    });
    if (r.isErr()) throw new Error(r.error.message);
  }
  if (matching) {
    // Replaces one of the 10,000: the limit holds.
    await engine.lists.remove(
      p,
      "block",
      (await engine.lists.page(p, "block", { limit: "1" }))._unsafeUnwrap().value.entries[0]!.id,
    );
    (await engine.lists.add(p, "block", { kind: "domain", value: "bench-lists.example" }))._unsafeUnwrap();
  }
}

const empty = await account();
const unmatched = await account();
const matched = await account();
await fill(unmatched, false);
await fill(matched, true);

async function rate(p: Principal): Promise<number> {
  const start = process.hrtime.bigint();
  for (const u of urls) {
    const r = await engine.lookupUrl(p, { url: u });
    if (r.isErr() || !r.value.value.cached) throw new Error("expected a cached answer");
  }
  return N / (Number(process.hrtime.bigint() - start) / 1e9);
}

// Fill the shared cache, and each account's receipts, once.
for (const u of urls) (await engine.lookupUrl(empty, { url: u }))._unsafeUnwrap();
for (const p of [empty, unmatched, matched]) await rate(p);
const first = (await engine.lookupUrl(matched, { url: urls[0]! }))._unsafeUnwrap().value;
if (first.factors[0]?.id !== "account_blocklist") throw new Error("the matching account's block entry did not apply");

const written = receipts;
const samples = { empty: [] as number[], unmatched: [] as number[], matched: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  // The order turns each round, so no account is always measured right after another.
  const order = [
    () => rate(empty).then((v) => samples.empty.push(v)),
    () => rate(unmatched).then((v) => samples.unmatched.push(v)),
    () => rate(matched).then((v) => samples.matched.push(v)),
  ];
  for (let i = 0; i < order.length; i++) await order[(i + round) % order.length]!();
}
const base = median(samples.empty);
const a = median(samples.unmatched);
const b = median(samples.matched);
const line = (name: string, v: number): string =>
  `${name.padEnd(44)} ${Math.round(v).toLocaleString("en-US").padStart(9)} lookups/s  ratio ${(v / base).toFixed(2)}`;
process.stdout.write(
  [
    `cached URL lookups, ${N} URLs x ${ROUNDS} rounds, median`,
    line("baseline: no list entries", base),
    line("10,000 entries, none matching", a),
    line("10,000 entries, a block entry matching all", b),
    `receipts written during the ${ROUNDS * 3 * N} repeated cached lookups: ${receipts - written}`,
    `target: each ratio >= ${TARGET}`,
  ].join("\n") + "\n",
);
process.exitCode = a / base >= TARGET && b / base >= TARGET && receipts === written ? 0 : 1;
