// Incremental CSV/TSV reader for registry files of hundreds of megabytes: text arrives in chunks, records leave one at
// a time, and lines without quotes (nearly all of them) take a split() fast path.

export type RecordSink = (fields: string[]) => void;

export class CsvStream {
  private carry = "";
  /** true when the input ended inside a quoted field: the file was cut off. */
  unterminated = false;

  constructor(private readonly separator: string = ",") {}

  push(chunk: string, sink: RecordSink): void {
    const text = this.carry + chunk;
    let start = 0;
    // The next quote is searched once and reused until passed, so quote-free lines cost no extra scan.
    let quote = -2;
    for (;;) {
      const nl = text.indexOf("\n", start);
      if (nl < 0) break;
      if (quote !== -1 && quote < start) quote = text.indexOf('"', start);
      if (quote >= 0 && quote < nl) {
        const end = this.quotedRecordEnd(text, start);
        if (end < 0) break;
        this.emitQuoted(text.slice(start, end), sink);
        start = end + 1;
        continue;
      }
      const line = text.charCodeAt(nl - 1) === 13 ? text.slice(start, nl - 1) : text.slice(start, nl);
      start = nl + 1;
      if (line.length > 0) sink(line.split(this.separator));
    }
    this.carry = text.slice(start);
  }

  end(sink: RecordSink): void {
    if (this.carry.length === 0) return;
    if (this.carry.includes('"') && this.quotedRecordEnd(`${this.carry}\n`, 0) < 0) {
      this.unterminated = true;
      this.carry = "";
      return;
    }
    const line = this.carry.endsWith("\r") ? this.carry.slice(0, -1) : this.carry;
    if (line.includes('"')) this.emitQuoted(line, sink);
    else if (line.length > 0) sink(line.split(this.separator));
    this.carry = "";
  }

  /** Index of the newline that ends the record starting at `from`, honouring quotes; -1 when it is not complete. */
  private quotedRecordEnd(text: string, from: number): number {
    let quoted = false;
    for (let i = from; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) return i;
    }
    return -1;
  }

  /** A record with quotes: fields are cut between separators and quotes, never character by character. */
  private emitQuoted(raw: string, sink: RecordSink): void {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const fields: string[] = [];
    const sep = this.separator;
    let i = 0;
    for (;;) {
      if (line[i] === '"') {
        let field = "";
        let from = i + 1;
        for (;;) {
          const q = line.indexOf('"', from);
          if (q < 0) {
            field += line.slice(from);
            i = line.length;
            break;
          }
          field += line.slice(from, q);
          if (line[q + 1] === '"') {
            field += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        // Text between a closing quote and the separator is kept, as lenient readers do.
        const next = line.indexOf(sep, i);
        const end = next < 0 ? line.length : next;
        fields.push(field + line.slice(i, end));
        if (next < 0) break;
        i = next + 1;
      } else {
        const next = line.indexOf(sep, i);
        if (next < 0) {
          fields.push(line.slice(i));
          break;
        }
        fields.push(line.slice(i, next));
        i = next + 1;
      }
    }
    sink(fields);
  }
}

/** Header names compared loosely: "Caller ID Number", "caller_id_number" and "CALLER-ID NUMBER" are one column. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** Index of the first header matching one of the names, or -1. */
export function findColumn(header: readonly string[], ...names: string[]): number {
  const keys = header.map(headerKey);
  for (const n of names) {
    const i = keys.indexOf(headerKey(n));
    if (i >= 0) return i;
  }
  return -1;
}

/** 10 national digits of a NANP number as an integer, or -1 when the text is not one. */
export function nanpNumber(raw: string | undefined): number {
  if (raw === undefined) return -1;
  let digits = "";
  if (raw.length === 10 && /^[2-9]\d\d[2-9]\d{6}$/.test(raw)) return Number(raw);
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) digits += raw[i];
  }
  if (digits.length === 11 && digits[0] === "1") digits = digits.slice(1);
  if (digits.length !== 10) return -1;
  const npa0 = digits.charCodeAt(0);
  const nxx0 = digits.charCodeAt(3);
  if (npa0 < 50 || nxx0 < 50) return -1;
  return Number(digits);
}

const DAY_MS = 86_400_000;

/**
 * Whole days since 1970-01-01 of the dates these files use: "2024-05-01 13:02:11", "2024-05-01T00:00:00.000",
 * "05/01/2024", "05/01/2024 01:02:03 PM". NaN when unreadable.
 */
export function dayOf(raw: string | undefined): number {
  if (raw === undefined) return Number.NaN;
  // Rows of one file share a handful of dates: remember the last few.
  const key = raw.length > 10 && raw[4] === "-" ? raw.slice(0, 10) : raw;
  const hit = dayCache.get(key);
  if (hit !== undefined) return hit;
  const day = parseDay(key);
  if (dayCache.size > 4096) dayCache.clear();
  dayCache.set(key, day);
  return day;
}

const dayCache = new Map<string, number>();

function parseDay(raw: string): number {
  const s = raw.trim();
  let y: number;
  let m: number;
  let d: number;
  if (s.length >= 10 && s[4] === "-" && s[7] === "-") {
    y = Number(s.slice(0, 4));
    m = Number(s.slice(5, 7));
    d = Number(s.slice(8, 10));
  } else {
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(s);
    if (!us) return Number.NaN;
    m = Number(us[1]);
    d = Number(us[2]);
    y = Number(us[3]);
  }
  if (!(y >= 1990 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return Number.NaN;
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}
