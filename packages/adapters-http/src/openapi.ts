// The OpenAPI 3.1 document, generated from the endpoint table (endpoints.ts) and the core's zod schemas (their .meta
// ids become components), so the document cannot drift from what the API routes, validates and returns. Pinned by
// a test. The OAuth, well-known and MCP routes (served by Express) come from their own table (served-routes.ts).
import { z } from "zod";
import {
  DEFAULT_REGISTRY,
  ERROR_CODES,
  describeKinds,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  PLANS,
  type ChannelRegistry,
  type EngineConfig,
  type UploadDefinition,
} from "@scamverify/core";
import { AUTHED_ERRORS, createEndpoints, type Endpoint } from "./endpoints.js";
import { HTTP_STATUS } from "./error-map.js";
import { REPLAYED_HEADER } from "./idempotency.js";
import { servedRoutes, type ServedRoute } from "./served-routes.js";

const IDEMPOTENCY_ERRORS = ["idempotency_key_in_use", "idempotency_key_reused"] as const;

type Json = Record<string, unknown>;

/** Schemas the API reads are documented in their input form (defaults optional); the OAuth ones beside the table's. */
const OAUTH_REQUEST_IDS = ["ClientRegistrationRequest", "AuthorizeRequest", "TokenRequest"];
const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });

function componentSchemas(requestIds: ReadonlySet<string>): Record<string, Json> {
  const opts = {
    target: "draft-2020-12" as const,
    unrepresentable: "any" as const,
    uri: (id: string) => `#/components/schemas/${id}`,
  };
  const output = z.toJSONSchema(z.globalRegistry, { ...opts, io: "output" }).schemas as Record<string, Json>;
  const input = z.toJSONSchema(z.globalRegistry, { ...opts, io: "input" }).schemas as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(output)) {
    const chosen = requestIds.has(id) ? (input[id] ?? schema) : schema;
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

/** Statuses answered before a request is admitted (no key, no scope, over the rate limit): no counters. */
const BEFORE_ADMISSION = new Set([401, 403, 429]);
/** Codes answered before the engine admits a request (an Idempotency-Key's refusals): no counters either. */
const BEFORE_ADMISSION_CODES = new Set<string>(IDEMPOTENCY_ERRORS);

/**
 * The error responses of an operation. `counters` (its rate-limit and quota headers) go on every status a request
 * can get after it was admitted: a refusal shows the counters its answer would have, nothing charged. A body the
 * server cannot read at all (malformed JSON or multipart, over the byte limit) is refused before admission, without
 * them.
 */
function errorResponses(codes: readonly (keyof typeof HTTP_STATUS)[], counters: Json = {}): Json {
  const byStatus = new Map<number, string[]>();
  for (const c of codes) byStatus.set(HTTP_STATUS[c], [...(byStatus.get(HTTP_STATUS[c]) ?? []), c]);
  const out: Json = {};
  for (const [status, list] of byStatus) {
    const headers =
      status === 429
        ? { "Retry-After": { schema: { type: "integer" } } }
        : BEFORE_ADMISSION.has(status) ||
            list.every((c) => BEFORE_ADMISSION_CODES.has(c)) ||
            Object.keys(counters).length === 0
          ? undefined
          : counters;
    out[String(status)] = {
      description: `Error: ${list.join(", ")}`,
      headers,
      content: { "application/json": { schema: ref("ErrorEnvelope") } },
    };
  }
  return out;
}

/** A schema's component reference when it has an id, else the schema itself inline. */
function schemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const id = z.globalRegistry.get(schema)?.id;
  if (id !== undefined) return ref(id);
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    unrepresentable: "any",
    io,
  }) as Json;
  void _s;
  return rest;
}

/**
 * A multipart form: the `file` part as the channel declares it, and the request schema's other fields as text parts.
 * An upload of images only lists their formats; one that takes PDFs too is named by what it is.
 */
function multipartSchema(request: z.ZodType | null, upload: UploadDefinition | undefined): Json {
  const fields = request instanceof z.ZodObject ? (request.shape as Record<string, z.ZodType>) : {};
  const what = upload?.what ?? "The file";
  const kinds = upload === undefined || upload.accepts.includes("pdf") ? "" : ` (${describeKinds(upload.accepts)})`;
  const properties: Json = {
    file: {
      type: "string",
      contentMediaType: "application/octet-stream",
      description: `${what}${kinds}; its type is taken from its bytes, never from the name or declared type`,
    },
  };
  for (const [name, field] of Object.entries(fields)) if (name !== "file") properties[name] = schemaOf(field, "input");
  return { type: "object", properties, required: ["file"] };
}

/** The responses of a route the server answers itself. */
function publicResponses(e: Endpoint & { kind: Exclude<Endpoint["kind"], "engine"> }): Json {
  const content = (schema: Json): Json => ({ "application/json": { schema } });
  const envelope = content(ref("ErrorEnvelope"));
  switch (e.kind) {
    case "status":
      return {
        "200": { description: "Operational or degraded", content: content(schemaOf(e.response, "output")) },
        "503": { description: "The database is unreachable", content: content(schemaOf(e.response, "output")) },
      };
    case "openapi":
      return { "200": { description: "OpenAPI 3.1" } };
    case "health":
      return { "200": { description: "Alive", content: content(schemaOf(e.response, "output")) } };
    case "ready":
      return {
        "200": { description: "Ready to serve", content: content(schemaOf(e.response, "output")) },
        "503": {
          description: "Not ready: the failing check and why",
          content: content(schemaOf(e.response, "output")),
        },
      };
    case "metrics":
      return {
        "200": {
          description: "Prometheus text exposition",
          content: { "text/plain; version=0.0.4; charset=utf-8": { schema: { type: "string" } } },
        },
        "401": { description: "Error: invalid_token (a metrics token is configured)", content: envelope },
        "403": { description: "Error: forbidden (no token configured and not a loopback client)", content: envelope },
      };
  }
}

/** The header every POST of the API takes, and the refusals it adds. */
const IDEMPOTENCY_PARAMETER: Json = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: `A key of the client's choosing (1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters, e.g. a UUID; bare or as a quoted string). The first successful answer to a key is kept for 24 hours per account and credential; the same key with the same request (method, route, body) gets it again with ${REPLAYED_HEADER}: true, running and charging nothing. A refused or failed request keeps nothing, so its retry runs afresh. The same key with another request answers 422 idempotency_key_reused; while the first is still running, 409 idempotency_key_in_use.`,
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
};

function operation(e: Endpoint, quotaHeader: (channel: string) => string, registry: ChannelRegistry): Json {
  const content = (schema: Json): Json => ({ "application/json": { schema } });
  if (e.kind !== "engine") {
    return { summary: e.summary, description: e.description, responses: publicResponses(e) };
  }
  const idempotent = e.method === "post";
  const quota = e.quota === null ? {} : quotaHeaders(quotaHeader(e.quota));
  const params = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  // A GET that reads the query string documents each field of its request schema as a query parameter.
  const queryFields =
    e.body === "query" && e.request instanceof z.ZodObject ? (e.request.shape as Record<string, z.ZodType>) : {};
  for (const [name, field] of Object.entries(queryFields)) {
    // The optional wrapper is left out, so a field of a named schema (ListEntryKind) refers to its component.
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    const description = z.globalRegistry.get(field)?.description;
    params.push({
      name,
      in: "query",
      required: false,
      ...(description === undefined ? {} : { description }),
      schema: schemaOf(inner, "input") as { type: string },
    });
  }
  const answer =
    e.answer === "jsonl"
      ? { "application/jsonl": { schema: schemaOf(e.response, "output") } }
      : content(schemaOf(e.response, "output"));
  return {
    summary: e.summary,
    description: e.description,
    security: [{ bearer: [] }],
    ...(params.length > 0 || idempotent || e.openapi?.parameters
      ? {
          parameters: [...params, ...(idempotent ? [IDEMPOTENCY_PARAMETER] : []), ...(e.openapi?.parameters ?? [])],
        }
      : {}),
    ...(e.body === "none" || e.body === "query"
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              ...(e.body === "json"
                ? content(schemaOf(e.request ?? z.object({}), "input"))
                : {
                    "multipart/form-data": {
                      schema: multipartSchema(e.request, registry.get(e.channel ?? "")?.upload),
                    },
                  }),
              ...e.openapi?.content,
            },
          },
        }),
    responses: {
      [String(e.status)]: {
        description:
          e.channel === null ? "The resource" : "The assessment (a verdict is data: a scam verdict is a success)",
        headers: {
          ...rateHeaders,
          ...quota,
          ...(idempotent
            ? {
                [REPLAYED_HEADER]: {
                  schema: { type: "string", enum: ["true"] },
                  description: "Present on an answer sent again for a repeated Idempotency-Key",
                },
              }
            : {}),
        },
        content: answer,
      },
      ...errorResponses(
        [...e.errors, ...AUTHED_ERRORS, ...(idempotent ? IDEMPOTENCY_ERRORS : [])],
        e.channel === null ? {} : { ...rateHeaders, ...quota },
      ),
    },
  };
}

/** The OpenAPI paths of the routes served beside the endpoint table, each row rendered the same way. */
function servedPaths(routes: readonly ServedRoute[]): Json {
  const json = (schema: string | Json): Json => (typeof schema === "string" ? ref(schema) : schema);
  const paths: Json = {};
  for (const r of routes) {
    const { query, body } = r;
    const op: Json = {
      summary: r.summary,
      ...(r.description === undefined ? {} : { description: r.description }),
      ...(query === undefined
        ? {}
        : {
            parameters: query.names.map((name) => ({
              name,
              in: "query",
              required: !query.optional.includes(name),
              schema: { type: "string" },
            })),
          }),
      ...(r.bearer === true ? { security: [{ bearer: [] }] } : {}),
      ...(body === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: Object.fromEntries(body.media.map((m) => [m, { schema: json(body.schema) }])),
            },
          }),
      responses: Object.fromEntries(
        r.responses.map((x) => [
          String(x.status),
          {
            description: x.description,
            ...(x.schema === undefined ? {} : { content: { "application/json": { schema: ref(x.schema) } } }),
          },
        ]),
      ),
    };
    paths[r.path] = { ...(paths[r.path] as Json | undefined), [r.method]: op };
  }
  return paths;
}

export function buildOpenApiDocument(
  config: Pick<EngineConfig, "version" | "baseUrl">,
  registry: ChannelRegistry = DEFAULT_REGISTRY,
  extraPaths: Json = {},
): Json {
  const plans = Object.values(PLANS)
    .map(
      (p) =>
        `${p.name}: ${p.rpm} requests/min, quotas ${registry.quotas.map((q) => `${q.id} ${q.limits[p.name]}`).join(", ")}`,
    )
    .join("; ");
  const endpoints = createEndpoints(registry);
  const quotaHeader = (channel: string): string => registry.quota(channel)?.header ?? channel;
  const paths: Json = {};
  for (const e of endpoints)
    paths[e.path] = { ...(paths[e.path] as Json | undefined), [e.method]: operation(e, quotaHeader, registry) };
  const requestIds = new Set([
    ...OAUTH_REQUEST_IDS,
    ...endpoints.flatMap((e) => {
      const id = e.request === null ? undefined : z.globalRegistry.get(e.request)?.id;
      return id === undefined ? [] : [id];
    }),
  ]);
  return {
    openapi: "3.1.0",
    info: {
      title: "scamverify API",
      version: config.version,
      description:
        "Tells how likely a phone number, URL, text message, email, document or QR code is to be part of a scam, and why. Errors use the envelope " +
        "{ error: { code, message, details?, retry_after?, upgrade_url?, request_id? } }. Error codes and statuses: " +
        ERROR_CODES.map((c) => `${c} ${HTTP_STATUS[c]}`).join(", ") +
        ". A known path asked with a method it does not take is 405 method_not_allowed with an Allow header (OPTIONS answers 204 with the same Allow); an unknown path is 404 not_found. " +
        "validation_error lists every problem in details.issues as { field, message }: field is the path in the body (items[3].url), message a sentence naming it and saying what is expected; a field a request does not take is refused by name" +
        `. Plans: ${plans}. Batch endpoints: 5 requests/min on every plan. JSON bodies (UTF-8; plain, gzip, deflate or br) are limited to 1 MiB after decoding (4 MiB for email), URLs to 2048 characters, messages to 5000 characters; uploads (multipart, one part named file; the type is read from the bytes) to 10 MiB and 40 megapixels.`,
    },
    servers: [{ url: config.baseUrl }],
    components: {
      schemas: componentSchemas(requestIds),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key (sv_live_..., sv_test_...) or an OAuth access token (svat_...)",
        },
      },
    },
    paths: {
      ...paths,
      ...servedPaths(servedRoutes(registry)),
      ...extraPaths,
    },
  };
}
