import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import {
  ClientRegistrationRequestSchema,
  GRANT_TYPES,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type ClientRegistrationResponse,
  type GrantType,
  type TokenEndpointAuthMethod,
} from "../../schemas/oauth.js";
import { oauthError, type OAuthError } from "../../policies/oauth/oauth-error.js";
import { isAllowedRedirectUri } from "../../policies/oauth/redirect-uris.js";
import { formatScopes, parseScopes } from "../../policies/oauth/scopes.js";
import { clientIdFor } from "../../policies/oauth/client-scope.js";
import { TOKEN_BYTES } from "../../policies/oauth/lifetimes.js";
import { parseWith } from "../parse-body.js";

const CLIENT_SECRET_PREFIX = "svcs_";

function isGrantType(v: string): v is GrantType {
  return (GRANT_TYPES as readonly string[]).includes(v);
}

function isAuthMethod(v: string): v is TokenEndpointAuthMethod {
  return (TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(v);
}

/**
 * RFC 7591 dynamic registration. Public clients (token_endpoint_auth_method "none") are accepted because MCP hosts
 * running on a user's machine cannot keep a secret; PKCE binds their codes instead. Confidential clients get a
 * secret, shown in this response only and stored as its SHA-256.
 */
export async function registerClient(
  deps: OAuthDeps,
  body: unknown,
): Promise<Result<ClientRegistrationResponse, OAuthError>> {
  const parsed = parseWith(ClientRegistrationRequestSchema, body);
  if (parsed.isErr()) {
    const issue = parsed.error[0];
    const code = issue?.field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata";
    return err(oauthError(code, issue?.message ?? "The client metadata is not valid."));
  }
  const req = parsed.value;
  const rejected = req.redirect_uris.filter((u) => !isAllowedRedirectUri(u, deps.config.redirectPolicy));
  if (rejected.length > 0) {
    return err(oauthError("invalid_redirect_uri", `Redirect URI not allowed: ${rejected.join(", ")}`));
  }
  const grantTypes = req.grant_types ?? ["authorization_code", "refresh_token"];
  const unknownGrant = grantTypes.filter((g) => !isGrantType(g));
  if (unknownGrant.length > 0 || !grantTypes.includes("authorization_code")) {
    return err(
      oauthError("invalid_client_metadata", "grant_types must include authorization_code and may add refresh_token"),
    );
  }
  const responseTypes = req.response_types ?? ["code"];
  if (responseTypes.some((r) => r !== "code")) {
    return err(oauthError("invalid_client_metadata", "response_types supports only code"));
  }
  const method = req.token_endpoint_auth_method ?? "client_secret_basic";
  if (!isAuthMethod(method)) {
    return err(
      oauthError(
        "invalid_client_metadata",
        `token_endpoint_auth_method must be one of ${TOKEN_ENDPOINT_AUTH_METHODS.join(", ")}`,
      ),
    );
  }
  const scopes = parseScopes(req.scope);
  if (scopes.isErr()) return err(oauthError("invalid_client_metadata", scopes.error.description));

  const now = deps.clock.now();
  // A registered scope is the most the client can be granted later (see client-scope.ts).
  const clientId = clientIdFor(deps.ids.uuid(), req.scope?.trim() ? scopes.value : undefined);
  const secret = method === "none" ? null : `${CLIENT_SECRET_PREFIX}${deps.ids.token(TOKEN_BYTES)}`;
  const grants = GRANT_TYPES.filter((g) => grantTypes.includes(g));
  const clientName = req.client_name ?? "Unnamed application";
  await deps.store.createClient({
    clientId,
    secretHash: secret === null ? null : deps.hasher.sha256Hex(secret),
    clientName,
    redirectUris: req.redirect_uris,
    grantTypes: grants,
    tokenEndpointAuthMethod: method,
    createdAt: now,
  });
  return ok({
    client_id: clientId,
    ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: clientName,
    redirect_uris: [...req.redirect_uris],
    grant_types: grants,
    response_types: ["code"],
    token_endpoint_auth_method: method,
    scope: formatScopes(scopes.value),
  });
}
