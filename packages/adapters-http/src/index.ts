export { createHttpApp, DEFAULT_MAX_BODY_BYTES } from "./app.js";
export type { HttpApp, HttpAppOptions } from "./app.js";
export type { ApiRouteInfo } from "./api-handler.js";
export { AUTHED_ERRORS, createEndpoints, endpointOfVerb } from "./endpoints.js";
export type { Endpoint, EngineEndpoint, PublicEndpoint } from "./endpoints.js";
export { parseMultipart, readUpload } from "./multipart-body.js";
export { readJsonBody, readRequestBody } from "./request-body.js";
export type { BodyKind, FormFields, ReadBodyOptions, RequestBody } from "./request-body.js";
export { sendError } from "./http-common.js";
export { HTTP_STATUS, toEnvelope } from "./error-map.js";
export type { ErrorEnvelopeBody } from "./error-map.js";
export { createJsonLogger, redact, silentLogger, errorFields, noteFailure, logAccessLine } from "./logger.js";
export type { LogLevel, Logger } from "./logger.js";
export { buildOpenApiDocument } from "./openapi.js";
export { startHttpServer } from "./server.js";
export type { RunningServer } from "./server.js";
export {
  authorizationServerMetadata,
  createOAuthRouter,
  createWellKnownRouter,
  protectedResourceMetadata,
} from "./oauth/index.js";
export type { OAuthRouterDeps, WellKnownRouterDeps } from "./oauth/index.js";
export { createDashboardRouter } from "./dashboard/index.js";
export type { DashboardRouterDeps } from "./dashboard/index.js";
export { createMemoryFlash, FLASH_TTL_MS } from "./dashboard/index.js";
export type { DashboardFlash, Flash } from "./dashboard/index.js";
export { ipRateLimit } from "./ip-rate-limit.js";
export { clientAddress, parseTrustedProxies, type TrustedProxies } from "./client-address.js";
export type { IpRateLimitOptions } from "./ip-rate-limit.js";
export {
  COUNTRIES,
  DEFAULT_ANONYMOUS_LIMITS,
  DEFAULT_SHARE_TTL_MS,
  composeMailReply,
  createPageRouter,
  withoutCacheWrites,
} from "./page/index.js";
export type { AnonymousLimits, Country, MailReplyInput, MailReplyOptions, PageRouterDeps } from "./page/index.js";
export { createHttpMetrics } from "./metrics.js";
export type { DocumentQueueDepth, HttpMetrics, HttpMetricsOptions } from "./metrics.js";
export {
  HealthSchema,
  OPS_ENDPOINTS,
  READINESS_CHECK_TIMEOUT_MS,
  ReadinessSchema,
  createReadiness,
  engineDatabaseCheck,
} from "./ops.js";
export type { Readiness, ReadinessCheck } from "./ops.js";
export { REPLAYED_HEADER, requestDigest } from "./idempotency.js";
export { OTLP_PROTOCOLS, otlpTracesUrl, startTracing } from "./tracing.js";
export type { OtlpEnvironment, OtlpProtocol, RequestTracer, Tracing, TracingSettings } from "./tracing.js";
