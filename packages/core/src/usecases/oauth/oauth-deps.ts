import type { AccountStore } from "../../ports/account-store.js";
import type { ClientMetadataDocuments } from "../../ports/client-metadata-documents.js";
import type { Clock } from "../../ports/clock.js";
import type { Hasher, PasswordHasher } from "../../ports/hasher.js";
import type { Ids } from "../../ports/ids.js";
import type { OAuthStore } from "../../ports/oauth-store.js";
import type { SlidingLimiter } from "../../ports/rate-limiter.js";
import { DEFAULT_REDIRECT_POLICY, type RedirectUriPolicy } from "../../policies/oauth/redirect-uris.js";

export interface OAuthConfig {
  /** The issuer: the service's base URL exactly, without a trailing slash (RFC 8414, RFC 9207). */
  readonly issuer: string;
  /** The RFC 8707 resource every token is bound to: `{issuer}/api/mcp`. */
  readonly resource: string;
  readonly redirectPolicy: RedirectUriPolicy;
}

export interface OAuthDeps {
  readonly store: OAuthStore;
  readonly accounts: AccountStore;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly hasher: Hasher;
  readonly passwords: PasswordHasher;
  readonly config: OAuthConfig;
  /**
   * Counts sign-in attempts per email in a sliding window. Give the limiter every process shares (Redis) so the
   * throttle holds across processes; without one, the HTTP face counts in its own process.
   */
  readonly rateLimiter?: SlidingLimiter;
  /** Fetches Client ID Metadata Documents; without it, https client_ids are unknown clients like any other. */
  readonly clientMetadata?: ClientMetadataDocuments;
}

/** Builds the configuration from the base URL; the redirect allowlist defaults to the documented six hosts. */
export function createOAuthConfig(
  baseUrl: string,
  redirectPolicy: RedirectUriPolicy = DEFAULT_REDIRECT_POLICY,
): OAuthConfig {
  const issuer = baseUrl.replace(/\/+$/, "");
  return { issuer, resource: `${issuer}/api/mcp`, redirectPolicy };
}
