// The OAuth error union, kept apart from the API's wire codes: these strings are fixed by RFC 6749, 7591,
// 8707 and 6750 and clients branch on them.

export const OAUTH_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "unsupported_response_type",
  "invalid_scope",
  "invalid_target",
  "access_denied",
  "invalid_redirect_uri",
  "invalid_client_metadata",
  "server_error",
  "temporarily_unavailable",
] as const;

export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

export interface OAuthError {
  readonly error: OAuthErrorCode;
  readonly description: string;
}

export function oauthError(error: OAuthErrorCode, description: string): OAuthError {
  return { error, description };
}

/**
 * HTTP status of each error when answered directly (token and registration endpoints). invalid_client is 401
 * (RFC 6749 5.2); server_error is 500 and temporarily_unavailable 503 so load balancers see the failure.
 */
export const OAUTH_ERROR_STATUS: Readonly<Record<OAuthErrorCode, number>> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  access_denied: 400,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  server_error: 500,
  temporarily_unavailable: 503,
};
