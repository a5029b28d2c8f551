// Maps the PhishTank verified-online CSV (header phish_id,url,phish_detail_url,submission_time,verified,
// verification_time,online,target) to url records; rows not verified are skipped.

import {
  RecordCollector,
  eachFullRow,
  finish,
  parseFailure,
  normalizeFeedUrl,
  readCsv,
  type FeedParseResult,
} from "./feed-csv.js";

const COLUMNS = [
  "phish_id",
  "url",
  "phish_detail_url",
  "submission_time",
  "verified",
  "verification_time",
  "online",
  "target",
];

export function parsePhishtankCsv(text: string): FeedParseResult {
  const doc = readCsv(text);
  if (doc.unterminated) return parseFailure("phishtank: file ends inside a quoted field (truncated)");
  const [header, ...rows] = doc.rows;
  const names = (header ?? []).map((h) => h.toLowerCase());
  if (COLUMNS.some((c, i) => names[i] !== c)) return parseFailure("phishtank: unexpected column header");
  const urlCol = 1;
  const verifiedCol = 4;
  const collector = new RecordCollector();
  const truncated = eachFullRow(rows, COLUMNS.length, collector, (row) => {
    if ((row[verifiedCol] ?? "").toLowerCase() !== "yes") collector.skipped++;
    else collector.add("url", normalizeFeedUrl(row[urlCol] ?? ""), "phishing");
  });
  if (truncated) return parseFailure("phishtank: the last row is incomplete (truncated)");
  return finish(collector, "phishtank");
}
