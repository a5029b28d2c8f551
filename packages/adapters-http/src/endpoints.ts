// The one endpoint table of the JSON API. Each entry says its method, path, request and response schemas, scope,
// quota channel, error codes, body kind and the engine call that serves it. The node:http handler serves from it,
// the OpenAPI document is generated from it, and the remote clients (the CLI's --api-url and the remote MCP engine)
// read their paths from it. The channels' entries are derived from the engine's channel registry.
import {
  ReportRequestSchema,
  ReportResultSchema,
  StatusSchema,
  UsageSchema,
  type AppError,
  type ChannelRegistry,
  type ChannelVerb,
  type EngineCore,
  type ErrorCode,
  type Outcome,
  type Principal,
  type Scope,
} from "@scamverify/core";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Result } from "neverthrow";
import type { z } from "zod";
import { jobEndpoints } from "./job-endpoints.js";
import { OPS_ENDPOINTS } from "./ops.js";
import { listEndpoints } from "./list-endpoints.js";

/** How a request carries its input: a JSON body, a multipart upload, nothing, or (GET) the query string's values. */
export type BodyKind = "json" | "multipart" | "none" | "query";

interface EndpointBase {
  readonly method: "get" | "post" | "delete";
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly request: z.ZodType | null;
  readonly response: z.ZodType;
  readonly status: number;
  readonly body: BodyKind;
  /** Largest body accepted, when not the server's default for its kind. */
  readonly maxBodyBytes?: number;
  /** "jsonl": the call's value is an async iterable written as JSON Lines; default one JSON body. */
  readonly answer?: "json" | "jsonl";
  /** Reads the body in place of the reader of its kind (a route taking several media types: job uploads). */
  readonly read?: (req: IncomingMessage, limit: number, res: ServerResponse) => Promise<Result<unknown, AppError>>;
  /** OpenAPI: media types the body may also have, and query parameters, beside the kind's own. */
  readonly openapi?: {
    readonly content?: Readonly<Record<string, unknown>>;
    readonly parameters?: readonly unknown[];
  };
}

/** A route answered by an engine call after authentication. */
export interface EngineEndpoint extends EndpointBase {
  readonly kind: "engine";
  /** The scope it needs; null when it depends on the body (a report needs the reported channel's scope). */
  readonly scope: Scope | null;
  /** The quota channel whose X-Quota-* headers the response carries (null: none). */
  readonly quota: string | null;
  /** Codes beyond the ones every authenticated call can answer. */
  readonly errors: readonly ErrorCode[];
  /** The engine verb serving it (lookupUrl, batchUrl, usage, report, ...): remote clients call it by this name. */
  readonly verb: string;
  /** The channel it belongs to, when it is a channel's route. */
  readonly channel: string | null;
  /** `params`: the path's {name} segments (a job's id). */
  call(
    engine: EngineCore,
    p: Principal,
    body: unknown,
    params: Readonly<Record<string, string>>,
  ): Promise<Result<Outcome<unknown>, AppError>>;
  /**
   * The same call answered without awaiting, when the engine's verb can (ChannelVerb's `atOnce`): undefined, having
   * done nothing, when `call` must serve it. Only on routes whose verb has such an answer.
   */
  callAtOnce?(engine: EngineCore, p: Principal, body: unknown): Result<Outcome<unknown>, AppError> | undefined;
}

/** A public route the server answers itself (status, this document, the operators' probes and metrics). */
export interface PublicEndpoint extends EndpointBase {
  readonly kind: "status" | "openapi" | "health" | "ready" | "metrics";
}

export type Endpoint = EngineEndpoint | PublicEndpoint;

/** Codes any authenticated call can answer. */
export const AUTHED_ERRORS: readonly ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key",
  "invalid_token",
  "insufficient_scope",
  "rate_limit_exceeded",
  "internal_error",
  "service_unavailable",
];

const BODY_ERRORS: readonly ErrorCode[] = ["validation_error", "payload_too_large", "unsupported_media_type"];

type VerbCall = (p: Principal, body: unknown) => Promise<Result<Outcome<unknown>, AppError>>;

/** The at-once answer of the engine's verb of that name, when the verb is the engine's own (a wrapper has none). */
function verbAtOnce(
  engine: EngineCore,
  verb: string,
  p: Principal,
  body: unknown,
): Result<Outcome<unknown>, AppError> | undefined {
  const fn = (engine as unknown as Record<string, ChannelVerb<unknown> | undefined>)[verb];
  return typeof fn === "function" ? fn.atOnce?.(p, body) : undefined;
}

/** Calls the engine's verb of that name (derived from the registry), so an engine wrapping a verb is honoured. */
function callVerb(
  engine: EngineCore,
  verb: string,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<unknown>, AppError>> | undefined {
  const fn = (engine as unknown as Record<string, VerbCall | undefined>)[verb];
  return typeof fn === "function" ? fn(p, body) : undefined;
}

function quotaHeaderOf(quota: ChannelRegistry["channels"][number]["quota"]): string | null {
  if (quota === null) return null;
  return "id" in quota ? quota.id : quota.chargedBy;
}

/** Every route of the JSON API, channels first (from the registry), then usage, reports, status, this document and the probes. */
export function createEndpoints(registry: ChannelRegistry): readonly Endpoint[] {
  const v1 = "/api/v1";
  const channelRoutes = registry.channels.flatMap((def): EngineEndpoint[] => {
    const quota = quotaHeaderOf(def.quota);
    const charged: ErrorCode[] = quota === null ? [] : ["quota_exhausted"];
    const single: EngineEndpoint = {
      kind: "engine",
      method: "post",
      path: def.http.path,
      summary: def.title,
      description: def.description,
      request: def.request,
      response: def.result,
      status: 200,
      body: def.http.body,
      ...(def.http.maxBodyBytes !== undefined ? { maxBodyBytes: def.http.maxBodyBytes } : {}),
      scope: def.scope,
      quota,
      errors: [...BODY_ERRORS, ...charged, ...(def.http.errors ?? [])],
      verb: def.verb,
      channel: def.id,
      call: (engine, p, body) => callVerb(engine, def.verb, p, body) ?? engine.check(def.id, p, body),
      callAtOnce: (engine, p, body) => verbAtOnce(engine, def.verb, p, body),
    };
    if (!def.batch) return [single];
    const batchVerb = def.batch.verb;
    return [
      single,
      {
        kind: "engine",
        method: "post",
        path: def.batch.path,
        summary: def.batch.title,
        description: def.batch.description,
        request: def.batch.request,
        response: def.batch.response,
        status: 200,
        body: "json",
        scope: def.scope,
        quota,
        errors: BODY_ERRORS,
        verb: def.batch.verb,
        channel: def.id,
        call: (engine, p, body) => callVerb(engine, batchVerb, p, body) ?? engine.checkBatch(def.id, p, body),
      },
    ];
  });
  return [
    ...channelRoutes,
    {
      kind: "engine",
      method: "get",
      path: `${v1}/usage`,
      summary: "Usage and quota of the calling account",
      description:
        "Scope usage:read. The plan, the billing period, used and remaining units per quota channel, and the rate limits.",
      request: null,
      response: UsageSchema,
      status: 200,
      body: "none",
      scope: "usage:read",
      quota: null,
      errors: [],
      verb: "usage",
      channel: null,
      call: (engine, p) => engine.usage(p),
    },
    {
      kind: "engine",
      method: "post",
      path: `${v1}/reports`,
      summary: "Report a value of a reportable channel (a URL or a phone number)",
      description:
        "One counted report per account, value and UTC day; feeds community_reports. Needs the scope of the reported channel.",
      request: ReportRequestSchema,
      response: ReportResultSchema,
      status: 201,
      body: "json",
      scope: null,
      quota: null,
      errors: BODY_ERRORS,
      verb: "report",
      channel: null,
      call: (engine, p, body) => engine.report(p, body),
    },
    ...jobEndpoints(v1, BODY_ERRORS),
    ...listEndpoints(v1, BODY_ERRORS),
    {
      kind: "status",
      method: "get",
      path: `${v1}/status`,
      summary: "Service status",
      description:
        "No authentication. Cached for 30 seconds. 503 with the same body (status unavailable, components.database unavailable) when the database is unreachable.",
      request: null,
      response: StatusSchema,
      status: 200,
      body: "none",
    },
    {
      kind: "openapi",
      method: "get",
      path: `${v1}/openapi.json`,
      summary: "This document",
      description: "OpenAPI 3.1, generated from the endpoint table and the core's zod schemas.",
      request: null,
      response: StatusSchema,
      status: 200,
      body: "none",
    },
    ...OPS_ENDPOINTS,
  ];
}

/** The endpoint of an engine verb (remote clients call the server by it). */
export function endpointOfVerb(endpoints: readonly Endpoint[], verb: string): EngineEndpoint | undefined {
  return endpoints.find((e): e is EngineEndpoint => e.kind === "engine" && e.verb === verb);
}
