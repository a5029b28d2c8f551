// The stores of a process that keeps nothing: the in-memory versions of the store ports (the ones every contract
// suite runs against beside PGlite and PostgreSQL), a feed store and a phone registry store that hold no data. A
// one-shot command with no database to open runs on them: its answers equal those of a new, empty database, and
// nothing it does outlives the process.
import type { FeedRecord, FeedSnapshot, FeedStore, HealthProbe, PhoneRegistryStore } from "@scamverify/core";
import {
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryIdempotencyStore,
  InMemoryQuotaLedger,
  InMemoryReportStore,
  InMemoryResultCache,
  InMemoryListStore,
  InMemoryFeedbackStore,
} from "@scamverify/core/testing/fakes";

export interface MemoryStores {
  readonly accounts: InMemoryAccountStore;
  readonly apiKeys: InMemoryApiKeyStore;
  readonly quotaLedger: InMemoryQuotaLedger;
  readonly resultCache: InMemoryResultCache;
  readonly reports: InMemoryReportStore;
  readonly health: HealthProbe;
  readonly idempotency: InMemoryIdempotencyStore;
  readonly lists: InMemoryListStore;
  readonly feedback: InMemoryFeedbackStore;
  /** No feed was ever synced: every feed reads as not synced, as on a new database. */
  readonly feeds: FeedStore;
  /** No registry file was ever applied: every registry reads as not synced, as on a new database. */
  readonly phoneRegistry: PhoneRegistryStore;
}

const NOTHING_KEPT = "this process keeps no data: open a database to sync";

/** A feed store that never held a feed. Syncing into it is refused: there is nowhere to keep the feed. */
const emptyFeedStore: FeedStore = {
  replace: (_snapshot: FeedSnapshot, _records: readonly FeedRecord[]) => Promise.reject(new Error(NOTHING_KEPT)),
  load: () => Promise.resolve([]),
  snapshots: () => Promise.resolve([]),
};

/** A phone registry store that never had a file applied. Applying one is refused, as for feeds. */
const emptyPhoneRegistryStore: PhoneRegistryStore = {
  hasFile: () => Promise.resolve(false),
  apply: () => Promise.reject(new Error(NOTHING_KEPT)),
  scan: () => Promise.resolve([]),
  countNumbers: () => Promise.resolve(0),
  files: () => Promise.resolve([]),
  replaceCodeBlocks: () => Promise.reject(new Error(NOTHING_KEPT)),
  findCodeBlock: () => Promise.resolve(null),
  countCodeBlocks: () => Promise.resolve(0),
};

export function createMemoryStores(): MemoryStores {
  const quotaLedger = new InMemoryQuotaLedger();
  return {
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quotaLedger,
    resultCache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    health: { databaseReachable: () => Promise.resolve(true) },
    idempotency: new InMemoryIdempotencyStore(quotaLedger),
    lists: new InMemoryListStore(),
    feedback: new InMemoryFeedbackStore(),
    feeds: emptyFeedStore,
    phoneRegistry: emptyPhoneRegistryStore,
  };
}
