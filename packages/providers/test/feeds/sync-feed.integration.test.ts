import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncFeed } from "../../src/feeds/sync-feed.js";
import { createSafeFetcher } from "../../src/net/safe-fetch.js";
import { LiveThreatIndex } from "../../src/threat-index/threat-index.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";
import { MemoryFeedStore } from "../support/memory-feed-store.js";
import { nurl } from "../support/normalized-url.js";

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), "utf8");
const clock = { now: () => new Date("2026-11-20T12:00:00.000Z") };
const dir = mkdtempSync(join(tmpdir(), "feeds-"));
const write = (name: string, text: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("syncFeed from files", () => {
  it("writes a new snapshot, reloads the index, and skips an unchanged file", async () => {
    const store = new MemoryFeedStore();
    const index = new LiveThreatIndex();
    const file = write("urlhaus.csv", fixture("urlhaus-recent.csv"));
    const first = await syncFeed({ store, clock, index }, { feed: "urlhaus", source: { file } });
    expect(first).toMatchObject({ feed: "urlhaus", status: "updated", records: 5, skipped: 2, changed: true });
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(store.snaps.get("urlhaus")).toMatchObject({ records: 5, source: `file:${file}`, syncedAt: clock.now() });
    expect(index.current.match(nurl("http://203.0.113.45:47612/i"))).toHaveLength(2);

    const again = await syncFeed({ store, clock, index }, { feed: "urlhaus", source: { file } });
    expect(again).toMatchObject({ status: "unchanged", changed: false, records: 5 });
    expect(store.replaces).toBe(1);
  });

  it("refuses a file with far fewer records than the stored snapshot unless forced", async () => {
    const store = new MemoryFeedStore();
    const full = write("op-full.txt", Array.from({ length: 100 }, (_, i) => `https://p${i}.example/login`).join("\n"));
    const small = write("op-small.txt", Array.from({ length: 30 }, (_, i) => `https://p${i}.example/login`).join("\n"));
    expect((await syncFeed({ store, clock }, { feed: "openphish", source: { file: full } })).records).toBe(100);
    const refused = await syncFeed({ store, clock }, { feed: "openphish", source: { file: small } });
    expect(refused).toMatchObject({ status: "refused", changed: false, records: 30 });
    expect(refused.reason).toMatch(/only 30 records against 100/);
    expect(store.snaps.get("openphish")?.records).toBe(100);
    const forced = await syncFeed({ store, clock }, { feed: "openphish", source: { file: small }, force: true });
    expect(forced).toMatchObject({ status: "updated", records: 30 });
  });

  it("refuses a broken file and keeps the stored set", async () => {
    const store = new MemoryFeedStore();
    const good = write("pt.csv", fixture("phishtank-online-valid.csv"));
    await syncFeed({ store, clock }, { feed: "phishtank", source: { file: good } });
    const broken = write("pt-broken.csv", "<html><body>Rate limited</body></html>\n");
    const r = await syncFeed({ store, clock }, { feed: "phishtank", source: { file: broken } });
    expect(r).toMatchObject({ status: "refused", changed: false, records: 3 });
    expect(r.reason).toMatch(/header/);
    expect(store.replaces).toBe(1);
  });

  it("reads ThreatFox JSON and gzip files, and fails on a missing or oversized file", async () => {
    const store = new MemoryFeedStore();
    const gz = write("tf.json.gz", gzipSync(fixture("threatfox-recent.json")));
    expect(await syncFeed({ store, clock }, { feed: "threatfox", source: { file: gz } })).toMatchObject({
      status: "updated",
      records: 3,
    });
    const missing = await syncFeed({ store, clock }, { feed: "threatfox", source: { file: join(dir, "nope") } });
    expect(missing.status).toBe("failed");
    const big = write("big.txt", "x".repeat(2000));
    const tooBig = await syncFeed({ store, clock }, { feed: "openphish", source: { file: big }, maxBytes: 1000 });
    expect(tooBig).toMatchObject({ status: "failed", reason: expect.stringMatching(/cap/) });
  });
});

describe("syncFeed over HTTP", () => {
  let server: LocalServer;
  const fetcher = createSafeFetcher({ allowLoopbackForTests: true });
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (req.url === "/threatfox.csv") res.end(fixture("threatfox-recent.csv"));
      else if (req.url === "/urlhaus.csv.gz") res.end(gzipSync(fixture("urlhaus-recent.csv")));
      else res.writeHead(503).end("down");
    });
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it("downloads through the safe fetcher", async () => {
    const store = new MemoryFeedStore();
    const r = await syncFeed(
      { store, clock, fetcher },
      { feed: "threatfox", source: { url: `${server.origin}/threatfox.csv` } },
    );
    expect(r).toMatchObject({ status: "updated", records: 4, skipped: 1, source: `${server.origin}/threatfox.csv` });
    const gz = await syncFeed(
      { store, clock, fetcher },
      { feed: "urlhaus", source: { url: `${server.origin}/urlhaus.csv.gz` } },
    );
    expect(gz).toMatchObject({ status: "updated", records: 5 });
  });

  it("reports HTTP errors, size overruns and blocked destinations as failures", async () => {
    const store = new MemoryFeedStore();
    expect(
      await syncFeed({ store, clock, fetcher }, { feed: "openphish", source: { url: `${server.origin}/missing` } }),
    ).toMatchObject({ status: "failed", reason: expect.stringMatching(/503/) });
    expect(
      await syncFeed(
        { store, clock, fetcher },
        { feed: "threatfox", source: { url: `${server.origin}/threatfox.csv` }, maxBytes: 100 },
      ),
    ).toMatchObject({ status: "failed" });
    const guarded = createSafeFetcher();
    const blocked = await syncFeed(
      { store, clock, fetcher: guarded },
      { feed: "openphish", source: { url: `${server.origin}/x` } },
    );
    expect(blocked.status).toBe("failed");
    await guarded.close();
    expect(store.replaces).toBe(0);
  });
});
