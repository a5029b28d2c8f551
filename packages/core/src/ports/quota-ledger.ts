export interface QuotaKey {
  readonly accountId: string;
  /** A quota channel id of the engine's channel registry (phone, url, text, email, document, ...). */
  readonly channel: string;
  /** Start of the billing period the unit belongs to; a new period starts from 0. */
  readonly periodStart: Date;
}

export type Reservation = { readonly ok: true; readonly used: number } | { readonly ok: false; readonly used: number };

/**
 * A unit taken for one lookup while it runs, kept durably beside the counter: committed when the lookup finishes,
 * given back when it fails, and given back by releaseExpired once `expiresAt` passes (the lookup's process died).
 */
export interface QuotaHold {
  /** Unique per reservation (a UUID). */
  readonly id: string;
  readonly expiresAt: Date;
}

/** A unit still held (not committed): its counter and its hold, for a caller that keeps or gives it back later. */
export interface HeldUnit {
  readonly key: QuotaKey;
  readonly holdId: string;
}

/** Per-account, per-channel, per-period usage counters. Atomic in the store, never in process memory. */
export interface QuotaLedger {
  /**
   * Adds 1 to the counter if it is below `ceiling`, atomically (concurrent callers never overspend). With `hold`,
   * the unit is recorded as held in the same step, so a crash after it can never leave the unit charged for good.
   * Returns the counter after the call and whether the unit was taken (no hold is recorded when it was not).
   */
  reserve(key: QuotaKey, ceiling: number, hold?: QuotaHold): Promise<Reservation>;
  /**
   * Keeps a held unit for good: its lookup finished. True when the hold was open; false when it was not (already
   * committed, given back, or expired and swept). Idempotent.
   */
  commit(holdId: string): Promise<boolean>;
  /**
   * Gives back one unit taken by reserve (never below 0). With `holdId`, only while that hold is open, closing it in
   * the same step: a hold is given back once, whoever (the lookup, the sweep) comes first. Returns the counter after
   * the call.
   */
  release(key: QuotaKey, holdId?: string): Promise<number>;
  /** Gives back the unit of every open hold whose expiresAt is at or before `now`; returns how many. */
  releaseExpired(now: Date): Promise<number>;
  /** The counters stored for the period, by channel id; a channel never used is absent (read it as 0). */
  read(accountId: string, periodStart: Date): Promise<Readonly<Record<string, number>>>;
  /** Sets a counter (operators and tests). */
  set(key: QuotaKey, used: number): Promise<void>;
}
