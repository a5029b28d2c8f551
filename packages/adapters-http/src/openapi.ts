// The OpenAPI 3.1 document, generated from the core's zod schemas (their .meta ids become components), so the
// document cannot drift from what the API validates and returns. Pinned by a test.
import { z } from "zod";
import { ERROR_CODES, PLANS, type EngineConfig } from "@scamverify/core";
import { HTTP_STATUS } from "./error-map.js";
import { AUTHORIZE_PARAMS } from "./oauth/create-oauth-router.js";

type Json = Record<string, unknown>;

const REQUEST_IDS = new Set([
  "ClientRegistrationRequest",
  "AuthorizeRequest",
  "TokenRequest",
  "UrlLookupRequest",
  "PhoneLookupRequest",
  "BatchUrlRequest",
  "BatchPhoneRequest",
  "ReportRequest",
]);
const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });

function componentSchemas(): Record<string, Json> {
  const opts = {
    target: "draft-2020-12" as const,
    unrepresentable: "any" as const,
    uri: (id: string) => `#/components/schemas/${id}`,
  };
  const output = z.toJSONSchema(z.globalRegistry, { ...opts, io: "output" }).schemas as Record<string, Json>;
  const input = z.toJSONSchema(z.globalRegistry, { ...opts, io: "input" }).schemas as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(output)) {
    const chosen = REQUEST_IDS.has(id) ? (input[id] ?? schema) : schema;
    const { $schema: _s, $id: _i, ...rest } = chosen;
    void _s;
    void _i;
    out[id] = rest;
  }
  return out;
}

const quotaHeaders = (channel: string): Json => ({
  [`X-Quota-${channel}-Used`]: {
    description: `${channel} units used this billing period`,
    schema: { type: "integer" },
  },
  [`X-Quota-${channel}-Limit`]: { description: `${channel} quota of the plan`, schema: { type: "integer" } },
});
const rateHeaders: Json = {
  "RateLimit-Limit": { schema: { type: "integer" }, description: "Requests allowed per minute" },
  "RateLimit-Remaining": { schema: { type: "integer" } },
  "RateLimit-Reset": { schema: { type: "integer" }, description: "Seconds until the window resets" },
  "X-Request-Id": { schema: { type: "string" } },
};

function errorResponses(codes: readonly (keyof typeof HTTP_STATUS)[]): Json {
  const byStatus = new Map<number, string[]>();
  for (const c of codes) byStatus.set(HTTP_STATUS[c], [...(byStatus.get(HTTP_STATUS[c]) ?? []), c]);
  const out: Json = {};
  for (const [status, list] of byStatus) {
    out[String(status)] = {
      description: `Error: ${list.join(", ")}`,
      headers: status === 429 ? { "Retry-After": { schema: { type: "integer" } } } : undefined,
      content: { "application/json": { schema: ref("ErrorEnvelope") } },
    };
  }
  return out;
}

const AUTHED = [
  "missing_api_key",
  "invalid_api_key",
  "invalid_token",
  "insufficient_scope",
  "rate_limit_exceeded",
  "internal_error",
  "service_unavailable",
] as const;

function post(
  summary: string,
  description: string,
  request: string,
  response: string,
  channel: string | null,
  extraErrors: readonly (keyof typeof HTTP_STATUS)[],
  status = "200",
): Json {
  return {
    post: {
      summary,
      description,
      security: [{ bearer: [] }],
      requestBody: { required: true, content: { "application/json": { schema: ref(request) } } },
      responses: {
        [status]: {
          description: "The assessment (a verdict is data: a scam verdict is a success)",
          headers: { ...rateHeaders, ...(channel ? quotaHeaders(channel) : {}) },
          content: { "application/json": { schema: ref(response) } },
        },
        ...errorResponses([
          "validation_error",
          "payload_too_large",
          "unsupported_media_type",
          ...AUTHED,
          ...extraErrors,
        ]),
      },
    },
  };
}

export function buildOpenApiDocument(config: Pick<EngineConfig, "version" | "baseUrl">, extraPaths: Json = {}): Json {
  const plans = Object.values(PLANS)
    .map(
      (p) =>
        `${p.name}: ${p.rpm} requests/min, quotas phone ${p.quotas.phone}, url ${p.quotas.url}, text ${p.quotas.text}, email ${p.quotas.email}`,
    )
    .join("; ");
  return {
    openapi: "3.1.0",
    info: {
      title: "scamverify API",
      version: config.version,
      description:
        "Tells how likely a phone number or URL is to be part of a scam, and why. Errors use the envelope " +
        "{ error: { code, message, details?, retry_after?, upgrade_url?, request_id? } }. Error codes and statuses: " +
        ERROR_CODES.map((c) => `${c} ${HTTP_STATUS[c]}`).join(", ") +
        `. Plans: ${plans}. Batch endpoints: 5 requests/min on every plan. JSON bodies (UTF-8; plain, gzip, deflate or br) are limited to 1 MiB after decoding and URLs to 2048 characters.`,
    },
    servers: [{ url: config.baseUrl }],
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key (sv_live_..., sv_test_...) or an OAuth access token (svat_...)",
        },
      },
    },
    paths: {
      "/api/v1/url/lookup": post(
        "Check a URL",
        "Scope url:lookup. Costs 1 url unit unless served from cache.",
        "UrlLookupRequest",
        "UrlLookupResult",
        "Url",
        ["quota_exhausted"],
      ),
      "/api/v1/phone/lookup": post(
        "Check a U.S. phone number",
        "Scope phone:lookup. Costs 1 phone unit unless served from cache.",
        "PhoneLookupRequest",
        "PhoneLookupResult",
        "Phone",
        ["quota_exhausted"],
      ),
      "/api/v1/batch/url": post(
        "Check up to 100 URLs",
        "urls (array of strings) or items (array of {url}). 10 at a time; items that fail are error objects in place; 5 requests/min.",
        "BatchUrlRequest",
        "BatchUrlResponse",
        "Url",
        [],
      ),
      "/api/v1/batch/phone": post(
        "Check up to 100 phone numbers",
        "phone_numbers (array of strings) or items (array of {phone_number}). Same rules as the URL batch.",
        "BatchPhoneRequest",
        "BatchPhoneResponse",
        "Phone",
        [],
      ),
      "/api/v1/reports": post(
        "Report a URL or phone number",
        "One counted report per account, value and UTC day; feeds community_reports.",
        "ReportRequest",
        "ReportResult",
        null,
        [],
        "201",
      ),
      "/api/v1/usage": {
        get: {
          summary: "Usage and quota of the calling account",
          description: "Scope usage:read.",
          security: [{ bearer: [] }],
          responses: {
            "200": {
              description: "Usage",
              headers: rateHeaders,
              content: { "application/json": { schema: ref("Usage") } },
            },
            ...errorResponses(AUTHED),
          },
        },
      },
      "/api/v1/status": {
        get: {
          summary: "Service status",
          description:
            "No authentication. Cached for 30 seconds. 503 with the same body (status unavailable, components.database unavailable) when the database is unreachable.",
          responses: {
            "200": {
              description: "Operational or degraded",
              content: { "application/json": { schema: ref("Status") } },
            },
            "503": {
              description: "The database is unreachable",
              content: { "application/json": { schema: ref("Status") } },
            },
          },
        },
      },
      "/api/v1/openapi.json": {
        get: { summary: "This document", responses: { "200": { description: "OpenAPI 3.1" } } },
      },
      "/.well-known/oauth-authorization-server": {
        get: {
          summary: "OAuth 2.1 authorization server metadata (RFC 8414)",
          responses: {
            "200": {
              description: "Metadata",
              content: { "application/json": { schema: ref("AuthorizationServerMetadata") } },
            },
          },
        },
      },
      "/.well-known/oauth-protected-resource": {
        get: {
          summary:
            "Protected resource metadata of the MCP endpoint (RFC 9728); also at /.well-known/oauth-protected-resource/api/mcp",
          responses: {
            "200": {
              description: "Metadata",
              content: { "application/json": { schema: ref("ProtectedResourceMetadata") } },
            },
          },
        },
      },
      "/api/oauth/register": {
        post: {
          summary: "Register an OAuth client (RFC 7591)",
          description:
            "Redirect URIs must match the allowlist (assistant and MCP platform hosts, http://localhost:*, http://127.0.0.1:*, http://[::1]:*). Public clients (token_endpoint_auth_method none, PKCE only) are accepted. client_secret is returned once.",
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("ClientRegistrationRequest") } },
          },
          responses: {
            "201": {
              description: "The client",
              content: { "application/json": { schema: ref("ClientRegistrationResponse") } },
            },
            "400": {
              description: "invalid_redirect_uri, invalid_client_metadata",
              content: { "application/json": { schema: ref("OAuthError") } },
            },
          },
        },
      },
      "/api/oauth/authorize": {
        get: {
          summary: "Start authorization (browser): sign-in, consent, then a redirect with code, state and iss",
          description:
            "PKCE S256 is mandatory. An unknown client or unregistered redirect URI gets an HTML error page, never a redirect; other errors redirect with error, state and iss.",
          parameters: AUTHORIZE_PARAMS.map((name) => ({
            name,
            in: "query",
            required: !["state", "scope", "resource"].includes(name),
            schema: { type: "string" },
          })),
          responses: {
            "302": { description: "To the sign-in page, or back to the client's redirect_uri" },
            "400": { description: "HTML error page (unknown client or redirect URI)" },
          },
        },
      },
      "/api/oauth/token": {
        post: {
          summary: "Exchange an authorization code or a refresh token",
          description:
            "JSON or application/x-www-form-urlencoded; client_secret_basic or client_secret_post. Codes are single-use and live 5 minutes; access tokens (svat_) 1 hour; refresh tokens (svrt_) 30 days, rotated on every use. Cache-Control: no-store.",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: ref("TokenRequest") },
              "application/x-www-form-urlencoded": { schema: ref("TokenRequest") },
            },
          },
          responses: {
            "200": { description: "Tokens", content: { "application/json": { schema: ref("TokenResponse") } } },
            "400": {
              description: "invalid_request, invalid_grant, unsupported_grant_type, invalid_scope, invalid_target",
              content: { "application/json": { schema: ref("OAuthError") } },
            },
            "401": { description: "invalid_client", content: { "application/json": { schema: ref("OAuthError") } } },
          },
        },
      },
      "/api/mcp": {
        post: {
          summary: "MCP server (Streamable HTTP, stateless, JSON-RPC 2.0)",
          description:
            "Bearer access token (svat_, audience this endpoint) or API key. Tools: check_url (url:lookup), check_phone (phone:lookup), check_urls_batch, check_phones_batch, get_usage (usage:read), report_scam. 401 carries WWW-Authenticate with resource_metadata; 403 insufficient_scope names the scope.",
          security: [{ bearer: [] }],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { jsonrpc: { const: "2.0" }, method: { type: "string" }, id: {}, params: {} },
                  required: ["jsonrpc", "method"],
                },
              },
            },
          },
          responses: {
            "200": { description: "JSON-RPC response" },
            "401": { description: "Missing or invalid token" },
            "403": { description: "insufficient_scope" },
            "405": { description: "GET and DELETE are not supported (stateless server)" },
          },
        },
      },
      ...extraPaths,
    },
  };
}
