/** Lifetimes fixed by the spec (codes 5 minutes, access tokens 1 hour, refresh tokens 30 days). */
export const OAUTH_LIFETIMES = {
  codeMs: 5 * 60_000,
  accessTokenMs: 60 * 60_000,
  refreshTokenMs: 30 * 24 * 60 * 60_000,
  /** Sign-in session of the authorization pages; ours, short because it only serves consent. */
  sessionMs: 12 * 60 * 60_000,
} as const;

export const ACCESS_TOKEN_PREFIX = "svat_";
export const REFRESH_TOKEN_PREFIX = "svrt_";
/** Authorization codes carry a prefix too, so a leaked value is recognisable in logs. */
export const CODE_PREFIX = "svac_";
/** Random bytes behind every token, code, client secret and session id. */
export const TOKEN_BYTES = 32;
