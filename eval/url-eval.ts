// Detection quality of the offline URL analyzers (normalizeUrl + analyzeUrl) on labelled public data.
// Run: node --conditions=source --import tsx eval/url-eval.ts [--show-tuning-errors]
// The held-out half (fixed by a hash of the URL) is reported but never inspected case by case.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeUrl, normalizeUrl } from "../packages/core/src/analyzers/url/index.js";
import type { Evidence } from "../packages/core/src/ports/signal-source.js";

const DATA = join(dirname(fileURLToPath(import.meta.url)), "url", "sets");
const THRESHOLDS = [40, 65, 85] as const;

type Kind = "phish" | "legit";
interface Item {
  readonly url: string;
  readonly kind: Kind;
  readonly set: string;
  /** For phishing: the impersonated brand when one from the brand list is known, else null. */
  readonly brand: string | null;
}

function lines(file: string): string[] {
  return readFileSync(join(DATA, file), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** FNV-1a, 32 bit: a stable split that does not depend on file order. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function isHeldOut(url: string): boolean {
  return fnv1a(url) % 2 === 0;
}

/** The scorer's combination rule, applied to analyzer evidence only. */
export function scoreEvidence(evidence: readonly Evidence[]): number {
  let keep = 1;
  let negative = 0;
  let floor = 0;
  for (const e of evidence) {
    floor = Math.max(floor, e.floor ?? 0);
    for (const f of e.factors) {
      if (f.points > 0) keep *= 1 - Math.min(f.points, 100) / 100;
      else negative += -f.points;
    }
  }
  const score = Math.max((1 - keep) * 100 - negative, floor);
  return Math.round(Math.min(100, Math.max(0, score)));
}

function loadItems(): Item[] {
  const items: Item[] = [];
  for (const d of lines("legit-top-sites.txt")) {
    items.push({ url: `https://${d}/`, kind: "legit", set: "legit_popular", brand: null });
    // A sign-in page on a popular site must not read as phishing either.
    if (fnv1a(d) % 3 === 0) items.push({ url: `https://${d}/login`, kind: "legit", set: "legit_popular", brand: null });
  }
  for (const d of lines("legit-eth-whitelist.txt")) {
    items.push({ url: `https://${d}/`, kind: "legit", set: "legit_crypto_lookalike", brand: null });
  }
  for (const d of lines("legit-lookalikes.txt")) {
    items.push({ url: `https://${d}/`, kind: "legit", set: "legit_brand_lookalike", brand: null });
  }
  for (const line of lines("phish-feeds.tsv")) {
    const [url, brand] = line.split("\t");
    if (url === undefined) continue;
    items.push({ url, kind: "phish", set: "phish_feeds", brand: brand === undefined || brand === "-" ? null : brand });
  }
  for (const d of lines("phish-eth-blacklist.txt")) {
    items.push({ url: `https://${d}/`, kind: "phish", set: "phish_crypto", brand: null });
  }
  return items;
}

interface Scored extends Item {
  readonly score: number;
  readonly detectedBrand: string | null;
  readonly why: string;
}

function scoreItem(item: Item): Scored | null {
  const normalized = normalizeUrl(item.url);
  if (normalized.isErr()) return null;
  const evidence = analyzeUrl(normalized.value);
  const signal = evidence[0]?.signals["brand_impersonation"] as { detected: boolean; brand: string | null } | undefined;
  return {
    ...item,
    score: scoreEvidence(evidence),
    detectedBrand: signal?.detected === true ? signal.brand : null,
    why: evidence.flatMap((e) => e.factors.map((f) => `${f.id}:${f.points}`)).join(" "),
  };
}

function pct(n: number, d: number): string {
  return d === 0 ? "   n/a" : `${((100 * n) / d).toFixed(1).padStart(5)}%`;
}

function report(title: string, rows: readonly Scored[]): void {
  const phish = rows.filter((r) => r.kind === "phish");
  const branded = phish.filter((r) => r.brand !== null);
  const legit = rows.filter((r) => r.kind === "legit");
  const popular = legit.filter((r) => r.set === "legit_popular");
  const lookalike = legit.filter((r) => r.set !== "legit_popular");
  console.log(
    `\n== ${title}: ${phish.length} phishing (${branded.length} impersonating a listed brand), ${legit.length} legitimate`,
  );
  console.log(
    "threshold  precision  recall(all)  recall(brand)  recall(feeds)  recall(crypto)  FPR(all legit)  FPR(popular)  FPR(lookalikes)",
  );
  for (const t of THRESHOLDS) {
    const hit = (r: Scored): boolean => r.score >= t;
    const tp = phish.filter(hit).length;
    const fp = legit.filter(hit).length;
    const feeds = phish.filter((r) => r.set === "phish_feeds");
    const crypto = phish.filter((r) => r.set === "phish_crypto");
    console.log(
      [
        `>= ${t}`.padEnd(9),
        pct(tp, tp + fp).padStart(9),
        pct(tp, phish.length).padStart(12),
        pct(branded.filter(hit).length, branded.length).padStart(14),
        pct(feeds.filter(hit).length, feeds.length).padStart(14),
        pct(crypto.filter(hit).length, crypto.length).padStart(15),
        pct(fp, legit.length).padStart(15),
        pct(popular.filter(hit).length, popular.length).padStart(13),
        pct(lookalike.filter(hit).length, lookalike.length).padStart(16),
      ].join(" "),
    );
  }
  const brandRight = branded.filter((r) => r.detectedBrand === r.brand).length;
  console.log(`brand named correctly on brand-impersonating phishing: ${pct(brandRight, branded.length)}`);
}

function main(): void {
  const items = loadItems();
  const scored: Scored[] = [];
  let rejected = 0;
  for (const item of items) {
    const s = scoreItem(item);
    if (s === null) rejected++;
    else scored.push(s);
  }
  const tuning = scored.filter((s) => !isHeldOut(s.url));
  const heldOut = scored.filter((s) => isHeldOut(s.url));
  console.log(`URL analyzers evaluation: ${scored.length} URLs scored, ${rejected} rejected by normalizeUrl`);
  report("held-out part", heldOut);
  report("tuning part", tuning);
  if (process.argv.includes("--show-tuning-errors")) {
    console.log("\n-- tuning part: legitimate URLs scored >= 40");
    for (const s of tuning.filter((r) => r.kind === "legit" && r.score >= 40)) console.log(s.score, s.url, s.why);
    console.log("\n-- tuning part: brand-impersonating phishing scored < 65");
    for (const s of tuning.filter((r) => r.brand !== null && r.score < 65)) console.log(s.score, s.url, s.brand, s.why);
  }
}

main();
