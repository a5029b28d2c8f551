// A prototype of the change the cached-lookup benchmark points at, to measure it before anyone builds it for real:
// a bounded in-process layer over the shared result cache, and a short memo of quota counters for the response
// headers of cache hits. Enabled in the bench server with BENCH_HOT_PATHS=1; not used by the product.
import type { CachedValue, QuotaLedger, ResultCache } from "../../packages/core/src/index.js";

/** Remembers entries read or written here for `ttlMs` (never past their own expiry), at most `max` of them. */
export function withHotCache(inner: ResultCache, ttlMs = 5_000, max = 10_000): ResultCache {
  const hot = new Map<string, { entry: CachedValue; until: number }>();
  const remember = (key: string, entry: CachedValue, now: number): void => {
    if (hot.size >= max) hot.delete(hot.keys().next().value as string);
    hot.set(key, { entry, until: Math.min(now + ttlMs, entry.expiresAt.getTime()) });
  };
  return {
    async get(key, now) {
      const t = now.getTime();
      const h = hot.get(key);
      if (h && h.until > t) return h.entry;
      const entry = await inner.get(key, now);
      if (entry) remember(key, entry, t);
      else hot.delete(key);
      return entry;
    },
    async set(key, entry) {
      await inner.set(key, entry);
      remember(key, entry, entry.createdAt.getTime());
    },
  };
}

/** Serves quota reads from a memo of `ttlMs`; any write through this ledger refreshes it. */
export function withQuotaMemo(
  inner: QuotaLedger,
  ttlMs = 1_000,
  now: () => number = () => performance.now(),
): QuotaLedger {
  const memo = new Map<string, { value: Awaited<ReturnType<QuotaLedger["read"]>>; until: number }>();
  const id = (accountId: string, periodStart: Date): string => `${accountId}\u0000${periodStart.getTime()}`;
  return {
    async read(accountId, periodStart) {
      const m = memo.get(id(accountId, periodStart));
      if (m && m.until > now()) return m.value;
      const value = await inner.read(accountId, periodStart);
      memo.set(id(accountId, periodStart), { value, until: now() + ttlMs });
      return value;
    },
    async reserve(key, ceiling) {
      memo.delete(id(key.accountId, key.periodStart));
      return inner.reserve(key, ceiling);
    },
    async release(key) {
      memo.delete(id(key.accountId, key.periodStart));
      return inner.release(key);
    },
    async set(key, used) {
      memo.delete(id(key.accountId, key.periodStart));
      return inner.set(key, used);
    },
  };
}
