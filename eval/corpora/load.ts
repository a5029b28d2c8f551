// The real public corpora under eval/corpora/<channel>/: one gzip JSON Lines file per source and a manifest
// (sources.json) per channel. Training and evaluation read them only through this module, so which items are held
// out of fitting (heldout.json) is decided in one place.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

export const CORPUS_CHANNELS = ["url", "sms", "email", "document"] as const;
export type CorpusChannel = (typeof CORPUS_CHANNELS)[number];
export type CorpusLabel = "scam" | "legit";

export const CORPORA_DIR = dirname(fileURLToPath(import.meta.url));

export interface CorpusItem {
  readonly source: string;
  readonly label: CorpusLabel;
  readonly text: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD: when the item was seen or sent, as precise as the source tells. */
  readonly date?: string;
  readonly lang?: string;
  readonly kind?: string;
}

export interface CorpusSource {
  readonly id: string;
  readonly file: string;
  readonly origin: string;
  readonly commit: string | null;
  readonly retrieved: string;
  readonly licence: string;
  /** Whether the licence allows commercial use: only such sources may train what ships in a package. */
  readonly commercial: boolean | null;
  readonly labels: readonly CorpusLabel[];
  readonly counts: Partial<Record<CorpusLabel, number>>;
  readonly dateRange: string;
  readonly languages: readonly string[];
  readonly sampling: string;
  readonly cleaning: string;
  readonly description: string;
}

/** What never takes part in fitting: whole sources, and for dated feeds every item seen after a date. */
export interface HeldOut {
  readonly sources: readonly string[];
  readonly after: string | null;
  /** Sources whose dates say when a list was taken, not when an item was first seen: the time split skips them. */
  readonly undated?: readonly string[];
}

export function loadSources(channel: CorpusChannel): CorpusSource[] {
  const manifest = join(CORPORA_DIR, channel, "sources.json");
  if (!existsSync(manifest)) return [];
  return JSON.parse(readFileSync(manifest, "utf8")) as CorpusSource[];
}

export function loadHeldOut(channel: CorpusChannel): HeldOut {
  const file = join(CORPORA_DIR, "heldout.json");
  if (!existsSync(file)) return { sources: [], after: null };
  const all = JSON.parse(readFileSync(file, "utf8")) as Partial<Record<CorpusChannel, HeldOut>>;
  return all[channel] ?? { sources: [], after: null };
}

function readSource(channel: CorpusChannel, source: CorpusSource): CorpusItem[] {
  const raw = gunzipSync(readFileSync(join(CORPORA_DIR, channel, source.file))).toString("utf8");
  const items: CorpusItem[] = [];
  raw.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const row = JSON.parse(line) as Partial<CorpusItem>;
    if ((row.label !== "scam" && row.label !== "legit") || typeof row.text !== "string") {
      throw new Error(`${channel}/${source.file}:${i + 1}: needs "label" (scam|legit) and "text"`);
    }
    items.push({
      source: source.id,
      label: row.label,
      text: row.text,
      ...(typeof row.date === "string" ? { date: row.date } : {}),
      ...(typeof row.lang === "string" ? { lang: row.lang } : {}),
      ...(typeof row.kind === "string" ? { kind: row.kind } : {}),
    });
  });
  return items;
}

export interface LoadOptions {
  /** Only these source ids. */
  readonly sources?: readonly string[];
  /** Not these source ids: the corpus as if they were not committed. */
  readonly without?: readonly string[];
}

/** Every item of the channel's sources, in manifest and file order. */
export function loadCorpus(channel: CorpusChannel, options: LoadOptions = {}): CorpusItem[] {
  const out: CorpusItem[] = [];
  for (const source of loadSources(channel)) {
    if (options.sources !== undefined && !options.sources.includes(source.id)) continue;
    if (options.without?.includes(source.id) === true) continue;
    out.push(...readSource(channel, source));
  }
  return out;
}

/** Whether an item is kept out of fitting: its source is held out, or it was seen after the cut-off date. */
export function isHeldOut(item: CorpusItem, heldOut: HeldOut): boolean {
  if (heldOut.sources.includes(item.source)) return true;
  if (heldOut.undated?.includes(item.source) === true) return false;
  return heldOut.after !== null && item.date !== undefined && item.date.slice(0, 10) > heldOut.after;
}
