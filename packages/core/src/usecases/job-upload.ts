// A job's items from an uploaded file instead of a JSON array: JSON Lines (one request body per line) or CSV (RFC
// 4180: a header row naming the request's fields, then one item per record). Each item keeps the line it starts on,
// so a refusal names the line and the field ("line.7.url"), as the client sees its file.
import { err, ok, type Result } from "neverthrow";
import type { ValidationIssue } from "../errors.js";

export const JOB_UPLOAD_FORMATS = ["jsonl", "csv"] as const;
export type JobUploadFormat = (typeof JOB_UPLOAD_FORMATS)[number];

/** What an upload carries: the file's text, and the job's other fields (query parameters over HTTP). */
export interface JobUpload {
  readonly format: JobUploadFormat;
  readonly text: string;
  readonly channel?: string;
  readonly webhook_url?: string;
}

export interface UploadedItems {
  readonly items: unknown[];
  /** The 1-based line each item starts on. */
  readonly lines: number[];
}

/** Stop reading once this many problems are found: the client fixes its file from the first ones. */
const MAX_ISSUES = 100;

/** The field an issue of a line names. */
export function lineField(line: number, field?: string): string {
  return field === undefined || field === "" ? `line.${line}` : `line.${line}.${field}`;
}

/** Lines of a text, with the number of each (CRLF, LF or CR endings). */
function numberedLines(text: string): { line: number; text: string }[] {
  return text.split(/\r\n|\n|\r/).map((t, i) => ({ line: i + 1, text: t }));
}

/** JSON Lines: blank lines are skipped; every other line must be a JSON object. */
export function itemsFromJsonLines(text: string): Result<UploadedItems, ValidationIssue[]> {
  const items: unknown[] = [];
  const lines: number[] = [];
  const issues: ValidationIssue[] = [];
  for (const { line, text: raw } of numberedLines(text)) {
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      issues.push({ field: lineField(line), message: "Not valid JSON" });
      if (issues.length >= MAX_ISSUES) break;
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ field: lineField(line), message: "Each line must be a JSON object (a request body)" });
      if (issues.length >= MAX_ISSUES) break;
      continue;
    }
    items.push(value);
    lines.push(line);
  }
  return issues.length > 0 ? err(issues) : ok({ items, lines });
}

interface CsvRecord {
  readonly line: number;
  readonly cells: string[];
}

/**
 * RFC 4180 records: fields separated by commas, records by CRLF (LF alone is taken too); a field in double quotes
 * may hold commas, line breaks and doubled quotes. A quote inside an unquoted field, text after a closing quote or
 * a quote left open is an error naming its line.
 */
export function parseCsv(text: string): Result<CsvRecord[], ValidationIssue> {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quoted = false; // the current field started with a quote
  let closed = false; // ... and its closing quote has been read
  const endCell = (): void => {
    cells.push(cell);
    cell = "";
    quoted = false;
    closed = false;
  };
  const endRecord = (): void => {
    endCell();
    // A record that is one empty cell is a blank line.
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: recordLine, cells });
    cells = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted && !closed) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        closed = true;
        i++;
        continue;
      }
      if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++;
      cell += c;
      i++;
      continue;
    }
    if (c === ",") {
      endCell();
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (closed)
      return err({ field: lineField(line), message: "Text after a closing quote (double a quote inside one)" });
    if (c === '"') {
      if (cell !== "") return err({ field: lineField(line), message: "A quote inside an unquoted field" });
      quoted = true;
      i++;
      continue;
    }
    cell += c;
    i++;
  }
  if (quoted && !closed) return err({ field: lineField(recordLine), message: "A quoted field is never closed" });
  if (cell !== "" || cells.length > 0 || quoted) endRecord();
  return ok(records);
}

/**
 * CSV with a header row naming the request's fields (url, phone_number, text, ...). A record becomes an object of its
 * non-empty cells; "true" and "false" become booleans (force_refresh), as in multipart forms. Every record must
 * have as many cells as the header.
 */
export function itemsFromCsv(text: string): Result<UploadedItems, ValidationIssue[]> {
  const parsed = parseCsv(text);
  if (parsed.isErr()) return err([parsed.error]);
  const [header, ...rows] = parsed.value;
  if (header === undefined) return ok({ items: [], lines: [] });
  const names = header.cells.map((n) => n.trim());
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (name === "") issues.push({ field: lineField(header.line), message: "A header cell is empty" });
    else if (seen.has(name)) issues.push({ field: lineField(header.line), message: `Column ${name} is named twice` });
    seen.add(name);
  }
  if (issues.length > 0) return err(issues);
  const items: unknown[] = [];
  const lines: number[] = [];
  for (const row of rows) {
    if (row.cells.length !== names.length) {
      issues.push({
        field: lineField(row.line),
        message: `Has ${row.cells.length} cells; the header names ${names.length}`,
      });
      if (issues.length >= MAX_ISSUES) break;
      continue;
    }
    const item: Record<string, unknown> = {};
    names.forEach((name, k) => {
      const v = row.cells[k]!;
      if (v === "") return;
      item[name] = v === "true" ? true : v === "false" ? false : v;
    });
    items.push(item);
    lines.push(row.line);
  }
  return issues.length > 0 ? err(issues) : ok({ items, lines });
}

export function itemsFromUpload(format: JobUploadFormat, text: string): Result<UploadedItems, ValidationIssue[]> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return format === "csv" ? itemsFromCsv(body) : itemsFromJsonLines(body);
}
