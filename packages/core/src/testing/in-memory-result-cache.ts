// ResultCache in process memory. Values go through JSON on the way in, like the jsonb column of the SQL
// adapter, so a test cannot depend on getting the same object (or a Date, or undefined) back.
import type { CachedValue, ResultCache } from "../ports/result-cache.js";

interface Entry {
  readonly json: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export class InMemoryResultCache implements ResultCache {
  private readonly entries = new Map<string, Entry>();

  async get(key: string, now: Date): Promise<CachedValue | null> {
    const e = this.entries.get(key);
    if (!e || e.expiresAt.getTime() <= now.getTime()) return null;
    return { value: JSON.parse(e.json) as unknown, expiresAt: new Date(e.expiresAt), createdAt: new Date(e.createdAt) };
  }

  async set(key: string, entry: CachedValue): Promise<void> {
    this.entries.set(key, {
      json: JSON.stringify(entry.value) ?? "null",
      expiresAt: new Date(entry.expiresAt),
      createdAt: new Date(entry.createdAt),
    });
  }

  /** Deletes entries expired at `now`; returns how many. */
  async purgeExpired(now: Date): Promise<number> {
    let n = 0;
    for (const [k, e] of this.entries) {
      if (e.expiresAt.getTime() <= now.getTime()) {
        this.entries.delete(k);
        n += 1;
      }
    }
    return n;
  }

  get size(): number {
    return this.entries.size;
  }
}
