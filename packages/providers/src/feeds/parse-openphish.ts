// Maps the OpenPhish community feed (feed.txt: one phishing URL a line, no header) to url records.

import { RecordCollector, finish, normalizeFeedUrl, parseFailure, type FeedParseResult } from "./feed-csv.js";

export function parseOpenphish(text: string): FeedParseResult {
  const collector = new RecordCollector();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    // An HTML page (login wall, error page) served instead of the list is a broken download, not data.
    if (line.startsWith("<")) return parseFailure("openphish: the file is HTML, not a URL list");
    collector.add("url", normalizeFeedUrl(line), "phishing");
  }
  return finish(collector, "openphish");
}
