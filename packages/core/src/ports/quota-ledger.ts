export interface QuotaKey {
  readonly accountId: string;
  /** A quota channel id of the engine's channel registry (phone, url, text, email, document, ...). */
  readonly channel: string;
  /** Start of the billing period the unit belongs to; a new period starts from 0. */
  readonly periodStart: Date;
}

export type Reservation = { readonly ok: true; readonly used: number } | { readonly ok: false; readonly used: number };

/** Per-account, per-channel, per-period usage counters. Atomic in the store, never in process memory. */
export interface QuotaLedger {
  /**
   * Adds 1 to the counter if it is below `ceiling`, atomically (concurrent callers never overspend).
   * Returns the counter after the call and whether the unit was taken.
   */
  reserve(key: QuotaKey, ceiling: number): Promise<Reservation>;
  /** Gives back one unit taken by reserve (never below 0). Returns the counter after the call. */
  release(key: QuotaKey): Promise<number>;
  /** The counters stored for the period, by channel id; a channel never used is absent (read it as 0). */
  read(accountId: string, periodStart: Date): Promise<Readonly<Record<string, number>>>;
  /** Sets a counter (operators and tests). */
  set(key: QuotaKey, used: number): Promise<void>;
}
