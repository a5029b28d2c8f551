import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import type { SlidingLimiter } from "../../ports/rate-limiter.js";
import { calendarMonth } from "../../policies/billing-period.js";
import { MIN_PASSWORD_LENGTH } from "../accounts.js";
import { openSession, throttleAttempt, type SignInError, type SignedIn } from "./sign-in.js";

const MAX_PASSWORD_LENGTH = 200;
// Deliberately loose: one @, no spaces or control characters, a dot in the domain. Deliverability is not ours to
// judge here.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const EMAIL = /^[^\s@\u0000-\u001f\u007f]{1,64}@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]{2,}$/;

/**
 * Creates a free-plan account with a password and opens its session, so the person goes straight on (no second
 * sign-in). Emails are unique case-insensitively. For an email already registered the form works as a sign-in: the
 * right password of that account opens its session (its password is never replaced), any other answers email_taken.
 * That answer tells an account exists, which a sign-up that signs in cannot hide (the new account's session would
 * tell it anyway); every attempt counts against the email in the sign-in throttle, so the form is no faster a way to
 * guess a password, or to probe addresses, than the sign-in form.
 */
export async function signUp(
  deps: OAuthDeps & { readonly rateLimiter: SlidingLimiter },
  input: { readonly email: string; readonly password: string },
): Promise<Result<SignedIn, SignInError>> {
  const email = input.email.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email))
    return err({ code: "invalid_email", message: "Enter a valid email address" });
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
    return err({ code: "weak_password", message: `Use a password of at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  const refused = await throttleAttempt(deps, email);
  if (refused !== null) return err(refused);
  const now = deps.clock.now();
  const period = calendarMonth(now);
  const created = await deps.accounts.create({
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
  if (created !== "email_taken") return ok(await openSession(deps, created));
  const existing = await deps.accounts.findByEmail(email);
  if (existing?.passwordHash && (await deps.passwords.verify(input.password, existing.passwordHash))) {
    return ok(await openSession(deps, existing));
  }
  return err({
    code: "email_taken",
    message: "An account with this email already exists. Sign in with its password, or use another email.",
  });
}
