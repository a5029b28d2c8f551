// Maps the abuse.ch ThreatFox exports to records: the CSV export (`#` banner, commented quoted header
// `"first_seen_utc","ioc_id","ioc_value","ioc_type",...`, rows separated by `", "`) and the JSON export
// (`{ "<ioc id>": [ { ioc_value, ioc_type, threat_type, ... } ] }`). url IOCs become url records, domain and
// ip:port IOCs host records; hash IOCs are skipped.

import type { FeedRecord } from "@scamverify/core";
import {
  RecordCollector,
  eachFullRow,
  finish,
  headerNames,
  normalizeFeedHost,
  normalizeFeedUrl,
  parseFailure,
  readCsv,
  type FeedParseResult,
} from "./feed-csv.js";

function addIoc(collector: RecordCollector, value: string, type: string, threatType: string): void {
  const threat = threatType === "" ? null : threatType;
  let kind: FeedRecord["kind"] | null = null;
  let normalized: string | null = null;
  switch (type.toLowerCase()) {
    case "url":
      kind = "url";
      normalized = normalizeFeedUrl(value);
      break;
    case "domain":
      kind = "host";
      normalized = normalizeFeedHost(value);
      break;
    case "ip:port":
      kind = "host";
      normalized = normalizeFeedHost(value);
      break;
    default:
      break;
  }
  if (kind === null) {
    collector.skipped++;
    return;
  }
  collector.add(kind, normalized, threat);
}

export function parseThreatfoxCsv(text: string): FeedParseResult {
  const doc = readCsv(text);
  if (doc.unterminated) return parseFailure("threatfox: file ends inside a quoted field (truncated)");
  const header = doc.comments.find((c) => /"?first_seen_utc"?\s*,/.test(c) && c.includes("ioc_value"));
  if (header === undefined) return parseFailure("threatfox: the commented column header was not found");
  const names = headerNames(header);
  const valueCol = names.indexOf("ioc_value");
  const typeCol = names.indexOf("ioc_type");
  const threatCol = names.indexOf("threat_type");
  if (valueCol < 0 || typeCol < 0 || threatCol < 0) return parseFailure("threatfox: header lacks ioc columns");
  const collector = new RecordCollector();
  const truncated = eachFullRow(doc.rows, names.length, collector, (row) => {
    addIoc(collector, row[valueCol] ?? "", row[typeCol] ?? "", row[threatCol] ?? "");
  });
  if (truncated) return parseFailure("threatfox: the last row is incomplete (truncated)");
  const declared = doc.comments.map((c) => /^Number of entries:\s*(\d+)/i.exec(c)).find((m) => m !== null);
  if (declared && Number(declared[1]) !== doc.rows.length) {
    return parseFailure(`threatfox: ${doc.rows.length} rows but the file declares ${declared[1]}`);
  }
  return finish(collector, "threatfox");
}

export function parseThreatfoxJson(text: string): FeedParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return parseFailure("threatfox: the JSON export does not parse (truncated or not JSON)");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return parseFailure("threatfox: the JSON export is not an object keyed by IOC id");
  }
  const collector = new RecordCollector();
  for (const entries of Object.values(data as Record<string, unknown>)) {
    if (!Array.isArray(entries)) {
      collector.skipped++;
      continue;
    }
    for (const entry of entries as unknown[]) {
      const e = (entry ?? {}) as Record<string, unknown>;
      if (typeof e["ioc_value"] !== "string" || typeof e["ioc_type"] !== "string") {
        collector.skipped++;
        continue;
      }
      addIoc(collector, e["ioc_value"], e["ioc_type"], typeof e["threat_type"] === "string" ? e["threat_type"] : "");
    }
  }
  return finish(collector, "threatfox");
}
