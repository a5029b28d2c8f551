import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import { findClient } from "./find-client.js";
import type { OAuthClient } from "../../ports/oauth-store.js";
import type { GrantType } from "../../schemas/oauth.js";
import { oauthError, type OAuthError } from "../../policies/oauth/oauth-error.js";

/** Credentials as the token endpoint received them: from the Basic header, the body, or only a client_id. */
export interface ClientCredentials {
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  readonly method: "client_secret_basic" | "client_secret_post" | "none";
}

/**
 * Confidential clients authenticate with their secret by either method (Basic or body): the secret proves the
 * same thing both ways, so the registered method is not enforced. Public clients send only their client_id and
 * must not present a secret.
 */
export async function authenticateClient(
  deps: OAuthDeps,
  credentials: ClientCredentials,
  grant: GrantType,
): Promise<Result<OAuthClient, OAuthError>> {
  if (!credentials.clientId) return err(oauthError("invalid_client", "Client authentication is required"));
  const found = await findClient(deps, credentials.clientId);
  if (found.isErr()) return err(found.error);
  const client = found.value;
  if (client.secretHash === null) {
    if (credentials.clientSecret) return err(oauthError("invalid_client", "A public client has no secret"));
  } else {
    if (!credentials.clientSecret) return err(oauthError("invalid_client", "Client secret is required"));
    const hash = deps.hasher.sha256Hex(credentials.clientSecret);
    if (!deps.hasher.timingSafeEqual(hash, client.secretHash)) {
      return err(oauthError("invalid_client", "Client authentication failed"));
    }
  }
  if (!client.grantTypes.includes(grant)) {
    return err(oauthError("unauthorized_client", `The client is not registered for the ${grant} grant`));
  }
  return ok(client);
}
