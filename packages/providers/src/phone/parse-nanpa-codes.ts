// NANPA central office code assignment report ("allutlzd.txt", the utilized codes of all states): tab-separated
// State, NPA-NXX, Ocn, Company, RateCenter, EffectiveDate (MM/DD/YYYY), Use (AS = assigned), AssignDate,
// Initial/Growth. Each row names the carrier a 10,000-number block was first assigned to.
import type { CodeBlock } from "@scamverify/core";
import { CsvStream, findColumn } from "./csv-stream.js";

export interface NanpaParse {
  readonly blocks: CodeBlock[];
  readonly rows: number;
  readonly rejected: number;
}

function isoDate(raw: string | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec((raw ?? "").trim());
  if (!m) return null;
  return `${m[3]}-${(m[1] ?? "").padStart(2, "0")}-${(m[2] ?? "").padStart(2, "0")}`;
}

/** Parses the whole report; an Err-like `error` string when the header is not this format. */
export function parseNanpaCodes(text: string): NanpaParse | { error: string } {
  const csv = new CsvStream("\t");
  const records: string[][] = [];
  csv.push(text, (r) => records.push(r));
  csv.end((r) => records.push(r));
  const header = records[0];
  if (!header) return { error: "empty NANPA file" };
  const col = {
    state: findColumn(header, "State"),
    npaNxx: findColumn(header, "NPA-NXX"),
    ocn: findColumn(header, "Ocn"),
    company: findColumn(header, "Company"),
    rateCenter: findColumn(header, "RateCenter"),
    effective: findColumn(header, "EffectiveDate"),
    use: findColumn(header, "Use"),
  };
  if (col.npaNxx < 0 || col.company < 0) return { error: "not a NANPA code assignment file: no NPA-NXX or Company" };
  const blocks = new Map<string, CodeBlock>();
  let rejected = 0;
  for (let i = 1; i < records.length; i++) {
    const f = records[i] as string[];
    const m = /^([2-9]\d\d)-?([2-9]\d\d)$/.exec((f[col.npaNxx] ?? "").trim());
    if (!m) {
      rejected++;
      continue;
    }
    const get = (c: number): string => (c >= 0 ? (f[c] ?? "").trim() : "");
    const block: CodeBlock = {
      npa: m[1] as string,
      nxx: m[2] as string,
      ocn: get(col.ocn),
      company: get(col.company),
      state: get(col.state),
      rateCenter: get(col.rateCenter),
      use: get(col.use) || "AS",
      effectiveDate: isoDate(get(col.effective)),
    };
    blocks.set(`${block.npa}${block.nxx}`, block);
  }
  return { blocks: [...blocks.values()], rows: records.length - 1, rejected };
}
