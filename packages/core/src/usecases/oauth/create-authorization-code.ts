import type { OAuthDeps } from "./oauth-deps.js";
import type { ValidAuthorizationRequest } from "./validate-authorization-request.js";
import { CODE_PREFIX, OAUTH_LIFETIMES, TOKEN_BYTES } from "../../policies/oauth/lifetimes.js";

/**
 * Issues the authorization code once the signed-in user approved the request. The code opens a token family:
 * everything later issued from it can be revoked together. Returns the raw code (only its hash is stored).
 */
export async function createAuthorizationCode(
  deps: OAuthDeps,
  request: ValidAuthorizationRequest,
  accountId: string,
): Promise<{ readonly code: string; readonly expiresAt: Date }> {
  const now = deps.clock.now();
  const code = `${CODE_PREFIX}${deps.ids.token(TOKEN_BYTES)}`;
  const familyId = deps.ids.uuid();
  const expiresAt = new Date(now.getTime() + OAUTH_LIFETIMES.codeMs);
  await deps.store.createCode(
    {
      codeHash: deps.hasher.sha256Hex(code),
      familyId,
      clientId: request.client.clientId,
      accountId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: request.scopes,
      resource: request.resource,
      createdAt: now,
      expiresAt,
      usedAt: null,
    },
    {
      id: familyId,
      clientId: request.client.clientId,
      accountId,
      scopes: request.scopes,
      resource: request.resource,
      createdAt: now,
      revokedAt: null,
    },
  );
  return { code, expiresAt };
}
