import type { OAuthDeps } from "./oauth-deps.js";
import type { IssuedTokens, TokenFamily } from "../../ports/oauth-store.js";
import type { TokenResponse } from "../../schemas/oauth.js";
import type { Scope } from "../../schemas/scopes.js";
import {
  ACCESS_TOKEN_PREFIX,
  OAUTH_LIFETIMES,
  REFRESH_TOKEN_PREFIX,
  TOKEN_BYTES,
} from "../../policies/oauth/lifetimes.js";
import { formatScopes } from "../../policies/oauth/scopes.js";

export interface MintedTokens {
  readonly records: IssuedTokens;
  readonly response: TokenResponse;
}

/**
 * Mints a new access/refresh pair in a family. The refresh token always carries the family's full grant, the access
 * token the (possibly narrowed) scopes asked for, so a later refresh can return to the full grant (RFC 6749 6).
 */
export function mintTokens(deps: OAuthDeps, family: TokenFamily, accessScopes: readonly Scope[]): MintedTokens {
  const now = deps.clock.now();
  const access = `${ACCESS_TOKEN_PREFIX}${deps.ids.token(TOKEN_BYTES)}`;
  const refresh = `${REFRESH_TOKEN_PREFIX}${deps.ids.token(TOKEN_BYTES)}`;
  const common = {
    familyId: family.id,
    clientId: family.clientId,
    accountId: family.accountId,
    resource: family.resource,
    createdAt: now,
  };
  return {
    records: {
      access: {
        ...common,
        tokenHash: deps.hasher.sha256Hex(access),
        scopes: accessScopes,
        expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.accessTokenMs),
      },
      refresh: {
        ...common,
        tokenHash: deps.hasher.sha256Hex(refresh),
        scopes: family.scopes,
        expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES.refreshTokenMs),
        rotatedAt: null,
      },
    },
    response: {
      access_token: access,
      token_type: "Bearer",
      expires_in: Math.floor(OAUTH_LIFETIMES.accessTokenMs / 1000),
      refresh_token: refresh,
      scope: formatScopes(accessScopes),
    },
  };
}
