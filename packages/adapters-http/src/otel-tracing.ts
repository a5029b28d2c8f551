// The OpenTelemetry side of tracing.ts, loaded only when an OTLP endpoint is configured: a tracer provider of our own
// (never the global one) exporting over OTLP/HTTP, a span per HTTP request named by its route template, a span per
// item lookup and a span per signal-source call. Attributes are route templates, methods, statuses, channel ids,
// verdicts, error codes, source names and outcome words: never a path, a query, a header, a body or a key.
import { createRequire } from "node:module";
import type { IncomingMessage, ServerResponse } from "node:http";
import type * as Api from "@opentelemetry/api";
import type { Span, Tracer } from "@opentelemetry/api";
import type * as ContextAsyncHooks from "@opentelemetry/context-async-hooks";
import type * as OtlpHttp from "@opentelemetry/exporter-trace-otlp-http";
import type * as OtlpProto from "@opentelemetry/exporter-trace-otlp-proto";
import type * as Resources from "@opentelemetry/resources";
import type * as SdkTraceBase from "@opentelemetry/sdk-trace-base";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { reportAnswered, type LookupEnd, type SourceOutcome, type Telemetry } from "@scamverify/core";
import { routeTemplateOf } from "./http-common.js";
import type { RequestTracer, Tracing, TracingSettings } from "./tracing.js";

// The packages are loaded through their CommonJS entries, the ones Node resolves for them anyway: their "module"
// builds are for bundlers (imports without file extensions) and fail under loaders that prefer that condition.
const require = createRequire(import.meta.url);
const { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace } = require("@opentelemetry/api") as typeof Api;

const TRACER_NAME = "scamverify";

/** Parent-child links ride on the API's context, which needs a context manager; one per process, set once. */
let contextManagerSet = false;
function ensureContextManager(): void {
  if (contextManagerSet) return;
  // false when another one is already set: that one carries the spans as well.
  const { AsyncLocalStorageContextManager } = require("@opentelemetry/context-async-hooks") as typeof ContextAsyncHooks;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  contextManagerSet = true;
}

function exporterFor(settings: TracingSettings): SpanExporter {
  // Both exporters read the other OTLP variables (headers, timeout, compression) from the environment themselves.
  if (settings.protocol === "http/json") {
    const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-http") as typeof OtlpHttp;
    return new OTLPTraceExporter({ url: settings.url });
  }
  const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-proto") as typeof OtlpProto;
  return new OTLPTraceExporter({ url: settings.url });
}

function requestTracer(tracer: Tracer): RequestTracer {
  return {
    trace(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
      const method = req.method ?? "OTHER";
      const span = tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: { "http.request.method": method } },
        ROOT_CONTEXT,
      );
      res.once("close", () => {
        const route = routeTemplateOf(req, res);
        span.updateName(`${method} ${route}`);
        span.setAttribute("http.route", route);
        if (res.writableFinished) {
          span.setAttribute("http.response.status_code", res.statusCode);
          if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        } else span.setStatus({ code: SpanStatusCode.ERROR, message: "connection closed before the response ended" });
        span.end();
      });
      context.with(trace.setSpan(ROOT_CONTEXT, span), handle);
    },
  };
}

function endLookup(span: Span, end: LookupEnd): void {
  if (end.verdict !== undefined) span.setAttribute("scamverify.verdict", end.verdict);
  if (end.cached !== undefined) span.setAttribute("scamverify.cached", end.cached);
  if (end.error !== undefined) {
    span.setAttribute("scamverify.error_code", end.error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: end.error });
  }
  span.end();
}

function tracedTelemetry(tracer: Tracer, inner: Telemetry): Telemetry {
  return {
    answered: (channel, verdict) => inner.answered(channel, verdict),
    cacheRead: (hit) => inner.cacheRead(hit),
    refused: (reason) => inner.refused(reason),
    sourceStarted(source) {
      const counted = inner.sourceStarted(source);
      const started = performance.now();
      const span = tracer.startSpan(`source ${source}`, {
        kind: SpanKind.CLIENT,
        attributes: { "scamverify.source": source },
      });
      return (outcome: SourceOutcome) => {
        counted(outcome);
        span.setAttribute("scamverify.source.outcome", outcome);
        span.setAttribute("scamverify.source.duration_ms", Math.round((performance.now() - started) * 1000) / 1000);
        if (outcome === "timeout" || outcome === "failed")
          span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
        span.end();
      };
    },
    async lookup(channel, run, end) {
      const span = tracer.startSpan(`lookup ${channel}`, {
        kind: SpanKind.INTERNAL,
        attributes: { "scamverify.channel": channel },
      });
      let answer;
      try {
        answer = await context.with(trace.setSpan(context.active(), span), () => inner.lookup(channel, run, end));
      } catch (e) {
        // The exception's message may quote the input: only the fact of it is recorded.
        span.setStatus({ code: SpanStatusCode.ERROR, message: "exception" });
        span.end();
        throw e;
      }
      endLookup(span, end(answer));
      return answer;
    },
    lookupAnswered(channel, end) {
      reportAnswered(inner, channel, end);
      // Answered at once, from memory: a span of its own, begun and ended here, so traces show it as any lookup.
      const span = tracer.startSpan(`lookup ${channel}`, {
        kind: SpanKind.INTERNAL,
        attributes: { "scamverify.channel": channel },
      });
      endLookup(span, end);
    },
  };
}

export function createOtelTracing(settings: TracingSettings): Tracing {
  ensureContextManager();
  const { defaultResource, resourceFromAttributes } = require("@opentelemetry/resources") as typeof Resources;
  const { BasicTracerProvider, BatchSpanProcessor } = require("@opentelemetry/sdk-trace-base") as typeof SdkTraceBase;
  const exporter = exporterFor(settings);
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        "service.name": settings.serviceName ?? "scamverify",
        ...(settings.serviceVersion !== undefined ? { "service.version": settings.serviceVersion } : {}),
      }),
    ),
    spanProcessors: [
      new BatchSpanProcessor(
        exporter,
        settings.exportDelayMs !== undefined ? { scheduledDelayMillis: settings.exportDelayMs } : {},
      ),
    ],
  });
  const tracer = provider.getTracer(TRACER_NAME);
  return {
    requests: requestTracer(tracer),
    telemetry: (inner) => tracedTelemetry(tracer, inner),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
