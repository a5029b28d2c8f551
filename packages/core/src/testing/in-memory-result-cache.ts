// ResultCache in process memory. Values are kept as they come back from JSON, like the jsonb column of the SQL
// adapter (frozenJsonCopy: Dates as strings, undefined left out), so a test cannot depend on getting the same object
// (or a Date, or undefined) back; the copy is frozen, so no reader can change what the next one reads, and is made
// without the text a serialisation would write and parse.
import type { CachedValue, ResultCache } from "../ports/result-cache.js";
import { frozenJsonCopy } from "../policies/json-copy.js";

interface Entry {
  readonly value: unknown;
  readonly expiresAt: number;
  readonly createdAt: number;
}

export class InMemoryResultCache implements ResultCache {
  private readonly entries = new Map<string, Entry>();

  async get(key: string, now: Date): Promise<CachedValue | null> {
    const e = this.entries.get(key);
    if (!e || e.expiresAt <= now.getTime()) return null;
    return { value: e.value, expiresAt: new Date(e.expiresAt), createdAt: new Date(e.createdAt) };
  }

  async set(key: string, entry: CachedValue): Promise<void> {
    this.entries.set(key, {
      value: frozenJsonCopy(entry.value),
      expiresAt: entry.expiresAt.getTime(),
      createdAt: entry.createdAt.getTime(),
    });
  }

  /** Deletes entries expired at `now`; returns how many. */
  async purgeExpired(now: Date): Promise<number> {
    let n = 0;
    for (const [k, e] of this.entries) {
      if (e.expiresAt <= now.getTime()) {
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
