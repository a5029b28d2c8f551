import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import type { AccessTokenVerifier } from "../deps.js";
import type { Scope } from "../../schemas/scopes.js";
import { appError, type AppError } from "../../errors.js";
import { ACCESS_TOKEN_PREFIX } from "../../policies/oauth/lifetimes.js";
import { toScopes } from "../../policies/oauth/scopes.js";

/** Who an access token speaks for, and what it may do. */
export interface OAuthPrincipal {
  readonly accountId: string;
  readonly clientId: string;
  readonly scopes: readonly Scope[];
  /** The audience (RFC 8707) the token is bound to. */
  readonly resource: string;
  readonly expiresAt: Date;
}

export function isAccessToken(value: string): boolean {
  return value.startsWith(ACCESS_TOKEN_PREFIX);
}

/**
 * Resolves a bearer access token. Unknown, expired and revoked tokens are all `invalid_token` (RFC 6750 3.1).
 * Scope checks are the caller's (one per tool or endpoint); so is the audience check when a face serves a
 * different resource: the MCP endpoint requires `resource === config.resource`.
 */
export async function authenticateAccessToken(
  deps: Pick<OAuthDeps, "store" | "clock" | "hasher">,
  token: string,
): Promise<Result<OAuthPrincipal, AppError>> {
  const invalid = (message: string): Result<never, AppError> => err(appError("invalid_token", message));
  if (!isAccessToken(token)) return invalid("The access token is malformed");
  const found = await deps.store.findAccessToken(deps.hasher.sha256Hex(token));
  if (!found) return invalid("The access token is not recognised");
  if (found.familyRevokedAt !== null) return invalid("The access token was revoked");
  if (deps.clock.now().getTime() >= found.record.expiresAt.getTime()) return invalid("The access token expired");
  const r = found.record;
  return ok({
    accountId: r.accountId,
    clientId: r.clientId,
    scopes: toScopes(r.scopes),
    resource: r.resource,
    expiresAt: r.expiresAt,
  });
}

/** The engine's view of access tokens (EngineDeps.accessTokens): the same rules, null for every failure. */
export function createAccessTokenVerifier(deps: Pick<OAuthDeps, "store" | "clock" | "hasher">): AccessTokenVerifier {
  return {
    async verify(token) {
      const principal = await authenticateAccessToken(deps, token);
      if (principal.isErr()) return null;
      const { accountId, clientId, scopes, resource } = principal.value;
      return { accountId, clientId, scopes, resource };
    },
  };
}
