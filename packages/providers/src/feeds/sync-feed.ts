// Downloads (through the SSRF-safe fetcher) or reads a threat feed, parses it, and replaces the stored snapshot
// when it changed and looks whole; then reloads the live threat index so lookups see the new set at once.

import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import type { Clock, FeedStore } from "@scamverify/core";
import type { SafeFetcher } from "../net/safe-fetch.js";
import type { LiveThreatIndex } from "../threat-index/threat-index.js";
import type { FeedParseResult } from "./feed-csv.js";
import { parseOpenphish } from "./parse-openphish.js";
import { parsePhishtankCsv } from "./parse-phishtank.js";
import { parseThreatfoxCsv, parseThreatfoxJson } from "./parse-threatfox.js";
import { parseUrlhausCsv } from "./parse-urlhaus.js";

export const FEED_NAMES = ["urlhaus", "threatfox", "openphish", "phishtank"] as const;
export type FeedName = (typeof FEED_NAMES)[number];

/** Where each feed is published. PhishTank asks registered users to put their application key in the path. */
export const DEFAULT_FEED_URLS: Readonly<Record<FeedName, string>> = {
  urlhaus: "https://urlhaus.abuse.ch/downloads/csv_recent/",
  threatfox: "https://threatfox.abuse.ch/export/csv/recent/",
  openphish: "https://openphish.com/feed.txt",
  phishtank: "http://data.phishtank.com/data/online-valid.csv",
};

/** PhishTank's download address for a registered application key. */
export function phishtankFeedUrl(appKey: string): string {
  return `http://data.phishtank.com/data/${encodeURIComponent(appKey)}/online-valid.csv`;
}

/** Feeds are large; anything past this is not a feed we want in memory. */
export const MAX_FEED_BYTES = 64 * 1024 * 1024;
/** A new file with fewer records than this share of the previous snapshot is taken as broken. */
export const DEFAULT_MIN_RATIO = 0.5;

export interface SyncFeedDeps {
  readonly store: FeedStore;
  readonly clock: Clock;
  /** Needed for URL sources. */
  readonly fetcher?: SafeFetcher;
  /** Reloaded after a changed snapshot is written. */
  readonly index?: LiveThreatIndex;
}

export type FeedSource = { readonly url: string } | { readonly file: string };

export interface SyncFeedRequest {
  readonly feed: FeedName;
  /** Default: the feed's published URL. */
  readonly source?: FeedSource;
  /** Write even when unchanged or much smaller than the previous snapshot. */
  readonly force?: boolean;
  readonly minRatio?: number;
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
}

export interface SyncFeedSummary {
  readonly feed: FeedName;
  /** updated: written; unchanged: same bytes as the stored snapshot; refused: looked broken; failed: not read. */
  readonly status: "updated" | "unchanged" | "refused" | "failed";
  /** Records in the file (or in the stored snapshot when nothing was written). */
  readonly records: number;
  readonly skipped: number;
  readonly changed: boolean;
  readonly reason?: string;
  readonly sha256?: string;
  readonly source: string;
}

function parserFor(feed: FeedName, text: string): FeedParseResult {
  switch (feed) {
    case "urlhaus":
      return parseUrlhausCsv(text);
    case "threatfox":
      return text.trimStart().startsWith("{") ? parseThreatfoxJson(text) : parseThreatfoxCsv(text);
    case "openphish":
      return parseOpenphish(text);
    case "phishtank":
      return parsePhishtankCsv(text);
  }
}

async function readSource(
  source: FeedSource,
  deps: SyncFeedDeps,
  maxBytes: number,
  timeoutMs: number,
): Promise<Buffer> {
  if ("file" in source) {
    const info = await stat(source.file);
    if (info.size > maxBytes) throw new Error(`file is ${info.size} bytes, over the ${maxBytes} byte cap`);
    return readFile(source.file);
  }
  if (deps.fetcher === undefined) throw new Error("a URL source needs the safe fetcher");
  const res = await deps.fetcher.fetch(source.url, { maxBytes, timeoutMs });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} from ${res.url}`);
  return res.body;
}

export async function syncFeed(deps: SyncFeedDeps, request: SyncFeedRequest): Promise<SyncFeedSummary> {
  const { feed } = request;
  const source = request.source ?? { url: DEFAULT_FEED_URLS[feed] };
  const sourceLabel = "file" in source ? `file:${source.file}` : source.url;
  const maxBytes = request.maxBytes ?? MAX_FEED_BYTES;
  const base = { feed, source: sourceLabel };
  const previous = (await deps.store.snapshots()).find((s) => s.feed === feed);
  const prevRecords = previous?.records ?? 0;

  let bytes: Buffer;
  try {
    bytes = await readSource(source, deps, maxBytes, request.timeoutMs ?? 120_000);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ...base, status: "failed", records: prevRecords, skipped: 0, changed: false, reason };
  }

  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (previous !== undefined && previous.sha256 === sha256 && request.force !== true) {
    return {
      ...base,
      status: "unchanged",
      records: prevRecords,
      skipped: 0,
      changed: false,
      sha256,
      reason: "unchanged",
    };
  }

  const parsed = parserFor(feed, bytes.toString("utf8"));
  if (!parsed.ok) {
    return {
      ...base,
      status: "refused",
      records: prevRecords,
      skipped: 0,
      changed: false,
      sha256,
      reason: parsed.error,
    };
  }
  const records = parsed.records.length;
  const minRatio = request.minRatio ?? DEFAULT_MIN_RATIO;
  if (request.force !== true && previous !== undefined && records < previous.records * minRatio) {
    return {
      ...base,
      status: "refused",
      records,
      skipped: parsed.skipped,
      changed: false,
      sha256,
      reason: `only ${records} records against ${previous.records} in the stored snapshot; use force to accept`,
    };
  }

  await deps.store.replace({ feed, records, sha256, source: sourceLabel, syncedAt: deps.clock.now() }, parsed.records);
  if (deps.index !== undefined) await deps.index.reload(deps.store);
  return { ...base, status: "updated", records, skipped: parsed.skipped, changed: true, sha256 };
}
