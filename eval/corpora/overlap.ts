// Which training items are the same message as a held-out one: a campaign sent to two lists, a text forwarded to two
// corpora. Such an item in training would let a fit see what the held-out figure is meant to measure, so the leak is
// counted per pair of sources and, with --drop=<source>, removed from that training source's file. Only counts are
// printed, never an item's words.
//
// Run: node --conditions=source --import tsx eval/corpora/overlap.ts <url|sms|email> [--drop=<training source>]

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { fnv1a } from "../fnv1a.js";
import {
  CORPORA_DIR,
  CORPUS_CHANNELS,
  type CorpusChannel,
  type CorpusItem,
  isHeldOut,
  loadCorpus,
  loadHeldOut,
  loadSources,
} from "./load.js";

/** Words in a row that make one shingle. */
const SHINGLE = 5;
/** Shingles read of one item: a message's first few thousand words say which campaign it is. */
const MAX_SHINGLES = 2_000;
/** Share of the smaller item's shingles found in the other one at which two items are one message. */
export const SAME_MESSAGE = 0.5;

/** What is compared: a mail's body (after its header block), a text whole, a link as one shingle (the same link). */
function shinglesOf(item: CorpusItem, channel: CorpusChannel): Set<number> {
  if (channel === "url") return new Set([fnv1a(item.text.trim().toLowerCase())]);
  if (channel !== "email") return shingles(item.text);
  const at = item.text.search(/\r?\n\r?\n/);
  return shingles(at < 0 ? item.text : item.text.slice(at));
}

/** The item's shingles as hashes; an item of fewer words than a shingle is one shingle of all of them. */
export function shingles(text: string): Set<number> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<number>();
  if (words.length < SHINGLE) {
    if (words.length > 0) out.add(fnv1a(words.join(" ")));
    return out;
  }
  for (let i = 0; i + SHINGLE <= words.length && out.size < MAX_SHINGLES; i++) {
    out.add(fnv1a(words.slice(i, i + SHINGLE).join(" ")));
  }
  return out;
}

/** For each candidate, the references it is the same message as (none: an empty list). */
export function sameMessageAs(candidates: readonly Set<number>[], references: readonly Set<number>[]): number[][] {
  const index = new Map<number, number[]>();
  references.forEach((ref, r) => {
    for (const h of ref) {
      const list = index.get(h);
      if (list === undefined) index.set(h, [r]);
      else list.push(r);
    }
  });
  return candidates.map((cand) => {
    if (cand.size === 0) return [];
    const shared = new Map<number, number>();
    for (const h of cand) for (const r of index.get(h) ?? []) shared.set(r, (shared.get(r) ?? 0) + 1);
    return [...shared].filter(([r, n]) => n / Math.min(cand.size, references[r]!.size) >= SAME_MESSAGE).map(([r]) => r);
  });
}

/** For each candidate, whether it is the same message as one of the references. */
export function sameMessages(candidates: readonly Set<number>[], references: readonly Set<number>[]): boolean[] {
  return sameMessageAs(candidates, references).map((refs) => refs.length > 0);
}

function main(args: readonly string[]): void {
  const channel = args.find((a) => !a.startsWith("--")) as CorpusChannel | undefined;
  if (channel === undefined || !CORPUS_CHANNELS.includes(channel)) {
    throw new Error(`usage: overlap.ts <${CORPUS_CHANNELS.join("|")}> [--drop=<training source>]`);
  }
  const drop = args.find((a) => a.startsWith("--drop="))?.slice("--drop=".length);
  const heldOut = loadHeldOut(channel);
  const items = loadCorpus(channel);
  const held = items.filter((it) => isHeldOut(it, heldOut));
  const heldShingles = held.map((it) => shinglesOf(it, channel));
  for (const source of loadSources(channel)) {
    if (heldOut.sources.includes(source.id)) continue;
    const own = items.filter((it) => it.source === source.id && !isHeldOut(it, heldOut));
    const ownShingles = own.map((it) => shinglesOf(it, channel));
    const matches = sameMessageAs(ownShingles, heldShingles);
    const same = matches.map((refs) => refs.length > 0);
    const leaked = same.filter(Boolean).length;
    // Per held-out source, the items that match one of its items (an item may match in two sources).
    const perHeld = new Map<string, number>();
    for (const refs of matches) {
      for (const h of new Set(refs.map((r) => held[r]!.source))) perHeld.set(h, (perHeld.get(h) ?? 0) + 1);
    }
    const byHeld = [...perHeld].map(([h, n]) => `${h} ${n}`);
    console.log(
      `${source.id}: ${leaked} of ${own.length} the same as a held-out item${byHeld.length ? ` (${byHeld.join(", ")})` : ""}`,
    );
    if (drop !== source.id || leaked === 0) continue;
    // Rewrite the file without them; the source's held-out items (a time split's later part), if any, stay.
    const path = join(CORPORA_DIR, channel, source.file);
    const lines = gunzipSync(readFileSync(path))
      .toString("utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");
    let k = 0;
    const kept = lines.filter((line) => {
      const row = JSON.parse(line) as CorpusItem;
      if (isHeldOut({ ...row, source: source.id }, heldOut)) return true;
      return same[k++] !== true;
    });
    writeFileSync(path, gzipSync(`${kept.join("\n")}\n`, { level: 9 }));
    console.log(`  dropped ${lines.length - kept.length}; ${kept.length} kept in ${source.file}`);
  }
}

if (process.argv[1]?.endsWith("overlap.ts") === true) main(process.argv.slice(2));
