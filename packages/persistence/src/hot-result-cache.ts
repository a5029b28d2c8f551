// A bounded in-process layer over the shared result cache. A cached assessment never changes before it expires, so
// serving it from memory is exact; the short local lifetime lets a forced refresh made elsewhere show up soon.
import { BoundedMap, type CachedValue, type Clock, type ResultCache } from "@scamverify/core";

export interface HotResultCacheOptions {
  readonly clock: Clock;
  /** How long this process keeps an entry it has read or written (never past its own expiry). Default 60 s. */
  readonly ttlMs?: number;
  /** Most entries kept; the oldest is dropped first. Default 10,000. */
  readonly maxEntries?: number;
}

export class HotResultCache implements ResultCache {
  private readonly hot: BoundedMap<string, { entry: CachedValue; until: number }>;
  private readonly ttlMs: number;

  constructor(
    private readonly inner: ResultCache,
    private readonly options: HotResultCacheOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.hot = new BoundedMap(options.maxEntries ?? 10_000);
  }

  async get(key: string, now: Date): Promise<CachedValue | null> {
    const h = this.hot.get(key);
    if (h && h.until > now.getTime()) return h.entry;
    if (h) this.hot.delete(key);
    const entry = await this.inner.get(key, now);
    if (entry) this.remember(key, entry);
    return entry;
  }

  held(key: string, now: Date): CachedValue | undefined {
    const h = this.hot.get(key);
    return h !== undefined && h.until > now.getTime() ? h.entry : undefined;
  }

  async set(key: string, entry: CachedValue): Promise<void> {
    await this.inner.set(key, entry);
    this.remember(key, entry);
  }

  private remember(key: string, entry: CachedValue): void {
    this.hot.delete(key);
    const until = Math.min(this.options.clock.now().getTime() + this.ttlMs, entry.expiresAt.getTime());
    this.hot.set(key, { entry, until });
  }
}
