import type { QuotaKey } from "./quota-ledger.js";

/** The answer kept for a key: enough to send the same response again, nothing more. */
export interface StoredResponse {
  readonly status: number;
  /** The response headers worth repeating (content type, quota counters), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Which record a key is: the account it belongs to and the hash of its credential and key (never the key). */
export interface IdempotencyKeyRef {
  readonly accountId: string;
  readonly keyHash: string;
}

/** A claim as its owner holds it: units a request charges while running under it are noted on it. */
export interface IdempotencyClaimRef extends IdempotencyKeyRef {
  readonly owner: string;
}

export interface IdempotencyClaimInput extends IdempotencyKeyRef {
  /** A digest of the request (method, path and body) the key was first sent with. */
  readonly requestHash: string;
  /** Who holds the claim while the request runs; `complete` and `release` name it. */
  readonly owner: string;
  readonly now: Date;
  /** Until when a claim counts as in flight; past it an unfinished claim (its process gone) may be taken over. */
  readonly lockedUntil: Date;
  /** When the record (claim or stored answer) is forgotten. */
  readonly expiresAt: Date;
}

export type IdempotencyClaim =
  /** The key was free (new, expired, or an abandoned claim): the caller runs the request. */
  | { readonly kind: "claimed" }
  /** The key is held by a request still running. */
  | { readonly kind: "in_flight"; readonly requestHash: string }
  /** The key has an answer stored. */
  | { readonly kind: "done"; readonly requestHash: string; readonly response: StoredResponse };

/**
 * Idempotency-Key records. Keys are stored as hashes, per account; an answer is kept until its expiry. Errors are
 * StoreErrors (the engine answers service_unavailable).
 *
 * A claim also notes the quota units its request committed (commitCharge). A request whose process dies after
 * charging and before its answer is stored leaves them noted; the request sent again with the key takes the claim
 * over, and the units are given back in the same transaction, so the request is charged once, by the run that
 * answers. The store shares its database with the QuotaLedger (the in-memory one is given the ledger).
 */
export interface IdempotencyStore {
  /**
   * Takes the key for one request, atomically: of two callers claiming the same free key at once, one gets
   * "claimed" and the other sees the first one's record. A record expired at `now`, or a claim whose lockedUntil
   * is past, counts as free. Otherwise the record is returned as it is, whatever its request hash. Taking over a
   * claim that was never completed gives back the units noted on it, in the same transaction.
   */
  claim(input: IdempotencyClaimInput): Promise<IdempotencyClaim>;
  /**
   * Moves on the lock of a claim its owner still holds, to `lockedUntil` (a running request's heartbeat: a process
   * that dies stops renewing, and its claim soon counts as free); a no-op when the claim was completed, released or
   * taken over.
   */
  renew(ref: IdempotencyKeyRef, owner: string, lockedUntil: Date): Promise<void>;
  /** Stores the answer of a claim the owner still holds; a no-op when the claim was taken over or released. */
  complete(ref: IdempotencyKeyRef, owner: string, response: StoredResponse): Promise<void>;
  /** Frees a key its owner still holds (the request failed and may be sent again); otherwise a no-op. */
  release(ref: IdempotencyKeyRef, owner: string): Promise<void>;
  /**
   * Keeps a quota hold taken by a request running under `claim` (QuotaLedger.commit) and, while its owner still
   * holds the claim uncompleted, notes the unit (`key`, the hold's counter) on the claim in the same transaction.
   * When the claim is no longer the owner's in flight, the hold is kept as QuotaLedger.commit keeps it. Returns
   * whether the hold was open (false: already kept, given back, or swept; nothing is noted then).
   */
  commitCharge(claim: IdempotencyClaimRef, holdId: string, key: QuotaKey): Promise<boolean>;
  /**
   * Gives back one unit of `key` charged by a request running under `claim` whose answer then failed
   * (QuotaLedger.release without a hold), taking it off the claim's noted units in the same transaction. While the
   * owner holds the claim, only a noted unit is given back; when the claim was taken over, nothing (the takeover gave
   * the noted units back); when the record is gone or completed, the unit is given back as QuotaLedger.release does.
   * Returns the counter after the call.
   */
  refundCharge(claim: IdempotencyClaimRef, key: QuotaKey): Promise<number>;
  /** Deletes the records expired at `now`; returns how many. Idempotent. */
  purgeExpired(now: Date): Promise<number>;
}
