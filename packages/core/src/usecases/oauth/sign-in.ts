import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import type { Account } from "../../ports/account-store.js";
import { OAUTH_LIFETIMES, TOKEN_BYTES } from "../../policies/oauth/lifetimes.js";

export type SignInErrorCode = "invalid_credentials" | "invalid_email" | "weak_password" | "email_taken";

/** A failure the sign-in and sign-up forms show next to the fields; never an exception. */
export interface SignInError {
  readonly code: SignInErrorCode;
  readonly message: string;
}

export interface SignedIn {
  readonly account: Account;
  /** Raw session id for the cookie; only its hash is stored. */
  readonly sessionId: string;
  readonly expiresAt: Date;
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
 */
export async function signIn(
  deps: OAuthDeps,
  input: { readonly email: string; readonly password: string },
): Promise<Result<SignedIn, SignInError>> {
  const invalid: SignInError = { code: "invalid_credentials", message: "Incorrect email or password" };
  const email = input.email.trim();
  const account = email === "" ? null : await deps.accounts.findByEmail(email);
  if (!account || account.passwordHash === null) {
    await deps.passwords.hash(input.password);
    return err(invalid);
  }
  if (!(await deps.passwords.verify(input.password, account.passwordHash))) return err(invalid);
  return ok(await openSession(deps, account));
}
