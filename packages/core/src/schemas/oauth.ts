import { z } from "zod";
import { ScopeSchema } from "./scopes.js";

/**
 * A string PostgreSQL can store: text columns refuse U+0000, so a NUL reaching the database is a 500 instead of the
 * client's mistake. The refinement keeps the OpenAPI document unchanged (it has no JSON Schema form).
 */
function text() {
  return z.string().refine((s) => !s.includes("\u0000"), { message: "must not contain the NUL character" });
}

export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * client_secret_basic and client_secret_post are confidential clients (a secret is issued); "none" is a public
 * client (MCP hosts running on a user's machine) that proves possession through PKCE alone.
 */
export const TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** RFC 7591 registration request. Unknown members are ignored, as the RFC asks. */
export const ClientRegistrationRequestSchema = z
  .object({
    client_name: text().trim().min(1).max(200).optional(),
    redirect_uris: z.array(text().min(1).max(2000)).min(1).max(20),
    grant_types: z.array(text()).max(5).optional(),
    response_types: z.array(text()).max(5).optional(),
    token_endpoint_auth_method: text().optional(),
    scope: text().max(500).optional(),
  })
  .meta({ id: "ClientRegistrationRequest" });
export type ClientRegistrationRequest = z.infer<typeof ClientRegistrationRequestSchema>;

export const ClientRegistrationResponseSchema = z
  .object({
    client_id: z.string(),
    client_secret: z.string().optional().describe("Returned once, at registration; absent for public clients"),
    client_id_issued_at: z.number().int(),
    client_secret_expires_at: z.number().int().optional().describe("0: the secret does not expire"),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.enum(GRANT_TYPES)),
    response_types: z.array(z.literal("code")),
    token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS),
    scope: z.string(),
  })
  .meta({ id: "ClientRegistrationResponse" });
export type ClientRegistrationResponse = z.infer<typeof ClientRegistrationResponseSchema>;

/** Query of GET /api/oauth/authorize (and the hidden fields of the consent form). */
export const AuthorizeRequestSchema = z
  .object({
    response_type: text().optional(),
    client_id: text().optional(),
    redirect_uri: text().optional(),
    code_challenge: text().optional(),
    code_challenge_method: text().optional(),
    state: text().max(2000).optional(),
    scope: text().max(500).optional(),
    resource: text().max(2000).optional(),
  })
  .meta({ id: "AuthorizeRequest" });
export type AuthorizeRequest = z.infer<typeof AuthorizeRequestSchema>;

/**
 * Token request, JSON or form. Every member is an optional string so that a missing one becomes the RFC error
 * (invalid_request, unsupported_grant_type) rather than a generic validation failure.
 */
export const TokenRequestSchema = z
  .object({
    grant_type: text().optional(),
    code: text().max(500).optional(),
    redirect_uri: text().max(2000).optional(),
    code_verifier: text().max(500).optional(),
    refresh_token: text().max(500).optional(),
    client_id: text().max(200).optional(),
    client_secret: text().max(500).optional(),
    scope: text().max(500).optional(),
    resource: text().max(2000).optional(),
  })
  .meta({ id: "TokenRequest" });
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z
  .object({
    access_token: z.string().describe("svat_..., valid 1 hour"),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string().describe("svrt_..., valid 30 days, rotated on each use"),
    scope: z.string().describe("Space-separated granted scopes"),
  })
  .meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const OAuthErrorBodySchema = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .meta({ id: "OAuthError" });
export type OAuthErrorBody = z.infer<typeof OAuthErrorBodySchema>;

export const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    scopes_supported: z.array(ScopeSchema),
    response_types_supported: z.array(z.literal("code")),
    response_modes_supported: z.array(z.literal("query")),
    grant_types_supported: z.array(z.enum(GRANT_TYPES)),
    code_challenge_methods_supported: z.array(z.literal("S256")),
    token_endpoint_auth_methods_supported: z.array(z.enum(TOKEN_ENDPOINT_AUTH_METHODS)),
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean().optional(),
    service_documentation: z.string().optional(),
  })
  .meta({ id: "AuthorizationServerMetadata" });
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;

export const ProtectedResourceMetadataSchema = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(ScopeSchema),
    bearer_methods_supported: z.array(z.literal("header")),
    resource_name: z.string().optional(),
  })
  .meta({ id: "ProtectedResourceMetadata" });
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;
