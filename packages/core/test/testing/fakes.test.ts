import { describe, expect, it } from "vitest";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryJobStore,
  InMemoryListStore,
  InMemoryFeedbackStore,
  describeListStoreContract,
  describeFeedbackStoreContract,
  InMemoryIdempotencyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
  SequentialIds,
  at,
  describeAccountStoreContract,
  describeApiKeyStoreContract,
  describeIdempotencyStoreContract,
  describeIdsContract,
  describeJobStoreContract,
  describeQuotaLedgerContract,
  describeRateLimiterContract,
  describeSlidingLimiterContract,
  describeReportStoreContract,
  describeResultCacheContract,
  toBase64Url,
} from "@scamverify/core/testing";

const noop = async (): Promise<void> => undefined;

describeAccountStoreContract("in-memory", async () => ({ store: new InMemoryAccountStore(), cleanup: noop }));
describeApiKeyStoreContract("in-memory", async () => ({
  store: new InMemoryApiKeyStore(),
  addAccount: noop,
  cleanup: noop,
}));
describeQuotaLedgerContract("in-memory", async () => ({
  store: new InMemoryQuotaLedger(),
  addAccount: noop,
  cleanup: noop,
}));
describeResultCacheContract("in-memory", async () => ({ store: new InMemoryResultCache(), cleanup: noop }));
describeRateLimiterContract("in-memory", async () => ({ store: new InMemoryRateLimiter(), cleanup: noop }));
describeSlidingLimiterContract("in-memory", async () => ({ store: new InMemoryRateLimiter(), cleanup: noop }));
describeReportStoreContract("in-memory", async () => ({
  store: new InMemoryReportStore(),
  addAccount: noop,
  cleanup: noop,
}));
describeJobStoreContract("in-memory", async () => {
  const ledger = new InMemoryQuotaLedger();
  return { store: new InMemoryJobStore(ledger), ledger, addAccount: noop, cleanup: noop };
});
describeIdempotencyStoreContract("in-memory", async () => {
  const ledger = new InMemoryQuotaLedger();
  return { store: new InMemoryIdempotencyStore(ledger), ledger, addAccount: noop, cleanup: noop };
});
describeIdsContract("SequentialIds", () => new SequentialIds());
describeListStoreContract("in-memory", async () => ({
  store: new InMemoryListStore(),
  addAccount: noop,
  cleanup: noop,
}));
describeFeedbackStoreContract("in-memory", async () => ({
  store: new InMemoryFeedbackStore(),
  addAccount: noop,
  cleanup: noop,
}));

describe("InMemoryRateLimiter memory bound", () => {
  it("sweeps windows that have ended", async () => {
    const limiter = new InMemoryRateLimiter({ sweepEveryMs: 60_000 });
    for (let i = 0; i < 1000; i++) await limiter.hit(`k${i}`, 10, 60_000, at(0));
    expect(limiter.size).toBe(1000);
    await limiter.hit("late", 10, 60_000, at(120_000));
    expect(limiter.size).toBe(1);
  });

  it("never holds more than maxKeys windows, dropping the oldest first", async () => {
    const limiter = new InMemoryRateLimiter({ maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) await limiter.hit(`k${i}`, 1, 60_000, at(i));
    expect(limiter.size).toBe(100);
    // The newest key keeps its count; the oldest was dropped and starts over.
    expect(await limiter.hit("k9999", 1, 60_000, at(10_000))).toMatchObject({ allowed: false });
    expect(await limiter.hit("k0", 1, 60_000, at(10_000))).toMatchObject({ allowed: true });
  });
});

describe("InMemoryResultCache.purgeExpired", () => {
  it("deletes only entries expired at now", async () => {
    const cache = new InMemoryResultCache();
    await cache.set("old", { value: 1, createdAt: at(0), expiresAt: at(1000) });
    await cache.set("new", { value: 2, createdAt: at(0), expiresAt: at(5000) });
    expect(await cache.purgeExpired(at(1000))).toBe(1);
    expect(cache.size).toBe(1);
    expect((await cache.get("new", at(1000)))?.value).toBe(2);
  });
});

describe("FixedClock", () => {
  it("stands still until set or advanced, and hands out copies", () => {
    const clock = new FixedClock("2025-01-01T00:00:00Z");
    const first = clock.now();
    first.setFullYear(1999);
    expect(clock.now().toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(clock.advance(1500).toISOString()).toBe("2025-01-01T00:00:01.500Z");
    clock.set(new Date("2030-06-01T00:00:00Z"));
    expect(clock.now().toISOString()).toBe("2030-06-01T00:00:00.000Z");
    expect(() => new FixedClock("not a date")).toThrow(RangeError);
  });
});

describe("SequentialIds", () => {
  it("repeats the same sequence for the same seed", () => {
    const a = new SequentialIds(7);
    const b = new SequentialIds(7);
    expect([a.uuid(), a.token(32), a.token(8)]).toEqual([b.uuid(), b.token(32), b.token(8)]);
  });

  it("encodes base64url as RFC 4648 section 10 test vectors", () => {
    const enc = (s: string): string => toBase64Url(new TextEncoder().encode(s));
    expect(["", "f", "fo", "foo", "foob", "fooba", "foobar"].map(enc)).toEqual([
      "",
      "Zg",
      "Zm8",
      "Zm9v",
      "Zm9vYg",
      "Zm9vYmE",
      "Zm9vYmFy",
    ]);
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
  });
});
