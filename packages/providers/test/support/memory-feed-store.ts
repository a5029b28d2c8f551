import type { FeedRecord, FeedSnapshot, FeedStore } from "@scamverify/core";

/** A FeedStore in memory for provider tests; counts replaces so a test can tell whether one happened. */
export class MemoryFeedStore implements FeedStore {
  readonly records = new Map<string, FeedRecord[]>();
  readonly snaps = new Map<string, FeedSnapshot>();
  replaces = 0;

  async replace(snapshot: FeedSnapshot, records: readonly FeedRecord[]): Promise<void> {
    this.replaces++;
    this.records.set(snapshot.feed, [...records]);
    this.snaps.set(snapshot.feed, snapshot);
  }

  async load(feed: string): Promise<FeedRecord[]> {
    return [...(this.records.get(feed) ?? [])];
  }

  async snapshots(): Promise<FeedSnapshot[]> {
    return [...this.snaps.values()];
  }
}
