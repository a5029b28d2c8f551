import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import { calendarMonth } from "../../policies/billing-period.js";
import { MIN_PASSWORD_LENGTH } from "../accounts.js";
import { openSession, type SignedIn, type SignInError } from "./sign-in.js";

const MAX_PASSWORD_LENGTH = 200;
// Deliberately loose: one @, no spaces, a dot in the domain. Deliverability is not ours to judge here.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** Creates a free-plan account with a password and signs it in. Emails are unique case-insensitively. */
export async function signUp(
  deps: OAuthDeps,
  input: { readonly email: string; readonly password: string },
): Promise<Result<SignedIn, SignInError>> {
  const email = input.email.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email))
    return err({ code: "invalid_email", message: "Enter a valid email address" });
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
    return err({ code: "weak_password", message: `Use a password of at least ${MIN_PASSWORD_LENGTH} characters` });
  }
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
  if (created === "email_taken")
    return err({ code: "email_taken", message: "An account with this email already exists" });
  return ok(await openSession(deps, created));
}
