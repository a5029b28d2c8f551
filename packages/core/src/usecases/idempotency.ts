// Idempotency-Key (the IETF httpapi draft, as Stripe practises it): a POST sent again with the key it was first
// sent with gets the first answer back instead of running twice (no second charge). The key belongs to the
// account and the credential that sent it; it is kept as a hash. Only a successful answer is kept: a refused or
// failed request charged nothing, so it frees the key and a retry runs afresh.
import { err, ok, type Result } from "neverthrow";
import { appError, validationError, type AppError } from "../errors.js";
import type { IdempotencyKeyRef, StoredResponse } from "../ports/idempotency-store.js";
import type { Principal } from "./deps.js";
import { guardStore } from "./guard-store.js";
import type { Kernel } from "./kernel.js";

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim counts as in flight unless renewed. The process running the request renews it every
 * IDEMPOTENCY_RENEW_MS, so a long request keeps its key; a process that dies (killed, out of memory) stops renewing,
 * and a retry sent to another process takes the key over within this time instead of waiting out a long lock.
 */
export const IDEMPOTENCY_LEASE_MS = 15_000;
export const IDEMPOTENCY_RENEW_MS = 5_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Printable ASCII without spaces at either end: what fits in a header and in a structured-field string. */
const KEY_CHARS = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export type IdempotentStart =
  /** Send this answer again (it was given to the same key and request before). */
  | { readonly kind: "replay"; readonly response: StoredResponse }
  /**
   * Run the request as `principal` (the caller holding the claim, so what it charges is noted on the claim), then
   * call `finish` once with its answer: kept when it succeeded (2xx), the key freed otherwise (and when `finish`
   * gets null: the answer was never made).
   */
  | {
      readonly kind: "run";
      readonly principal: Principal;
      finish(response: StoredResponse | null): Promise<void>;
    };

/** The key as sent: a bare token (Stripe's form) or a structured-field string ("..."), 1 to 255 characters. */
export function parseIdempotencyKey(header: string): Result<string, AppError> {
  const key = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  const refuse = (message: string): Result<string, AppError> =>
    err(validationError([{ field: "Idempotency-Key", message }]));
  if (key.length === 0) return refuse("must not be empty");
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return refuse(`must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  if (!KEY_CHARS.test(key)) return refuse("must be printable ASCII");
  return ok(key);
}

/**
 * Claims `header`'s key for one request of `p` whose method, path and body digest to `requestHash`. The same key
 * with another request is idempotency_key_reused (422); with the same request still running, idempotency_key_in_use
 * (409).
 */
export async function beginIdempotent(
  k: Kernel,
  p: Principal,
  header: string,
  requestHash: string,
): Promise<Result<IdempotentStart, AppError>> {
  const key = parseIdempotencyKey(header);
  if (key.isErr()) return err(key.error);
  const store = k.idempotency;
  const credential = p.keyId !== undefined ? `key:${p.keyId}` : `oauth:${p.clientId ?? ""}`;
  const ref: IdempotencyKeyRef = {
    accountId: p.accountId,
    keyHash: k.deps.hasher.sha256Hex(`${p.mode}\n${credential}\n${key.value}`),
  };
  return guardStore(async () => {
    const now = k.now();
    const owner = k.deps.ids.uuid();
    const claim = await store.claim({
      ...ref,
      requestHash,
      owner,
      now,
      lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    if (claim.kind !== "claimed" && !k.deps.hasher.timingSafeEqual(claim.requestHash, requestHash)) {
      return err(
        appError(
          "idempotency_key_reused",
          "This Idempotency-Key was used with a different request; send a new key for a new request.",
        ),
      );
    }
    if (claim.kind === "in_flight") {
      return err(
        appError("idempotency_key_in_use", "A request with this Idempotency-Key is still being processed.", {
          retryAfter: 1,
        }),
      );
    }
    if (claim.kind === "done") return ok({ kind: "replay" as const, response: claim.response });
    // The heartbeat: renewals never keep the process alive, and one the store refuses is tried at the next beat.
    let running = true;
    let cancel = (): void => undefined;
    const beat = (): void => {
      if (!running) return;
      cancel = k.timers.schedule(
        IDEMPOTENCY_RENEW_MS,
        () => void store.renew(ref, owner, new Date(k.now().getTime() + IDEMPOTENCY_LEASE_MS)).then(beat, beat),
        { background: true },
      );
    };
    beat();
    return ok({
      kind: "run" as const,
      principal: { ...p, claim: { ...ref, owner } },
      finish: async (response: StoredResponse | null) => {
        running = false;
        cancel();
        if (response !== null && response.status >= 200 && response.status < 300) {
          await store.complete(ref, owner, response);
        } else {
          await store.release(ref, owner);
        }
      },
    });
  });
}
