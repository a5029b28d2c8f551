// FeedStore over SQL (feed_snapshots, feed_records from 002_feeds.sql), one implementation for PGlite and
// PostgreSQL. A replace deletes and bulk-inserts the feed's rows through UNNEST arrays inside one transaction.

import type { FeedRecord, FeedSnapshot, FeedStore } from "@scamverify/core";
import type { Db } from "./db.js";

/** Rows per INSERT: large enough to amortize round trips, small enough to keep parameter arrays modest. */
const CHUNK = 5_000;

interface SnapshotRow {
  feed: string;
  records: number;
  sha256: string;
  source: string;
  synced_at: Date | string;
}

export class SqlFeedStore implements FeedStore {
  constructor(private readonly db: Db) {}

  async replace(snapshot: FeedSnapshot, records: readonly FeedRecord[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query("DELETE FROM feed_records WHERE feed = $1", [snapshot.feed]);
      for (let i = 0; i < records.length; i += CHUNK) {
        const chunk = records.slice(i, i + CHUNK);
        await tx.query(
          `INSERT INTO feed_records (feed, kind, value, threat)
           SELECT $1, k, v, t FROM unnest($2::text[], $3::text[], $4::text[]) AS r(k, v, t)
           ON CONFLICT (feed, kind, value) DO NOTHING`,
          [snapshot.feed, chunk.map((r) => r.kind), chunk.map((r) => r.value), chunk.map((r) => r.threat)],
        );
      }
      await tx.query(
        `INSERT INTO feed_snapshots (feed, records, sha256, source, synced_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (feed) DO UPDATE SET records = EXCLUDED.records, sha256 = EXCLUDED.sha256,
           source = EXCLUDED.source, synced_at = EXCLUDED.synced_at`,
        [snapshot.feed, snapshot.records, snapshot.sha256, snapshot.source, snapshot.syncedAt.toISOString()],
      );
    });
  }

  async load(feed: string): Promise<FeedRecord[]> {
    const { rows } = await this.db.query<{ kind: FeedRecord["kind"]; value: string; threat: string | null }>(
      "SELECT kind, value, threat FROM feed_records WHERE feed = $1 ORDER BY kind, value",
      [feed],
    );
    return rows.map((r) => ({ kind: r.kind, value: r.value, threat: r.threat }));
  }

  async snapshots(): Promise<FeedSnapshot[]> {
    const { rows } = await this.db.query<SnapshotRow>(
      "SELECT feed, records::int AS records, sha256, source, synced_at FROM feed_snapshots ORDER BY feed",
    );
    return rows.map((r) => ({
      feed: r.feed,
      records: r.records,
      sha256: r.sha256,
      source: r.source,
      syncedAt: r.synced_at instanceof Date ? r.synced_at : new Date(r.synced_at),
    }));
  }
}

export function createSqlFeedStore(db: Db): FeedStore {
  return new SqlFeedStore(db);
}
