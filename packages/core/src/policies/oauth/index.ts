export { OAUTH_ERROR_CODES, OAUTH_ERROR_STATUS, oauthError } from "./oauth-error.js";
export type { OAuthError, OAuthErrorCode } from "./oauth-error.js";
export { formatScopes, isSubsetOf, parseScopes, toScopes } from "./scopes.js";
export { ACCESS_TOKEN_PREFIX, CODE_PREFIX, OAUTH_LIFETIMES, REFRESH_TOKEN_PREFIX, TOKEN_BYTES } from "./lifetimes.js";
export { isValidCodeVerifier, isValidS256Challenge, verifyPkce } from "./pkce.js";
export {
  DEFAULT_EXACT_REDIRECT_URIS,
  DEFAULT_REDIRECT_HOSTS,
  DEFAULT_REDIRECT_POLICY,
  isAllowedRedirectUri,
  isDnsHostname,
  isWellFormedRedirectUri,
  matchRegisteredRedirectUri,
} from "./redirect-uris.js";
export { clientIdFor, scopeCeiling } from "./client-scope.js";
export { SIGN_IN_THROTTLE, signInThrottleKey } from "./sign-in-throttle.js";
export type { RedirectUriPolicy } from "./redirect-uris.js";
export { clientFromMetadataDocument, isMetadataDocumentUrl } from "./client-id-metadata.js";
