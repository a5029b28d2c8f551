import { describe, expect, it } from "vitest";
import type { CachedValue, ResultCache } from "@scamverify/core";
import { FixedClock, InMemoryResultCache, describeResultCacheContract } from "@scamverify/core/testing";
import { HotResultCache } from "@scamverify/persistence";

class CountingCache implements ResultCache {
  reads = 0;
  constructor(private readonly inner: ResultCache) {}
  get(key: string, now: Date): Promise<CachedValue | null> {
    this.reads++;
    return this.inner.get(key, now);
  }
  set(key: string, entry: CachedValue): Promise<void> {
    return this.inner.set(key, entry);
  }
}

describeResultCacheContract("HotResultCache over the in-memory cache", async () => ({
  store: new HotResultCache(new InMemoryResultCache(), { clock: new FixedClock() }),
  cleanup: async () => undefined,
}));

describe("HotResultCache", () => {
  const t0 = new Date("2026-11-01T00:00:00Z");
  const entry = (expiresInMs: number): CachedValue => ({
    value: { verdict: "scam" },
    createdAt: t0,
    expiresAt: new Date(t0.getTime() + expiresInMs),
  });

  it("serves repeated reads from memory for its local lifetime, then reads through again", async () => {
    const clock = new FixedClock(t0);
    const inner = new CountingCache(new InMemoryResultCache());
    const cache = new HotResultCache(inner, { clock, ttlMs: 1_000 });
    await cache.set("k", entry(86_400_000));
    for (let i = 0; i < 5; i++) expect(await cache.get("k", clock.now())).not.toBeNull();
    expect(inner.reads).toBe(0);
    clock.advance(1_001);
    expect(await cache.get("k", clock.now())).not.toBeNull();
    expect(inner.reads).toBe(1);
  });

  it("never serves an entry past its own expiry", async () => {
    const clock = new FixedClock(t0);
    const cache = new HotResultCache(new InMemoryResultCache(), { clock, ttlMs: 60_000 });
    await cache.set("k", entry(500));
    clock.advance(501);
    expect(await cache.get("k", clock.now())).toBeNull();
  });

  it("tells what it holds at once, only while get would serve it from memory, and never reads through", async () => {
    const clock = new FixedClock(t0);
    const inner = new CountingCache(new InMemoryResultCache());
    const cache = new HotResultCache(inner, { clock, ttlMs: 1_000 });
    const kept = entry(86_400_000);
    await cache.set("k", kept);
    expect(cache.held("k", clock.now())).toBe(kept);
    expect(cache.held("other", clock.now())).toBeUndefined();
    clock.advance(1_001);
    // Past its local lifetime: get would read the shared cache again, so nothing is held.
    expect(cache.held("k", clock.now())).toBeUndefined();
    expect(inner.reads).toBe(0);
    expect(await cache.get("k", clock.now())).toEqual(kept);
    expect(cache.held("k", clock.now())).toEqual(kept);
    const short = entry(500);
    await cache.set("s", short);
    clock.advance(501);
    expect(cache.held("s", clock.now())).toBeUndefined();
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const clock = new FixedClock(t0);
    const inner = new CountingCache(new InMemoryResultCache());
    const cache = new HotResultCache(inner, { clock, maxEntries: 2 });
    await cache.set("a", entry(86_400_000));
    await cache.set("b", entry(86_400_000));
    await cache.set("c", entry(86_400_000));
    await cache.get("a", clock.now());
    expect(inner.reads).toBe(1);
    await cache.get("c", clock.now());
    expect(inner.reads).toBe(1);
  });
});
