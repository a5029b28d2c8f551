import { err, ok, type Result } from "neverthrow";
import type { OAuthDeps } from "./oauth-deps.js";
import { findClient } from "./find-client.js";
import type { OAuthClient } from "../../ports/oauth-store.js";
import { AuthorizeRequestSchema } from "../../schemas/oauth.js";
import type { Scope } from "../../schemas/scopes.js";
import { oauthError, type OAuthError } from "../../policies/oauth/oauth-error.js";
import { isValidS256Challenge } from "../../policies/oauth/pkce.js";
import { isWellFormedRedirectUri, matchRegisteredRedirectUri } from "../../policies/oauth/redirect-uris.js";
import { parseScopes } from "../../policies/oauth/scopes.js";
import { scopeCeiling } from "../../policies/oauth/client-scope.js";

export interface ValidAuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly scopes: readonly Scope[];
  readonly codeChallenge: string;
  readonly resource: string;
}

/**
 * "show": the client or its redirect URI cannot be trusted, so the error is shown to the user and never sent by
 * redirect (RFC 6749 4.1.2.1, an open redirector otherwise). "redirect": sent back to the verified redirect URI.
 */
export type AuthorizationRequestError =
  | { readonly kind: "show"; readonly error: OAuthError }
  | {
      readonly kind: "redirect";
      readonly redirectUri: string;
      readonly state: string | undefined;
      readonly error: OAuthError;
    };

/** Validates an authorization request (GET query, or the consent form's hidden copy of it). */
export async function validateAuthorizationRequest(
  deps: OAuthDeps,
  query: unknown,
): Promise<Result<ValidAuthorizationRequest, AuthorizationRequestError>> {
  const parsed = AuthorizeRequestSchema.safeParse(query);
  if (!parsed.success) {
    return err({ kind: "show", error: oauthError("invalid_request", "Malformed authorization request") });
  }
  const q = parsed.data;
  if (!q.client_id) return err({ kind: "show", error: oauthError("invalid_request", "client_id is required") });
  const found = await findClient(deps, q.client_id);
  if (found.isErr()) {
    const e =
      found.error.description === "Unknown client" ? oauthError("invalid_client", "Unknown client_id") : found.error;
    return err({ kind: "show", error: e });
  }
  const client = found.value;
  if (!q.redirect_uri) return err({ kind: "show", error: oauthError("invalid_request", "redirect_uri is required") });
  if (!matchRegisteredRedirectUri(client.redirectUris, q.redirect_uri)) {
    return err({
      kind: "show",
      error: oauthError("invalid_request", "redirect_uri does not match a URI registered by this client"),
    });
  }
  if (!isWellFormedRedirectUri(q.redirect_uri, deps.config.redirectPolicy)) {
    return err({
      kind: "show",
      error: oauthError("invalid_request", "The registered redirect_uri is not a valid URL"),
    });
  }
  const redirect = (error: OAuthError): Result<never, AuthorizationRequestError> =>
    err({ kind: "redirect", redirectUri: q.redirect_uri ?? "", state: q.state, error });

  if (q.response_type !== "code") {
    return redirect(oauthError("unsupported_response_type", "response_type must be code"));
  }
  if (!client.grantTypes.includes("authorization_code")) {
    return redirect(oauthError("unauthorized_client", "The client may not use the authorization code grant"));
  }
  if (!q.code_challenge) return redirect(oauthError("invalid_request", "code_challenge is required (PKCE)"));
  if (q.code_challenge_method !== "S256") {
    return redirect(oauthError("invalid_request", "code_challenge_method must be S256; plain is not supported"));
  }
  if (!isValidS256Challenge(q.code_challenge)) {
    return redirect(oauthError("invalid_request", "code_challenge is not a base64url SHA-256 digest"));
  }
  const asked = parseScopes(q.scope);
  if (asked.isErr()) return redirect(asked.error);
  // What was asked (all scopes when nothing was), within what the client registered for (RFC 6749 3.3 lets the
  // server grant less; the token response names what was granted).
  const ceiling = scopeCeiling(client.clientId);
  const granted = asked.value.filter((s) => ceiling.includes(s));
  if (granted.length === 0) {
    return redirect(oauthError("invalid_scope", "None of the requested scopes is registered for this client"));
  }
  if (q.resource !== undefined && q.resource !== deps.config.resource) {
    return redirect(oauthError("invalid_target", `resource must be ${deps.config.resource}`));
  }
  return ok({
    client,
    redirectUri: q.redirect_uri,
    state: q.state,
    scopes: granted,
    codeChallenge: q.code_challenge,
    resource: deps.config.resource,
  });
}
