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
 */
export interface IdempotencyStore {
  /**
   * Takes the key for one request, atomically: of two callers claiming the same free key at once, one gets
   * "claimed" and the other sees the first one's record. A record expired at `now`, or a claim whose lockedUntil
   * is past, counts as free. Otherwise the record is returned as it is, whatever its request hash.
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
  /** Deletes the records expired at `now`; returns how many. Idempotent. */
  purgeExpired(now: Date): Promise<number>;
}
