import type { OAuthDeps } from "./oauth-deps.js";
import type { Account } from "../../ports/account-store.js";

/** The signed-in account behind a session cookie; null when unknown, expired or the account is gone. */
export async function resolveSession(deps: OAuthDeps, sessionId: string | undefined): Promise<Account | null> {
  if (!sessionId) return null;
  const session = await deps.store.findSession(deps.hasher.sha256Hex(sessionId), deps.clock.now());
  if (!session) return null;
  return deps.accounts.findById(session.accountId);
}

export async function signOut(deps: OAuthDeps, sessionId: string | undefined): Promise<void> {
  if (sessionId) await deps.store.deleteSession(deps.hasher.sha256Hex(sessionId));
}
