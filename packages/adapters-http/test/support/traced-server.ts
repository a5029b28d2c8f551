// A traced API server in a process of its own, for tracing.test.ts: Node resolves the OpenTelemetry packages here as
// it does in production (vitest's workers resolve with a "module" condition that the SDK's bundler builds answer).
// The OTLP variables come from the environment; it prints {url, key} once listening, and on SIGTERM closes, flushes
// its spans and exits.
import { createEngine, noTelemetry } from "@scamverify/core";
import { HotResultCache } from "@scamverify/persistence";
import { createHttpMetrics, otlpTracesUrl, startTracing, type OtlpProtocol } from "../../src/index.js";
import { CountingSource, engineInMemory, seedAccount, serve } from "./harness.js";

const url = otlpTracesUrl(process.env);
if (url === undefined) throw new Error("no OTLP endpoint in the environment");
const protocol = process.env["OTEL_EXPORTER_OTLP_PROTOCOL"] as OtlpProtocol | undefined;
const tracing = await startTracing({
  url,
  serviceName: "scamverify-test",
  exportDelayMs: 20,
  ...(protocol !== undefined ? { protocol } : {}),
});
const source = new CountingSource(
  async () => undefined,
  () => ({ status: "ok" }),
);
// The cache's in-process layer, as servers have it: a repeated lookup is answered at once (no promise between the
// request and its answer), and its span must still be the request span's child.
const kit = engineInMemory({
  urlSources: [source],
  override: (deps) => ({ cache: new HotResultCache(deps.cache, { clock: deps.clock }) }),
});
const metrics = createHttpMetrics({ defaultMetrics: false });
const engine = createEngine({ ...kit.deps, telemetry: tracing.telemetry(metrics.telemetry) });
const s = await serve(engine, undefined, { metrics, tracer: tracing.requests });
const seeded = await seedAccount(engine, { plan: "enterprise" });

// A lookup that throws, with the input in its message: its span says only that it failed.
let answered = 0;
const probe = tracing.telemetry({ ...noTelemetry, answered: () => void answered++ });
probe.answered("url", "safe");
await probe
  .lookup(
    "probe",
    () => Promise.reject(new Error("secret-marker in an exception")),
    () => ({}),
  )
  .catch(() => undefined);

process.stdout.write(`${JSON.stringify({ url: s.url, key: seeded.key, answered })}\n`);
process.once("SIGTERM", () => {
  void s
    .close()
    .then(() => tracing.shutdown())
    .then(() => process.exit(0));
});
