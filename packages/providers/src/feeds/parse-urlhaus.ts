// Maps the abuse.ch URLhaus CSV dump (csv_recent / csv_online: `#` banner, commented header
// `# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter`, quoted rows) to url records.

import {
  RecordCollector,
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
  doc.rows.forEach((row, index) => {
    if (row.length < names.length) {
      // A short final row means the download stopped mid-line.
      if (index === doc.rows.length - 1) collector.skipped = -1;
      else collector.skipped++;
      return;
    }
    const threat = row[threatCol] ?? "";
    collector.add("url", normalizeFeedUrl(row[urlCol] ?? ""), threat === "" ? null : threat);
  });
  if (collector.skipped < 0) return parseFailure("urlhaus: the last row is incomplete (truncated)");
  return finish(collector, "urlhaus");
}
