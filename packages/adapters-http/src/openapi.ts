// The OpenAPI 3.1 document, generated from the core's zod schemas (their .meta ids become components), so the
// document cannot drift from what the API validates and returns. Pinned by a test.
import { z } from "zod";
import { ERROR_CODES, PLANS, type EngineConfig } from "@scamverify/core";
import { HTTP_STATUS } from "./error-map.js";

type Json = Record<string, unknown>;

const REQUEST_IDS = new Set([
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
        `. Plans: ${plans}. Batch endpoints: 5 requests/min on every plan. JSON bodies are limited to 1 MiB and URLs to 2048 characters.`,
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
      ...extraPaths,
    },
  };
}
