// Writes the URL source `text-links-th-vn-2022-2025`: the links of the Thai and Vietnamese text sources' messages
// (eval/corpora/sms), each labelled as its message is. Legitimate senders' texts carry what no other URL source
// holds: operators', banks' and wallets' short campaign paths and app deep links (my.vnpt.com.vn/adv/vplus,
// myvt.page.link/welcome, km.vtmoney.vn/314y/muadata), which the URL model read as phishing because every short link
// it had met came from a phishing feed. Only these two text sources give links: the others stay out, so the URL model
// never reads their links before the texts' figures left one source out do (eval/corpora/README.md).
// Run: node --conditions=source --import tsx eval/corpora/url/links-of-texts.ts

import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { extractEntities } from "../../../packages/core/src/analyzers/message/extract-entities.js";
import { normalizeUrl } from "../../../packages/core/src/analyzers/url/normalize-url.js";
import { CORPORA_DIR, isHeldOut, loadCorpus, loadHeldOut, loadSources, type CorpusItem } from "../load.js";

export const SOURCE_ID = "text-links-th-vn-2022-2025";
/** The text sources whose links are taken. */
export const FROM = ["thai-sms-2022", "vietnamese-a2p-sms-2022-2025"] as const;
/** Links kept per host, as in the other URL sources. */
const PER_HOST = 20;

interface Row {
  readonly label: "scam" | "legit";
  readonly text: string;
  readonly date?: string;
  readonly lang?: string;
}

const sha1 = (s: string): string => createHash("sha1").update(s).digest("hex");
const hostKey = (url: string): string => new URL(url).hostname.toLowerCase().replace(/^www\./, "");

/** The links of one message, as the text channel reads them (normalized, http and https only). */
function linksOf(item: CorpusItem): string[] {
  const out: string[] = [];
  for (const u of extractEntities(item.text).urls) {
    const normalized = normalizeUrl(u.candidate);
    if (normalized.isErr()) continue;
    const href = normalized.value.href;
    if (/^https?:\/\//.test(href)) out.push(href);
  }
  return out;
}

export function buildRows(): { rows: Row[]; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  const bump = (k: string): void => {
    counts[k] = (counts[k] ?? 0) + 1;
  };
  const heldOut = loadHeldOut("sms");
  const first = new Map<string, Row>();
  const labels = new Map<string, Set<string>>();
  for (const item of loadCorpus("sms", { sources: [...FROM] })) {
    if (isHeldOut(item, heldOut)) continue;
    // Scam links are taken from scam texts only: the Thai source's "spam" kind (shop promotions, premium services)
    // carries the links of legitimate advertisers, which other sources' genuine advertising texts share in shape.
    if (item.label === "scam" && item.kind !== "scam") {
      bump("advertising texts (kind spam), not read");
      continue;
    }
    for (const href of linksOf(item)) {
      labels.set(href, (labels.get(href) ?? new Set()).add(item.label));
      if (first.has(href)) {
        bump("duplicates within the source");
        continue;
      }
      first.set(href, {
        label: item.label,
        text: href,
        ...(item.date !== undefined ? { date: item.date } : {}),
        ...(item.lang !== undefined ? { lang: item.lang } : {}),
      });
    }
  }
  // URLs any earlier URL source lists, and the hand-made sets' URLs, are not taken again.
  const earlier = new Set<string>();
  for (const source of loadSources("url")) {
    if (source.id === SOURCE_ID) continue;
    for (const it of loadCorpus("url", { sources: [source.id] })) earlier.add(it.text);
  }
  const candidates = [...first.values()].filter((row) => {
    if ((labels.get(row.text)?.size ?? 0) > 1) {
      bump("carried by texts of both labels");
      return false;
    }
    if (earlier.has(row.text)) {
      bump("equal to an item of an earlier source");
      return false;
    }
    return true;
  });
  const order = new Map(candidates.map((row) => [row, sha1(row.text)]));
  candidates.sort((a, b) => (order.get(a)! < order.get(b)! ? -1 : 1));
  const perHost = new Map<string, number>();
  const rows: Row[] = [];
  for (const row of candidates) {
    const host = hostKey(row.text);
    const n = perHost.get(host) ?? 0;
    if (n >= PER_HOST) {
      bump("over the per-host cap");
      continue;
    }
    perHost.set(host, n + 1);
    rows.push(row);
  }
  rows.sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.text.localeCompare(b.text));
  return { rows, counts };
}

if (process.argv[1]?.endsWith("links-of-texts.ts")) {
  const { rows, counts } = buildRows();
  const jsonl = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
  writeFileSync(join(CORPORA_DIR, "url", `${SOURCE_ID}.jsonl.gz`), gzipSync(jsonl, { level: 9 }));
  const byLabel = {
    scam: rows.filter((r) => r.label === "scam").length,
    legit: rows.filter((r) => r.label === "legit").length,
  };
  console.log(JSON.stringify({ byLabel, removed: counts, hosts: new Set(rows.map((r) => hostKey(r.text))).size }));
}
