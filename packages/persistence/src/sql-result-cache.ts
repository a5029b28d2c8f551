// ResultCache on the result_cache table (jsonb values). Expired rows are invisible to get and removed by
// purgeExpired, which startCachePurge runs on a timer so the table does not grow without bound.
import type { CachedValue, Clock, ResultCache } from "@scamverify/core";
import type { Db } from "./db.js";

export class SqlResultCache implements ResultCache {
  constructor(private readonly db: Db) {}

  async get(key: string, now: Date): Promise<CachedValue | null> {
    const { rows } = await this.db.query<{ value: unknown; created_at: Date; expires_at: Date }>(
      "SELECT value, created_at, expires_at FROM result_cache WHERE key = $1 AND expires_at > $2",
      [key, now],
    );
    const row = rows[0];
    return row ? { value: row.value, createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) } : null;
  }

  async set(key: string, entry: CachedValue): Promise<void> {
    await this.db.query(
      `INSERT INTO result_cache (key, value, created_at, expires_at) VALUES ($1, $2::jsonb, $3, $4)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, created_at = EXCLUDED.created_at,
         expires_at = EXCLUDED.expires_at`,
      [key, JSON.stringify(entry.value) ?? "null", entry.createdAt, entry.expiresAt],
    );
  }

  /** Deletes entries expired at `now`; returns how many were deleted. */
  async purgeExpired(now: Date): Promise<number> {
    const { rowCount } = await this.db.query("DELETE FROM result_cache WHERE expires_at <= $1", [now]);
    return rowCount;
  }
}

export interface CachePurgeOptions {
  readonly cache: Pick<SqlResultCache, "purgeExpired">;
  readonly clock: Clock;
  /** Default 10 minutes. */
  readonly intervalMs?: number;
  /** Told about a failed purge (the next run retries); default ignores it. */
  readonly onError?: (err: unknown) => void;
}

/** Purges expired cache rows every interval until the returned stop function is called. */
export function startCachePurge(options: CachePurgeOptions): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    options.cache
      .purgeExpired(options.clock.now())
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 600_000);
  // The purge alone must not keep a CLI process alive.
  timer.unref();
  return () => clearInterval(timer);
}
