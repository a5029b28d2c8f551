// Password guessing against one account from many addresses: every sign-in attempt for an email counts against that
// email, in the shared rate limiter, whether the account exists or not (so the throttle reveals no account).
import type { Hasher } from "../../ports/hasher.js";

export const SIGN_IN_THROTTLE = {
  /**
   * Attempts per email in any span of windowMs (a sliding window: a fixed one would let twice as many through
   * around each boundary); a person who mistypes a few times stays well below it.
   */
  attempts: 10,
  windowMs: 15 * 60_000,
} as const;

/** The limiter key of an email: hashed, so the limiter's store (Redis) never holds addresses. */
export function signInThrottleKey(hasher: Hasher, email: string): string {
  return `signin:${hasher.sha256Hex(email.trim().toLowerCase())}`;
}
