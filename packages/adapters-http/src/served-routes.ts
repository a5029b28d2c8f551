// The routes Express serves beside the endpoint table: the OAuth 2.1 server, its well-known metadata and the MCP
// endpoint, one row each. The OpenAPI document renders every row the same way (openapi.ts), so a route is described
// by what it takes and answers, never by a hand-built OpenAPI object.
import type { ChannelRegistry } from "@scamverify/core";
import { AUTHORIZE_PARAMS } from "./oauth/create-oauth-router.js";

type Json = Record<string, unknown>;

export interface ServedRoute {
  readonly method: "get" | "post";
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  /** Query parameters (strings), and which of them may be left out. */
  readonly query?: { readonly names: readonly string[]; readonly optional: readonly string[] };
  /** Whether the route takes a bearer credential (API key or access token). */
  readonly bearer?: boolean;
  /** The body: a component schema id, or a schema of its own, under each media type it is accepted in. */
  readonly body?: { readonly schema: string | Json; readonly media: readonly string[] };
  /** Each status with what it means, and the component schema id of its JSON body when it has one. */
  readonly responses: readonly { readonly status: number; readonly description: string; readonly schema?: string }[];
}

/** The MCP request body: a JSON-RPC 2.0 message. */
const JSON_RPC: Json = {
  type: "object",
  properties: { jsonrpc: { const: "2.0" }, method: { type: "string" }, id: {}, params: {} },
  required: ["jsonrpc", "method"],
};

/** The served routes of a registry (the MCP endpoint names the channels' tools), in the document's order. */
export function servedRoutes(registry: ChannelRegistry): readonly ServedRoute[] {
  const tools = registry.channels
    .flatMap((c) => [`${c.mcp.tool} (${c.scope})`, ...(c.batch ? [`${c.batch.mcpTool} (${c.scope})`] : [])])
    .join(", ");
  return [
    {
      method: "get",
      path: "/.well-known/oauth-authorization-server",
      summary: "OAuth 2.1 authorization server metadata (RFC 8414)",
      responses: [{ status: 200, description: "Metadata", schema: "AuthorizationServerMetadata" }],
    },
    {
      method: "get",
      path: "/.well-known/oauth-protected-resource",
      summary:
        "Protected resource metadata of the MCP endpoint (RFC 9728); also at /.well-known/oauth-protected-resource/api/mcp",
      responses: [{ status: 200, description: "Metadata", schema: "ProtectedResourceMetadata" }],
    },
    {
      method: "post",
      path: "/api/oauth/register",
      summary: "Register an OAuth client (RFC 7591)",
      description:
        "Redirect URIs must match the allowlist (assistant and MCP platform hosts, http://localhost:*, http://127.0.0.1:*, http://[::1]:*). Public clients (token_endpoint_auth_method none, PKCE only) are accepted. client_secret is returned once.",
      body: { schema: "ClientRegistrationRequest", media: ["application/json"] },
      responses: [
        { status: 201, description: "The client", schema: "ClientRegistrationResponse" },
        { status: 400, description: "invalid_redirect_uri, invalid_client_metadata", schema: "OAuthError" },
      ],
    },
    {
      method: "get",
      path: "/api/oauth/authorize",
      summary: "Start authorization (browser): sign-in, consent, then a redirect with code, state and iss",
      description:
        "PKCE S256 is mandatory. An unknown client or unregistered redirect URI gets an HTML error page, never a redirect; other errors redirect with error, state and iss.",
      query: { names: AUTHORIZE_PARAMS, optional: ["state", "scope", "resource"] },
      responses: [
        { status: 302, description: "To the sign-in page, or back to the client's redirect_uri" },
        { status: 400, description: "HTML error page (unknown client or redirect URI)" },
      ],
    },
    {
      method: "post",
      path: "/api/oauth/token",
      summary: "Exchange an authorization code or a refresh token",
      description:
        "JSON or application/x-www-form-urlencoded; client_secret_basic or client_secret_post. Codes are single-use and live 5 minutes; access tokens (svat_) 1 hour; refresh tokens (svrt_) 30 days, rotated on every use. Cache-Control: no-store.",
      body: { schema: "TokenRequest", media: ["application/json", "application/x-www-form-urlencoded"] },
      responses: [
        { status: 200, description: "Tokens", schema: "TokenResponse" },
        {
          status: 400,
          description: "invalid_request, invalid_grant, unsupported_grant_type, invalid_scope, invalid_target",
          schema: "OAuthError",
        },
        { status: 401, description: "invalid_client", schema: "OAuthError" },
      ],
    },
    {
      method: "post",
      path: "/api/mcp",
      summary: "MCP server (Streamable HTTP, stateless, JSON-RPC 2.0)",
      description: `Bearer access token (svat_, audience this endpoint) or API key. Tools: ${tools}, get_usage (usage:read), get_status, report_scam, submit_job and get_job (the job channel's scope), get_account_lists and add_to_account_list (the scope of the entry kind). 401 carries WWW-Authenticate with resource_metadata; 403 insufficient_scope names the scope.`,
      bearer: true,
      body: { schema: JSON_RPC, media: ["application/json"] },
      responses: [
        { status: 200, description: "JSON-RPC response" },
        { status: 401, description: "Missing or invalid token" },
        { status: 403, description: "insufficient_scope" },
        { status: 405, description: "GET and DELETE are not supported (stateless server)" },
      ],
    },
  ];
}
