import { describe, expect, it } from "vitest";
import type { FeedRecord, FeedSnapshot, FeedStore } from "@scamverify/core";
import { LiveThreatIndex, ThreatIndex } from "../../src/threat-index/threat-index.js";
import {
  createPhishingFeedSource,
  createThreatfoxFeedSource,
  createUrlhausFeedSource,
} from "../../src/threat-index/feed-signal-sources.js";
import { nurl } from "../support/normalized-url.js";

const ctx = { signal: new AbortController().signal };

const index = ThreatIndex.build([
  {
    feed: "urlhaus",
    records: [
      { kind: "url", value: "http://files.shared-host.example/mal/setup.exe", threat: "malware_download" },
      { kind: "url", value: "http://203.0.113.45:47612/i", threat: "malware_download" },
    ],
  },
  {
    feed: "threatfox",
    records: [
      { kind: "host", value: "c2.bad-actor.example", threat: "botnet_cc" },
      { kind: "host", value: "198.51.100.23", threat: "botnet_cc" },
      { kind: "domain", value: "evil-domain.example", threat: "payload_delivery" },
    ],
  },
  { feed: "openphish", records: [{ kind: "url", value: "https://login.paypa1.example/signin", threat: "phishing" }] },
]);

describe("ThreatIndex.match", () => {
  it("matches exact URLs and the hosts serving them", () => {
    expect(index.match(nurl("http://files.shared-host.example/mal/setup.exe"))).toEqual([
      {
        feed: "urlhaus",
        threat: "malware_download",
        matchedBy: "url",
        indicator: "http://files.shared-host.example/mal/setup.exe",
      },
      { feed: "urlhaus", threat: "malware_download", matchedBy: "url_host", indicator: "files.shared-host.example" },
    ]);
    expect(index.match(nurl("http://files.shared-host.example/other")).map((m) => m.matchedBy)).toEqual(["url_host"]);
    expect(index.match(nurl("http://203.0.113.45:47612/i"))[0]?.matchedBy).toBe("url");
  });

  it("matches listed hosts and their subdomains, not their siblings", () => {
    expect(index.match(nurl("https://c2.bad-actor.example/x"))[0]).toMatchObject({
      feed: "threatfox",
      matchedBy: "host",
    });
    expect(index.match(nurl("https://a.b.c2.bad-actor.example/"))[0]).toMatchObject({
      matchedBy: "host",
      indicator: "c2.bad-actor.example",
    });
    expect(index.match(nurl("https://www.bad-actor.example/"))).toEqual([]);
    expect(index.match(nurl("http://198.51.100.23/"))[0]).toMatchObject({ matchedBy: "host" });
  });

  it("matches a listed registrable domain on any host under it", () => {
    expect(index.match(nurl("https://deep.sub.evil-domain.example/p"))[0]).toMatchObject({
      matchedBy: "domain",
      indicator: "evil-domain.example",
    });
  });

  it("finds nothing for clean URLs", () => {
    expect(index.match(nurl("https://www.example.com/"))).toEqual([]);
  });
});

describe("feed signal sources", () => {
  const live = new LiveThreatIndex(index);

  it("reports listings with a floor", async () => {
    const ev = await createUrlhausFeedSource(live).check(nurl("http://files.shared-host.example/mal/setup.exe"), ctx);
    expect(ev).toMatchObject({ source: "vendor2", status: "ok", signals: { vendor2_listed: true }, floor: 90 });
    expect(ev.factors[0]).toMatchObject({ id: "vendor2_listed", points: 95 });
    const tf = await createThreatfoxFeedSource(live).check(nurl("https://x.c2.bad-actor.example/"), ctx);
    expect(tf.signals).toEqual({ vendor3_listed: true });
    const ph = await createPhishingFeedSource(live).check(nurl("https://login.paypa1.example/signin"), ctx);
    expect(ph.signals).toEqual({ phishing_feed_listed: true });
  });

  it("treats another listed URL on the host as a moderate factor, not a listing", async () => {
    const ev = await createUrlhausFeedSource(live).check(nurl("http://files.shared-host.example/readme.txt"), ctx);
    expect(ev.signals).toEqual({ vendor2_listed: false });
    expect(ev.floor).toBeUndefined();
    expect(ev.factors).toEqual([expect.objectContaining({ id: "vendor2_host_has_listed_urls", points: 35 })]);
  });

  it("answers false for a clean URL when the feed is synced", async () => {
    const ev = await createThreatfoxFeedSource(live).check(nurl("https://www.example.com/"), ctx);
    expect(ev).toEqual({ source: "vendor3", status: "ok", signals: { vendor3_listed: false }, factors: [] });
  });

  it("answers skipped with a null signal for a feed never synced", async () => {
    const empty = new LiveThreatIndex();
    const ev = await createUrlhausFeedSource(empty).check(nurl("https://www.example.com/"), ctx);
    expect(ev).toEqual({
      source: "vendor2",
      status: "skipped",
      reason: "feed not synced",
      signals: { vendor2_listed: null },
      factors: [],
    });
  });

  it("sees a reloaded index at once", async () => {
    const records = new Map<string, FeedRecord[]>([
      ["phishtank", [{ kind: "url", value: "https://new.example/", threat: "phishing" }]],
    ]);
    const store: FeedStore = {
      async replace() {},
      async load(feed) {
        return records.get(feed) ?? [];
      },
      async snapshots(): Promise<FeedSnapshot[]> {
        return [{ feed: "phishtank", records: 1, sha256: "x", source: "file", syncedAt: new Date(0) }];
      },
    };
    const holder = new LiveThreatIndex();
    const source = createPhishingFeedSource(holder);
    expect((await source.check(nurl("https://new.example/"), ctx)).status).toBe("skipped");
    await holder.reload(store);
    expect((await source.check(nurl("https://new.example/"), ctx)).signals).toEqual({ phishing_feed_listed: true });
  });
});
