import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedRecord, FeedSnapshot } from "@scamverify/core";
import { createPgliteDb, createPostgresDb, migrate, type Db } from "@scamverify/persistence";
import { createSqlFeedStore } from "../src/sql-feed-store.js";

const schema = `feeds_test_${process.pid}`;
const engines: [string, () => Promise<Db>][] = [["PGlite", () => createPgliteDb()]];
const pgUrl = process.env["TEST_DATABASE_URL"];
if (pgUrl !== undefined && pgUrl !== "") {
  engines.push(["PostgreSQL", () => createPostgresDb({ connectionString: pgUrl, schema })]);
}

const snap = (feed: string, records: number, sha256: string): FeedSnapshot => ({
  feed,
  records,
  sha256,
  source: `https://feeds.example/${feed}`,
  syncedAt: new Date("2026-11-20T10:00:00.000Z"),
});

describe.each(engines)("SqlFeedStore on %s", (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    await migrate(db);
  });
  afterAll(async () => {
    if (db.engine === "postgres") await db.execScript(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  it("is empty before any sync", async () => {
    const store = createSqlFeedStore(db);
    expect(await store.load("urlhaus")).toEqual([]);
    expect(await store.snapshots()).toEqual([]);
  });

  it("replaces a feed's records and snapshot, leaving other feeds alone", async () => {
    const store = createSqlFeedStore(db);
    const a: FeedRecord[] = [
      { kind: "url", value: "http://a.example/x", threat: "malware_download" },
      { kind: "host", value: "b.example", threat: null },
    ];
    await store.replace(snap("urlhaus", 2, "aa"), a);
    await store.replace(snap("threatfox", 1, "tt"), [{ kind: "domain", value: "c.example", threat: "botnet_cc" }]);
    await store.replace(snap("urlhaus", 1, "bb"), [{ kind: "url", value: "http://new.example/", threat: null }]);
    expect(await store.load("urlhaus")).toEqual([{ kind: "url", value: "http://new.example/", threat: null }]);
    expect(await store.load("threatfox")).toHaveLength(1);
    expect(await store.snapshots()).toEqual([snap("threatfox", 1, "tt"), snap("urlhaus", 1, "bb")]);
  });

  it("bulk-inserts a large feed in chunks", async () => {
    const store = createSqlFeedStore(db);
    const many: FeedRecord[] = Array.from({ length: 12_345 }, (_, i) => ({
      kind: "host",
      value: `h${i}.example`,
      threat: i % 2 === 0 ? "phishing" : null,
    }));
    await store.replace(snap("openphish", many.length, "cc"), many);
    const loaded = await store.load("openphish");
    expect(loaded).toHaveLength(12_345);
    expect(new Set(loaded.map((r) => r.value))).toEqual(new Set(many.map((r) => r.value)));
  });

  it("keeps the previous set when a replace fails midway", async () => {
    const store = createSqlFeedStore(db);
    await store.replace(snap("phishtank", 1, "p1"), [
      { kind: "url", value: "http://keep.example/", threat: "phishing" },
    ]);
    const bad = [{ kind: "bogus", value: "x", threat: null }] as unknown as FeedRecord[];
    await expect(store.replace(snap("phishtank", 1, "p2"), bad)).rejects.toThrow();
    expect(await store.load("phishtank")).toEqual([{ kind: "url", value: "http://keep.example/", threat: "phishing" }]);
    expect((await store.snapshots()).find((s) => s.feed === "phishtank")?.sha256).toBe("p1");
  });
});
