// Tracing for `serve` and `worker`: on when an OTLP endpoint is configured, and then the OpenTelemetry SDK is loaded
// (by adapters-http's startTracing); off otherwise, with nothing loaded and the telemetry passed through unchanged.
import { otlpTracesUrl, startTracing, type Tracing } from "@scamverify/adapters-http";
import type { RuntimeConfig } from "./config.js";
import { VERSION } from "./version.js";

export async function openTracing(config: RuntimeConfig): Promise<Tracing | undefined> {
  const url = otlpTracesUrl({
    OTEL_EXPORTER_OTLP_ENDPOINT: config.otlpEndpoint,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: config.otlpTracesEndpoint,
  });
  if (url === undefined) return undefined;
  const protocol = config.otlpTracesProtocol ?? config.otlpProtocol;
  return startTracing({
    url,
    serviceName: config.otelServiceName,
    serviceVersion: VERSION,
    ...(protocol !== undefined ? { protocol } : {}),
  });
}
