// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the MCP authorization spec's way for a
// client to identify itself without registering): the client_id is an https URL, and the JSON there is the client's
// metadata. These are the rules on the URL and on the document; fetching it is the ClientMetadataDocuments port's.
import { err, ok, type Result } from "neverthrow";
import type { OAuthClient } from "../../ports/oauth-store.js";
import { GRANT_TYPES, type GrantType } from "../../schemas/oauth.js";
import { oauthError, type OAuthError } from "./oauth-error.js";
import { isAllowedRedirectUri, type RedirectUriPolicy } from "./redirect-uris.js";

const MAX_URL_LENGTH = 2048;
const MAX_REDIRECT_URIS = 20;

/**
 * Whether a client_id is a metadata document URL: https, a path beyond "/", no fragment, no user or password, no
 * "." or ".." segment (the draft's rules). With the test allowance, http on a loopback host passes too.
 */
export function isMetadataDocumentUrl(clientId: string, allowLoopbackHttp = false): boolean {
  if (clientId.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(clientId)) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
  if (url.protocol !== "https:" && !(allowLoopbackHttp && url.protocol === "http:" && loopback)) return false;
  if (url.username || url.password || clientId.includes("#")) return false;
  const rawPath = clientId.slice(clientId.indexOf("/", url.protocol.length + 2));
  if (url.pathname === "/" || rawPath.split(/[/?]/).some((s) => s === "." || s === "..")) return false;
  return true;
}

function strings(v: unknown): string[] | null {
  return Array.isArray(v) && v.every((s) => typeof s === "string") ? v : null;
}

/**
 * The client a fetched metadata document describes. Refused (invalid_client) when its client_id is not exactly the
 * URL it came from, when it has no usable redirect_uris (each within the same policy dynamic registration applies),
 * when it asks for a secret-based or unknown authentication method (nothing is shared with such a client: it is
 * public and PKCE binds its codes), or when its grant types leave out authorization_code.
 */
export function clientFromMetadataDocument(
  url: string,
  document: unknown,
  policy: RedirectUriPolicy,
  now: Date,
): Result<OAuthClient, OAuthError> {
  const refuse = (why: string) => err(oauthError("invalid_client", `Client metadata document ${url}: ${why}`));
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    return refuse("not a JSON object");
  }
  const doc = document as Record<string, unknown>;
  if (doc["client_id"] !== url) return refuse("its client_id is not the URL it was fetched from");
  const redirectUris = strings(doc["redirect_uris"]);
  if (!redirectUris || redirectUris.length === 0 || redirectUris.length > MAX_REDIRECT_URIS) {
    return refuse(`redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs`);
  }
  const rejected = redirectUris.filter((u) => !isAllowedRedirectUri(u, policy));
  if (rejected.length > 0) return refuse(`redirect URI not allowed: ${rejected.join(", ")}`);
  const method = doc["token_endpoint_auth_method"] ?? "none";
  if (method !== "none") return refuse("token_endpoint_auth_method must be none (no secret is shared)");
  if ("client_secret" in doc || "client_secret_expires_at" in doc) return refuse("a document must not hold a secret");
  const grants = strings(doc["grant_types"] ?? ["authorization_code"]);
  if (
    !grants ||
    !grants.includes("authorization_code") ||
    grants.some((g) => !(GRANT_TYPES as readonly string[]).includes(g))
  ) {
    return refuse("grant_types must include authorization_code and may add refresh_token");
  }
  const responseTypes = strings(doc["response_types"] ?? ["code"]);
  if (!responseTypes || responseTypes.some((r) => r !== "code")) return refuse("response_types supports only code");
  const name = typeof doc["client_name"] === "string" && doc["client_name"].trim() !== "" ? doc["client_name"] : null;
  return ok({
    clientId: url,
    secretHash: null,
    clientName: (name ?? new URL(url).host).slice(0, 200),
    redirectUris,
    grantTypes: GRANT_TYPES.filter((g): g is GrantType => grants.includes(g)),
    tokenEndpointAuthMethod: "none",
    createdAt: now,
  });
}
