// Shared pieces of the feed parsers: a CSV reader for the abuse.ch and PhishTank dumps (quoted fields, "" escapes,
// spaces after separators, `#` comment lines) and the normalization of indicators into FeedRecord values.

import type { FeedRecord } from "@scamverify/core";

export interface CsvDocument {
  readonly rows: string[][];
  /** Lines starting with `#` at a record boundary, without the leading `#`, trimmed. */
  readonly comments: string[];
  /** true when the text ended inside a quoted field: the file was cut off. */
  readonly unterminated: boolean;
}

export function readCsv(text: string): CsvDocument {
  const rows: string[][] = [];
  const comments: string[] = [];
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    if (text[i] === "#") {
      let end = text.indexOf("\n", i);
      if (end < 0) end = n;
      comments.push(
        text
          .slice(i + 1, end)
          .replace(/\r$/, "")
          .trim(),
      );
      i = end + 1;
      continue;
    }
    const row: string[] = [];
    let field = "";
    let quoted = false;
    let atFieldStart = true;
    let endOfRow = false;
    while (i < n && !endOfRow) {
      const ch = text[i] as string;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          quoted = false;
          i++;
          continue;
        }
        field += ch;
        i++;
        continue;
      }
      if (ch === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
        field = "";
        i++;
      } else if (ch === ",") {
        row.push(field.trim());
        field = "";
        atFieldStart = true;
        i++;
      } else if (ch === "\n" || ch === "\r") {
        endOfRow = true;
        i++;
        if (ch === "\r" && text[i] === "\n") i++;
      } else if ((ch === " " || ch === "\t") && atFieldStart) {
        i++;
      } else {
        field += ch;
        atFieldStart = false;
        i++;
      }
    }
    if (quoted) return { rows, comments, unterminated: true };
    row.push(field.trim());
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
  }
  return { rows, comments, unterminated: false };
}

/** Splits a commented header line such as `id,dateadded,url` or `"first_seen_utc","ioc_id"` into names. */
export function headerNames(line: string): string[] {
  const parsed = readCsv(line).rows[0] ?? [];
  return parsed.map((c) => c.toLowerCase());
}

/** WHATWG-normalized http(s) URL without fragment, or null. */
export function normalizeFeedUrl(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.hostname === "") return null;
  url.hash = "";
  return url.href;
}

/** Lower-case punycode host (IPv6 without brackets) of a bare host or host:port, or null. */
export function normalizeFeedHost(raw: string): string | null {
  const trimmed = raw.trim().replace(/\.$/, "");
  if (trimmed === "" || /[\s/?#@]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(`http://${trimmed}/`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/\.$/, "");
  if (host === "") return null;
  return host.startsWith("[") ? host.slice(1, -1) : host;
}

/** Collects records, dropping duplicates (same kind and value). */
export class RecordCollector {
  readonly records: FeedRecord[] = [];
  skipped = 0;
  private readonly seen = new Set<string>();

  add(kind: FeedRecord["kind"], value: string | null, threat: string | null): void {
    if (value === null) {
      this.skipped++;
      return;
    }
    const key = `${kind}\u0000${value}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.records.push({ kind, value, threat });
  }
}

/**
 * Passes each row of at least `width` fields to `use` and counts shorter rows as skipped. Returns true when the last
 * row is the short one: the download stopped mid-line.
 */
export function eachFullRow(
  rows: readonly string[][],
  width: number,
  collector: RecordCollector,
  use: (row: string[]) => void,
): boolean {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as string[];
    if (row.length >= width) use(row);
    else if (i === rows.length - 1) return true;
    else collector.skipped++;
  }
  return false;
}

export interface FeedParseSuccess {
  readonly ok: true;
  readonly records: FeedRecord[];
  /** Data lines that held no usable indicator (bad URL, unsupported IOC type, ...). */
  readonly skipped: number;
}

export interface FeedParseFailure {
  readonly ok: false;
  readonly error: string;
}

export type FeedParseResult = FeedParseSuccess | FeedParseFailure;

export function parseFailure(error: string): FeedParseFailure {
  return { ok: false, error };
}

export function finish(collector: RecordCollector, feed: string): FeedParseResult {
  if (collector.records.length === 0) return parseFailure(`${feed}: no valid record in the file`);
  return { ok: true, records: collector.records, skipped: collector.skipped };
}
