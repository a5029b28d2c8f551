import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import { authenticateClient, type ClientCredentials } from "./authenticate-client.js";
import { mintTokens } from "./issue-tokens.js";
import type { TokenResponse } from "../../schemas/oauth.js";
import { oauthError, type OAuthError } from "../../policies/oauth/oauth-error.js";
import { CODE_PREFIX } from "../../policies/oauth/lifetimes.js";
import { verifyPkce } from "../../policies/oauth/pkce.js";
import { toScopes } from "../../policies/oauth/scopes.js";

export interface ExchangeCodeInput {
  readonly credentials: ClientCredentials;
  readonly code: string | undefined;
  readonly redirectUri: string | undefined;
  readonly codeVerifier: string | undefined;
  readonly resource: string | undefined;
}

/**
 * authorization_code grant. The code is consumed before anything else is checked, so a code is worth exactly one
 * attempt: a wrong verifier or a foreign client burns it, and any second presentation is a replay that revokes
 * every token already issued from it (OAuth 2.1 4.1.3, RFC 9700 2.1.1).
 */
export async function exchangeCode(
  deps: OAuthDeps,
  input: ExchangeCodeInput,
): Promise<Result<TokenResponse, OAuthError>> {
  const client = await authenticateClient(deps, input.credentials, "authorization_code");
  if (client.isErr()) return err(client.error);
  if (!input.code) return err(oauthError("invalid_request", "code is required"));
  if (!input.codeVerifier) return err(oauthError("invalid_request", "code_verifier is required (PKCE)"));
  if (!input.redirectUri) return err(oauthError("invalid_request", "redirect_uri is required"));
  if (input.resource !== undefined && input.resource !== deps.config.resource) {
    return err(oauthError("invalid_target", `resource must be ${deps.config.resource}`));
  }
  if (!input.code.startsWith(CODE_PREFIX)) return err(oauthError("invalid_grant", "Unknown authorization code"));

  const now = deps.clock.now();
  const outcome = await deps.store.consumeCode(deps.hasher.sha256Hex(input.code), now);
  if (outcome.status === "not_found") return err(oauthError("invalid_grant", "Unknown authorization code"));
  const code = outcome.code;
  if (outcome.status === "already_used") {
    await deps.store.revokeFamily(code.familyId, now);
    return err(oauthError("invalid_grant", "Authorization code already used; tokens issued from it are revoked"));
  }
  const fail = async (description: string): Promise<Result<never, OAuthError>> => {
    await deps.store.revokeFamily(code.familyId, now);
    return err(oauthError("invalid_grant", description));
  };
  if (code.clientId !== client.value.clientId) return fail("Authorization code was issued to another client");
  if (now.getTime() >= code.expiresAt.getTime()) return fail("Authorization code expired");
  if (code.redirectUri !== input.redirectUri) return fail("redirect_uri does not match the authorization request");
  if (!verifyPkce(deps.hasher, input.codeVerifier, code.codeChallenge)) return fail("PKCE verification failed");

  const family = await deps.store.findFamily(code.familyId);
  if (!family || family.revokedAt !== null) return err(oauthError("invalid_grant", "The grant was revoked"));
  const minted = mintTokens(deps, family, toScopes(code.scopes));
  await deps.store.saveTokens(minted.records);
  return ok(minted.response);
}
