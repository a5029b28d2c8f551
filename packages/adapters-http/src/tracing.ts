// Optional OpenTelemetry traces: what the HTTP face and the engine's Telemetry port need from a tracer, and the one
// place that loads the OpenTelemetry SDK (otel-tracing.ts), by a dynamic import, only when an OTLP endpoint is
// configured. Without one nothing of it is loaded and the request path is the same as without this file.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Telemetry } from "@scamverify/core";

/** The OTLP/HTTP encodings the exporter speaks (gRPC is not offered). */
export const OTLP_PROTOCOLS = ["http/protobuf", "http/json"] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

export interface TracingSettings {
  /** Where spans are posted: the full traces URL (…/v1/traces). */
  readonly url: string;
  /** OTLP/HTTP encoding; default http/protobuf, as the OpenTelemetry specification asks. */
  readonly protocol?: OtlpProtocol;
  /** The resource's service.name; default "scamverify". */
  readonly serviceName?: string;
  readonly serviceVersion?: string;
  /** Longest a batch waits before it is sent (ms); default the SDK's 5 s. Tests set it low. */
  readonly exportDelayMs?: number;
}

/** Spans around HTTP requests: `handle` runs inside the request's span, so the engine's spans become its children. */
export interface RequestTracer {
  trace(req: IncomingMessage, res: ServerResponse, handle: () => void): void;
}

export interface Tracing {
  readonly requests: RequestTracer;
  /**
   * The engine's telemetry with spans added: every member calls `inner` (the metrics) and then records its span, so
   * counters and spans come from the same calls.
   */
  telemetry(inner: Telemetry): Telemetry;
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops exporting. */
  shutdown(): Promise<void>;
}

/** The OTLP variables that decide tracing, as the OpenTelemetry specification names them. */
export interface OtlpEnvironment {
  readonly OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  readonly OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
}

/**
 * The traces URL the variables give, or undefined when neither is set (tracing off). The signal's own variable is
 * used as it is; the general one is a base URL to which /v1/traces is added.
 */
export function otlpTracesUrl(env: OtlpEnvironment): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/+$/, "")}/v1/traces`;
}

/** Loads the OpenTelemetry SDK and starts exporting spans to `settings.url`. */
export async function startTracing(settings: TracingSettings): Promise<Tracing> {
  const { createOtelTracing } = await import("./otel-tracing.js");
  return createOtelTracing(settings);
}
