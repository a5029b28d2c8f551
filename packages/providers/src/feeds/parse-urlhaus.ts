// Maps the abuse.ch URLhaus CSV dump (csv_recent / csv_online: `#` banner, commented header
// `# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter`, quoted rows) to url records.

import {
  RecordCollector,
  eachFullRow,
  finish,
  headerNames,
  normalizeFeedUrl,
  parseFailure,
  readCsv,
  type FeedParseResult,
} from "./feed-csv.js";

export function parseUrlhausCsv(text: string): FeedParseResult {
  const doc = readCsv(text);
  if (doc.unterminated) return parseFailure("urlhaus: file ends inside a quoted field (truncated)");
  const header = doc.comments.find((c) => /^id\s*,\s*dateadded\s*,\s*url\b/i.test(c));
  if (header === undefined) return parseFailure("urlhaus: the commented column header was not found");
  const names = headerNames(header);
  const urlCol = names.indexOf("url");
  const threatCol = names.indexOf("threat");
  if (urlCol < 0 || threatCol < 0) return parseFailure("urlhaus: header lacks the url or threat column");
  const collector = new RecordCollector();
  const truncated = eachFullRow(doc.rows, names.length, collector, (row) => {
    const threat = row[threatCol] ?? "";
    collector.add("url", normalizeFeedUrl(row[urlCol] ?? ""), threat === "" ? null : threat);
  });
  if (truncated) return parseFailure("urlhaus: the last row is incomplete (truncated)");
  return finish(collector, "urlhaus");
}
