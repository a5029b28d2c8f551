import { describe, expect, it } from "vitest";
import { createSafeFetcher, createUrlSignalSources, LiveThreatIndex, ThreatIndex } from "@scamverify/providers";
import { nurl } from "./support/normalized-url.js";

describe("createUrlSignalSources", () => {
  const clock = { now: () => new Date("2026-11-20T12:00:00Z") };
  const fetcher = createSafeFetcher();

  it("always builds the feed sources and adds vendors only for configured keys", () => {
    const index = new LiveThreatIndex();
    expect(createUrlSignalSources({ threatIndex: index, clock, fetcher }).map((s) => s.name)).toEqual([
      "vendor2",
      "vendor3",
      "phishing_feeds",
    ]);
    const all = createUrlSignalSources({
      threatIndex: index,
      clock,
      fetcher,
      network: { enabled: true },
      keys: { webRisk: "a", ipqs: "b", urlhaus: "c", threatfox: "d" },
    });
    expect(all.map((s) => s.name)).toEqual([
      "vendor2",
      "vendor3",
      "phishing_feeds",
      "network",
      "vendor1",
      "vendor4",
      "vendor2_api",
      "vendor3_api",
    ]);
    expect(all.every((s) => s.timeoutMs > 0 && s.weight > 0 && s.weight <= 1)).toBe(true);
  });

  it("declares the feeds and the listing vendors threat feeds, and nothing else", () => {
    const all = createUrlSignalSources({
      threatIndex: new LiveThreatIndex(),
      clock,
      fetcher,
      network: { enabled: true },
      keys: { webRisk: "a", ipqs: "b", urlhaus: "c", threatfox: "d" },
    });
    expect(all.filter((s) => s.kind === "threat_feed").map((s) => s.name)).toEqual([
      "vendor2",
      "vendor3",
      "phishing_feeds",
      "vendor1",
      "vendor2_api",
      "vendor3_api",
    ]);
  });

  it("feed sources read the index they were given, including after a swap", async () => {
    const index = new LiveThreatIndex();
    const [vendor2] = createUrlSignalSources({ threatIndex: index, clock, fetcher });
    const url = nurl("http://bad.example/x.exe");
    expect((await vendor2?.check(url, { signal: new AbortController().signal }))?.status).toBe("skipped");
    index.replace(
      ThreatIndex.build([{ feed: "urlhaus", records: [{ kind: "url", value: url.href, threat: "malware_download" }] }]),
    );
    expect((await vendor2?.check(url, { signal: new AbortController().signal }))?.signals).toEqual({
      vendor2_listed: true,
    });
  });
});
