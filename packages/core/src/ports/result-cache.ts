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
  /**
   * The entry `get` would give, at once, when this adapter holds it in process memory; undefined when it would have
   * to be read (or is absent or expired). Reads nothing and changes nothing. Optional: an adapter that keeps nothing
   * in memory leaves it out.
   */
  held?(key: string, now: Date): CachedValue | undefined;
}
