import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import { authenticateClient, type ClientCredentials } from "./authenticate-client.js";
import { mintTokens } from "./issue-tokens.js";
import type { TokenResponse } from "../../schemas/oauth.js";
import { oauthError, type OAuthError } from "../../policies/oauth/oauth-error.js";
import { REFRESH_TOKEN_PREFIX } from "../../policies/oauth/lifetimes.js";
import { isSubsetOf, parseScopes, toScopes } from "../../policies/oauth/scopes.js";

export interface RefreshAccessTokenInput {
  readonly credentials: ClientCredentials;
  readonly refreshToken: string | undefined;
  readonly scope: string | undefined;
  readonly resource: string | undefined;
}

/**
 * refresh_token grant with rotation on every use. A rotated token presented again is a replay: the whole family is
 * revoked (OAuth 2.1 4.3.1). Two concurrent refreshes with one token: the store lets exactly one rotate; the other
 * counts as a replay, so the family dies (a client must not refresh the same token twice).
 */
export async function refreshAccessToken(
  deps: OAuthDeps,
  input: RefreshAccessTokenInput,
): Promise<Result<TokenResponse, OAuthError>> {
  const client = await authenticateClient(deps, input.credentials, "refresh_token");
  if (client.isErr()) return err(client.error);
  if (!input.refreshToken) return err(oauthError("invalid_request", "refresh_token is required"));
  if (input.resource !== undefined && input.resource !== deps.config.resource) {
    return err(oauthError("invalid_target", `resource must be ${deps.config.resource}`));
  }
  if (!input.refreshToken.startsWith(REFRESH_TOKEN_PREFIX))
    return err(oauthError("invalid_grant", "Unknown refresh token"));

  const now = deps.clock.now();
  const hash = deps.hasher.sha256Hex(input.refreshToken);
  const found = await deps.store.findRefreshToken(hash);
  if (!found) return err(oauthError("invalid_grant", "Unknown refresh token"));
  const token = found.record;
  // Another client's token is refused without touching it: its owner must not lose the grant.
  if (token.clientId !== client.value.clientId)
    return err(oauthError("invalid_grant", "Refresh token was issued to another client"));
  if (found.familyRevokedAt !== null) return err(oauthError("invalid_grant", "Refresh token revoked"));
  if (token.rotatedAt !== null) {
    await deps.store.revokeFamily(token.familyId, now);
    return err(oauthError("invalid_grant", "Refresh token already used; the grant is revoked"));
  }
  if (now.getTime() >= token.expiresAt.getTime()) return err(oauthError("invalid_grant", "Refresh token expired"));

  const family = await deps.store.findFamily(token.familyId);
  if (!family) return err(oauthError("invalid_grant", "Unknown grant"));
  const granted = toScopes(family.scopes);
  let scopes = granted;
  if (input.scope !== undefined && input.scope.trim() !== "") {
    const requested = parseScopes(input.scope);
    if (requested.isErr()) return err(requested.error);
    if (!isSubsetOf(requested.value, granted)) {
      return err(oauthError("invalid_scope", "A refresh may narrow the granted scopes, never widen them"));
    }
    scopes = requested.value;
  }

  const minted = mintTokens(deps, family, scopes);
  const outcome = await deps.store.rotateRefreshToken(hash, now, minted.records);
  switch (outcome.status) {
    case "rotated":
      return ok(minted.response);
    case "already_rotated":
      await deps.store.revokeFamily(token.familyId, now);
      return err(oauthError("invalid_grant", "Refresh token already used; the grant is revoked"));
    case "revoked":
    case "not_found":
      return err(oauthError("invalid_grant", "Refresh token revoked"));
  }
}
