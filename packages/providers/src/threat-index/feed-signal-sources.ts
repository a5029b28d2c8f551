// Turns threat index matches into Evidence for the URL channel: URLhaus -> vendor2_listed, ThreatFox ->
// vendor3_listed, OpenPhish + PhishTank -> phishing_feed_listed. A feed never synced answers "skipped" with null.

import type { Evidence, Factor, NormalizedUrl, SignalSource } from "@scamverify/core";
import type { ThreatIndex, ThreatMatch } from "./threat-index.js";

export interface ThreatIndexProvider {
  readonly current: ThreatIndex;
}

export interface FeedSignalSourceConfig {
  readonly name: string;
  readonly feeds: readonly string[];
  /** The URL signal field this source fills. */
  readonly signal: string;
  /** Plain-English name of the list for factor labels. */
  readonly listName: string;
  readonly index: ThreatIndexProvider;
  readonly weight?: number;
}

/** Points of a listing: the exact URL or its host listed is near-conclusive. */
const LISTED_POINTS = 95;
/** A different URL on the same host is listed: suspicious, but shared hosts make it far from conclusive. */
const SAME_HOST_POINTS = 35;
export const LISTING_FLOOR = 90;

function describe(match: ThreatMatch): string {
  const what =
    match.matchedBy === "url"
      ? "this exact URL"
      : match.matchedBy === "domain"
        ? `the domain ${match.indicator}`
        : `the host ${match.indicator}`;
  return match.threat !== null ? `${what} (${match.threat.replace(/_/g, " ")})` : what;
}

export function createFeedSignalSource(config: FeedSignalSourceConfig): SignalSource<NormalizedUrl> {
  return {
    name: config.name,
    kind: "threat_feed",
    weight: config.weight ?? 0.9,
    timeoutMs: 100,
    async check(url): Promise<Evidence> {
      const index = config.index.current;
      const synced = config.feeds.filter((f) => index.isSynced(f));
      if (synced.length === 0) {
        return {
          source: config.name,
          status: "skipped",
          reason: "feed not synced",
          signals: { [config.signal]: null },
          factors: [],
        };
      }
      const matches = index.match(url).filter((m) => synced.includes(m.feed));
      const strong = matches.find((m) => m.matchedBy !== "url_host");
      const factors: Factor[] = [];
      if (strong !== undefined) {
        factors.push({
          id: `${config.name}_listed`,
          source: config.name,
          label: `${config.listName} lists ${describe(strong)}`,
          points: LISTED_POINTS,
        });
      } else {
        const sameHost = matches[0];
        if (sameHost !== undefined) {
          factors.push({
            id: `${config.name}_host_has_listed_urls`,
            source: config.name,
            label: `${config.listName} lists other URLs on the host ${sameHost.indicator}`,
            points: SAME_HOST_POINTS,
          });
        }
      }
      return {
        source: config.name,
        status: "ok",
        signals: { [config.signal]: strong !== undefined },
        factors,
        ...(strong !== undefined ? { floor: LISTING_FLOOR } : {}),
      };
    },
  };
}

export function createUrlhausFeedSource(index: ThreatIndexProvider): SignalSource<NormalizedUrl> {
  return createFeedSignalSource({
    name: "vendor2",
    feeds: ["urlhaus"],
    signal: "vendor2_listed",
    listName: "The malware URL database",
    index,
  });
}

export function createThreatfoxFeedSource(index: ThreatIndexProvider): SignalSource<NormalizedUrl> {
  return createFeedSignalSource({
    name: "vendor3",
    feeds: ["threatfox"],
    signal: "vendor3_listed",
    listName: "The threat indicator database",
    index,
  });
}

export function createPhishingFeedSource(index: ThreatIndexProvider): SignalSource<NormalizedUrl> {
  return createFeedSignalSource({
    name: "phishing_feeds",
    feeds: ["openphish", "phishtank"],
    signal: "phishing_feed_listed",
    listName: "A phishing feed",
    index,
  });
}
