import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import type { Account } from "../../ports/account-store.js";
import type { SlidingLimiter } from "../../ports/rate-limiter.js";
import { OAUTH_LIFETIMES, TOKEN_BYTES } from "../../policies/oauth/lifetimes.js";
import { SIGN_IN_THROTTLE, signInThrottleKey } from "../../policies/oauth/sign-in-throttle.js";

export type SignInErrorCode =
  "invalid_credentials" | "invalid_email" | "weak_password" | "email_taken" | "too_many_attempts";

/** A failure the sign-in and sign-up forms show next to the fields; never an exception. */
export interface SignInError {
  readonly code: SignInErrorCode;
  readonly message: string;
  /** too_many_attempts: seconds until the email may try again. */
  readonly retryAfterSeconds?: number;
}

export interface SignedIn {
  readonly account: Account;
  /** Raw session id for the cookie; only its hash is stored. */
  readonly sessionId: string;
  readonly expiresAt: Date;
}

/** The answer once an email has used up its attempts (sign-in and sign-up count alike). */
export function throttled(resetAt: Date, now: Date): SignInError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    code: "too_many_attempts",
    message: `Too many sign-in attempts for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  };
}

/**
 * Counts one password attempt for the email (sign-in and sign-up alike); the refusal once too many were made. The
 * window slides: no span of SIGN_IN_THROTTLE.windowMs, wherever it starts, admits more than its attempts.
 */
export async function throttleAttempt(
  deps: OAuthDeps & { readonly rateLimiter: SlidingLimiter },
  email: string,
): Promise<SignInError | null> {
  const now = deps.clock.now();
  const decision = await deps.rateLimiter.slide(
    signInThrottleKey(deps.hasher, email),
    SIGN_IN_THROTTLE.attempts,
    SIGN_IN_THROTTLE.windowMs,
    now,
  );
  return decision.allowed ? null : throttled(decision.resetAt, now);
}

/** Opens a session for an account (after sign-in or sign-up). */
export async function openSession(deps: OAuthDeps, account: Account): Promise<SignedIn> {
  const now = deps.clock.now();
  const sessionId = deps.ids.token(TOKEN_BYTES);
  const expiresAt = new Date(now.getTime() + OAUTH_LIFETIMES.sessionMs);
  await deps.store.createSession({
    idHash: deps.hasher.sha256Hex(sessionId),
    accountId: account.id,
    createdAt: now,
    expiresAt,
  });
  return { account, sessionId, expiresAt };
}

/**
 * Email and password sign-in. An unknown email and a wrong password give the same answer, and the password is
 * verified against a dummy hash when the account is missing, so neither the message nor the timing reveals which.
 * Every attempt counts against the email (SIGN_IN_THROTTLE), known or not; past the limit the answer is
 * too_many_attempts without looking at the password, so a right guess cannot get through either.
 */
export async function signIn(
  deps: OAuthDeps & { readonly rateLimiter: SlidingLimiter },
  input: { readonly email: string; readonly password: string },
): Promise<Result<SignedIn, SignInError>> {
  const invalid: SignInError = { code: "invalid_credentials", message: "Incorrect email or password" };
  const email = input.email.trim();
  const refused = await throttleAttempt(deps, email);
  if (refused !== null) return err(refused);
  // No stored email holds a NUL (PostgreSQL text cannot), so such an address is unknown without asking the store.
  const account = email === "" || email.includes("\u0000") ? null : await deps.accounts.findByEmail(email);
  if (!account || account.passwordHash === null) {
    await deps.passwords.hash(input.password);
    return err(invalid);
  }
  if (!(await deps.passwords.verify(input.password, account.passwordHash))) return err(invalid);
  return ok(await openSession(deps, account));
}
