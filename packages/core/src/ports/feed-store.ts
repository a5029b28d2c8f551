/** One indicator of a threat feed, normalized by the feed parser. */
export interface FeedRecord {
  /** url: an exact normalized URL; host: a full host name or IP; domain: a registrable domain. */
  readonly kind: "url" | "host" | "domain";
  readonly value: string;
  /** The feed's threat label (e.g. "malware_download", "phishing"); null when the feed gives none. */
  readonly threat: string | null;
}

export interface FeedSnapshot {
  readonly feed: string;
  readonly records: number;
  /** Hex SHA-256 of the source bytes, so an unchanged download is recognised. */
  readonly sha256: string;
  readonly source: string;
  readonly syncedAt: Date;
}

/** Persisted threat feed contents, one snapshot per feed. */
export interface FeedStore {
  /** Replaces the feed's records and snapshot in one transaction: readers see the old or the new set, never a mix. */
  replace(snapshot: FeedSnapshot, records: readonly FeedRecord[]): Promise<void>;
  /** The feed's records; empty when never synced. */
  load(feed: string): Promise<FeedRecord[]>;
  /** Snapshots of every synced feed. */
  snapshots(): Promise<FeedSnapshot[]>;
}
