// Registers every store contract suite, plus the SQL-only behaviour (touch coalescing, cache purge, health),
// against one shared Db, so the PGlite and PostgreSQL test files run exactly the same checks.
import { describe, expect, it } from "vitest";
import {
  at,
  describeAccountStoreContract,
  describeApiKeyStoreContract,
  describeJobStoreContract,
  describeIdempotencyStoreContract,
  describeQuotaLedgerContract,
  describeReportStoreContract,
  describeResultCacheContract,
  describeListStoreContract,
  describeFeedbackStoreContract,
  uniqueName,
} from "@scamverify/core/testing";
import {
  SqlAccountStore,
  SqlApiKeyStore,
  SqlHealthProbe,
  SqlJobStore,
  SqlIdempotencyStore,
  SqlQuotaLedger,
  SqlReportStore,
  SqlResultCache,
  SqlListStore,
  SqlFeedbackStore,
  createStores,
} from "@scamverify/persistence";
import type { Db } from "@scamverify/persistence";

const noop = async (): Promise<void> => undefined;

export async function addAccount(db: Db, id: string): Promise<void> {
  await db.query(
    `INSERT INTO accounts (id, email, plan, period_start, period_end, created_at)
     VALUES ($1, $2, 'free', $3, $4, $3) ON CONFLICT DO NOTHING`,
    [id, `${id}@example.test`, at(0), at(86_400_000)],
  );
}

export function registerSqlSuites(engine: string, getDb: () => Promise<Db>): void {
  const scoped =
    <S>(make: (db: Db) => S) =>
    async () => {
      const db = await getDb();
      return { store: make(db), addAccount: (id: string) => addAccount(db, id), cleanup: noop };
    };

  describeAccountStoreContract(engine, async () => ({ store: new SqlAccountStore(await getDb()), cleanup: noop }));
  describeApiKeyStoreContract(
    engine,
    scoped((db) => new SqlApiKeyStore(db)),
  );
  describeQuotaLedgerContract(
    engine,
    scoped((db) => new SqlQuotaLedger(db)),
  );
  describeResultCacheContract(engine, async () => ({ store: new SqlResultCache(await getDb()), cleanup: noop }));
  describeReportStoreContract(
    engine,
    scoped((db) => new SqlReportStore(db)),
  );
  // Stores that charge or give back units, beside the ledger on the same database that reads what they did.
  const withLedger =
    <S>(make: (db: Db) => S) =>
    async () => {
      const db = await getDb();
      return { ...(await scoped(make)()), ledger: new SqlQuotaLedger(db) };
    };
  describeJobStoreContract(
    engine,
    withLedger((db) => new SqlJobStore(db)),
  );
  describeIdempotencyStoreContract(
    engine,
    withLedger((db) => new SqlIdempotencyStore(db)),
  );

  describeListStoreContract(
    engine,
    scoped((db) => new SqlListStore(db)),
  );
  describeFeedbackStoreContract(
    engine,
    scoped((db) => new SqlFeedbackStore(db)),
  );

  describe(`SQL stores on ${engine}`, () => {
    it("writes last_used_at at most once a minute per key", async () => {
      const db = await getDb();
      const store = new SqlApiKeyStore(db);
      const account = uniqueName("acct");
      await addAccount(db, account);
      const id = uniqueName("key");
      await store.create(
        { id, accountId: account, name: "k", mode: "live", prefix: "sv_live_abcd", hash: `${id}-h`, createdAt: at(0) },
        5,
      );
      const lastUsed = async (): Promise<Date | null | undefined> => (await store.findById(account, id))?.lastUsedAt;
      await store.touch(id, at(1000));
      expect(await lastUsed()).toEqual(at(1000));
      await store.touch(id, at(30_000));
      await store.touch(id, at(60_999));
      expect(await lastUsed()).toEqual(at(1000));
      await store.touch(id, at(61_000));
      expect(await lastUsed()).toEqual(at(61_000));
      // Another process (another store instance) touching with an older time never moves it back.
      await new SqlApiKeyStore(db).touch(id, at(50_000));
      expect(await lastUsed()).toEqual(at(61_000));
    });

    it("purges expired cache rows only", async () => {
      const db = await getDb();
      const cache = new SqlResultCache(db);
      const base = 10 * 365 * 86_400_000;
      const old = uniqueName("purge-old");
      const fresh = uniqueName("purge-fresh");
      await cache.set(old, { value: 1, createdAt: at(base), expiresAt: at(base + 1000) });
      await cache.set(fresh, { value: 2, createdAt: at(base), expiresAt: at(base + 10 * 86_400_000) });
      expect(await cache.purgeExpired(at(base + 1000))).toBeGreaterThanOrEqual(1);
      const { rows } = await db.query<{ key: string }>("SELECT key FROM result_cache WHERE key = ANY($1::text[])", [
        [old, fresh],
      ]);
      expect(rows.map((r) => r.key)).toEqual([fresh]);
    });

    it("stores a first reservation against a zero ceiling as nothing at all", async () => {
      const db = await getDb();
      const account = uniqueName("acct");
      await addAccount(db, account);
      await new SqlQuotaLedger(db).reserve({ accountId: account, channel: "url", periodStart: at(0) }, 0);
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM quota_usage WHERE account_id = $1",
        [account],
      );
      expect(rows[0]?.n).toBe(0);
    });

    it("treats an unlimited (Infinity) ceiling as never refusing", async () => {
      const db = await getDb();
      const account = uniqueName("acct");
      await addAccount(db, account);
      const key = { accountId: account, channel: "email", periodStart: at(0) } as const;
      expect(await new SqlQuotaLedger(db).reserve(key, Number.POSITIVE_INFINITY)).toEqual({ ok: true, used: 1 });
    });

    it("reports the database reachable and builds every store", async () => {
      const db = await getDb();
      expect(await new SqlHealthProbe(db).databaseReachable(1000)).toBe(true);
      const stores = createStores(db);
      expect(await stores.health.databaseReachable(1000)).toBe(true);
      expect(await stores.accounts.findById(uniqueName("none"))).toBeNull();
      expect(Object.keys(stores).sort()).toEqual([
        "accounts",
        "apiKeys",
        "feedback",
        "health",
        "idempotency",
        "jobs",
        "lists",
        "quotaLedger",
        "reports",
        "resultCache",
      ]);
    });
  });
}
