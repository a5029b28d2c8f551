// The HTTP face: the JSON API under /api/v1 (api-handler.ts, on node:http directly) in front of an Express 5 app
// for everything else: OAuth, MCP and dashboard routers mounted through `mount`, and the spec's error envelope on
// every failure (unknown route, a known path asked with a method it does not take: 405 with Allow, unreadable body of
// a mounted router). Both halves give every response a request id, CORS for browsers, HSTS when the public base URL
// is https, and a structured access log without secrets.
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type ErrorRequestHandler, type Express } from "express";
import { appError, type Engine } from "@scamverify/core";
import { createApiHandler, DEFAULT_MAX_BODY_BYTES, type ApiRouteInfo } from "./api-handler.js";
import {
  answerOtherMethod,
  applyCors,
  assignRequestId,
  hstsOf,
  pathOf,
  requestIdOf,
  sendError,
} from "./http-common.js";
import { routeMethods } from "./route-methods.js";
import { errorFields, logAccessLine, type Logger } from "./logger.js";
import { BodyRefused } from "./express-body.js";
import { createHttpMetrics, type HttpMetrics } from "./metrics.js";
import type { ReadinessCheck } from "./ops.js";
import type { RequestTracer } from "./tracing.js";

export { DEFAULT_MAX_BODY_BYTES };

export interface HttpAppOptions {
  readonly engine: Engine;
  readonly logger: Logger;
  /** Largest JSON body accepted (bytes); larger gets 413 payload_too_large. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Mounts further routers (OAuth, MCP, dashboard) before the 404 handler. */
  readonly mount?: (app: Express) => void;
  /**
   * The app's metrics (give the same object's `telemetry` to the engine to count its work too). Default a new
   * registry of this app's own; false: no metrics, and no /metrics route.
   */
  readonly metrics?: HttpMetrics | false;
  /** Bearer token /metrics asks for (SCAMVERIFY_METRICS_TOKEN); without it, loopback clients only. */
  readonly metricsToken?: string;
  /** What /readyz checks; default the database as the engine's status sees it. */
  readonly readiness?: readonly ReadinessCheck[];
  /** A span per request (see tracing.ts); without it, none. */
  readonly tracer?: RequestTracer;
}

/** A node:http request listener (give it to `createServer`), with its two halves exposed for inspection. */
export type HttpApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** Serves everything that is not the JSON API. */
  readonly express: Express;
  /** The JSON API's routes. */
  readonly apiRoutes: readonly ApiRouteInfo[];
  /** The app's metrics (undefined when created with metrics: false). */
  readonly metrics: HttpMetrics | undefined;
};

/** Bodies of a mounted router that the reader refused and the router did not answer itself. */
const bodyErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (error instanceof BodyRefused) return sendError(res, error.refusal);
  next(error);
};

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { engine, logger } = options;
  const metrics = options.metrics === false ? undefined : (options.metrics ?? createHttpMetrics());
  const api = createApiHandler({
    engine,
    logger,
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(metrics !== undefined ? { metrics } : {}),
    ...(options.metricsToken !== undefined ? { metricsToken: options.metricsToken } : {}),
    ...(options.readiness !== undefined ? { readiness: options.readiness } : {}),
    traced: options.tracer !== undefined,
  });
  const hsts = hstsOf(engine.config.baseUrl);
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", false);
  app.use((req, res, next) => {
    logAccessLine(logger, req, res, assignRequestId(req, res), metrics);
    if (hsts !== null) res.setHeader("Strict-Transport-Security", hsts);
    if (applyCors(req, res)) return;
    res.setHeader("X-Content-Type-Options", "nosniff");
    // OPTIONS is answered here, from the whole route table, before a mounted router answers it with its own part.
    if (req.method === "OPTIONS") {
      const methods = routeMethods(app.router.stack, pathOf(req));
      if (methods.length > 0) return answerOtherMethod(req, res, methods);
    }
    next();
  });

  options.mount?.(app);

  app.use((req, res) => {
    const methods = routeMethods(app.router.stack, pathOf(req));
    if (methods.length > 0) return answerOtherMethod(req, res, methods);
    sendError(res, appError("not_found", `No route for ${req.method} ${pathOf(req)}.`));
  });
  const last: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    void _next;
    logger.log("error", "unhandled error", {
      request_id: requestIdOf(res),
      path: req.originalUrl.split("?")[0],
      ...errorFields(error),
    });
    if (res.headersSent) return;
    const status = (error as { status?: number }).status;
    if (status === 413) return sendError(res, appError("payload_too_large", "The body is too large."));
    if (status === 400) return sendError(res, appError("validation_error", "The request could not be read."));
    sendError(res, appError("internal_error", "An unexpected error occurred."));
  };
  app.use(bodyErrors, last);

  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    if (!api.handle(req, res)) app(req as express.Request, res as express.Response);
  };
  const tracer = options.tracer;
  const listener =
    tracer === undefined
      ? serve
      : (req: IncomingMessage, res: ServerResponse) => tracer.trace(req, res, () => serve(req, res));
  return Object.assign(listener, { express: app, apiRoutes: api.routes, metrics });
}
