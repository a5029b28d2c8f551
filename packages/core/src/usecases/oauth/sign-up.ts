import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import { calendarMonth } from "../../policies/billing-period.js";
import { MIN_PASSWORD_LENGTH } from "../accounts.js";
import type { SignInError } from "./sign-in.js";

const MAX_PASSWORD_LENGTH = 200;
// Deliberately loose: one @, no spaces or control characters, a dot in the domain. Deliverability is not ours to
// judge here.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const EMAIL = /^[^\s@\u0000-\u001f\u007f]{1,64}@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]{2,}$/;

/** What a sign-up tells its caller: the same for a new account and for an email already registered. */
export interface SignedUp {
  /** The normalized email, to prefill the sign-in form. */
  readonly email: string;
}

/**
 * Creates a free-plan account with a password. Emails are unique case-insensitively. An email already registered is
 * answered exactly as a new one (same result, same work: the password is hashed and the insert attempted either
 * way), so sign-up cannot be used to learn who has an account; the person then signs in, with the password of the
 * existing account if there was one. No session is opened here for the same reason.
 */
export async function signUp(
  deps: OAuthDeps,
  input: { readonly email: string; readonly password: string },
): Promise<Result<SignedUp, SignInError>> {
  const email = input.email.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email))
    return err({ code: "invalid_email", message: "Enter a valid email address" });
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
    return err({ code: "weak_password", message: `Use a password of at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  const now = deps.clock.now();
  const period = calendarMonth(now);
  // "email_taken" is deliberately not told apart (see above).
  await deps.accounts.create({
    id: deps.ids.uuid(),
    email,
    passwordHash: await deps.passwords.hash(input.password),
    plan: "free",
    periodStart: period.start,
    periodEnd: period.end,
    customQuotas: null,
    customRpm: null,
    createdAt: now,
  });
  return ok({ email });
}
