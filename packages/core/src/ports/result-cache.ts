export interface CachedValue {
  readonly value: unknown;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

/** Assessment cache shared by all accounts, keyed by channel and normalized input. */
export interface ResultCache {
  /** null when absent or expired at `now`. */
  get(key: string, now: Date): Promise<CachedValue | null>;
  /** Stores or replaces. */
  set(key: string, entry: CachedValue): Promise<void>;
}
