// Builds every SQL-backed store over one Db for the composition root.
import type { Db } from "./db.js";
import { SqlAccountStore } from "./sql-account-store.js";
import { SqlApiKeyStore } from "./sql-api-key-store.js";
import type { SqlApiKeyStoreOptions } from "./sql-api-key-store.js";
import { SqlHealthProbe } from "./sql-health-probe.js";
import { SqlJobStore } from "./sql-job-store.js";
import { SqlIdempotencyStore } from "./sql-idempotency-store.js";
import { SqlQuotaLedger } from "./sql-quota-ledger.js";
import { SqlReportStore } from "./sql-report-store.js";
import { SqlResultCache } from "./sql-result-cache.js";
import { SqlListStore } from "./sql-list-store.js";
import { SqlFeedbackStore } from "./sql-feedback-store.js";

export interface Stores {
  readonly accounts: SqlAccountStore;
  readonly apiKeys: SqlApiKeyStore;
  readonly quotaLedger: SqlQuotaLedger;
  readonly resultCache: SqlResultCache;
  readonly reports: SqlReportStore;
  readonly health: SqlHealthProbe;
  readonly jobs: SqlJobStore;
  readonly idempotency: SqlIdempotencyStore;
  readonly lists: SqlListStore;
  readonly feedback: SqlFeedbackStore;
}

export interface CreateStoresOptions {
  readonly apiKeys?: SqlApiKeyStoreOptions;
}

export function createStores(db: Db, options: CreateStoresOptions = {}): Stores {
  return {
    accounts: new SqlAccountStore(db),
    apiKeys: new SqlApiKeyStore(db, options.apiKeys),
    quotaLedger: new SqlQuotaLedger(db),
    resultCache: new SqlResultCache(db),
    reports: new SqlReportStore(db),
    health: new SqlHealthProbe(db),
    jobs: new SqlJobStore(db),
    idempotency: new SqlIdempotencyStore(db),
    lists: new SqlListStore(db),
    feedback: new SqlFeedbackStore(db),
  };
}
