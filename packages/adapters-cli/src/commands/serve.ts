// `scamverify serve`: the REST API (with OAuth and MCP when wired) on one port, the embedded database by default,
// graceful shutdown on SIGINT/SIGTERM.
import type { Command } from "commander";
import { rateLimiterReady, type ClosableRateLimiter } from "@scamverify/persistence";
import { configFrom, type Io, withRuntime } from "../cli-support.js";

export function registerServeCommand(program: Command, io: Io): void {
  program
    .command("serve")
    .description("Start the REST API server")
    .option("-p, --port <port>", "port (env PORT)", undefined)
    .option("--host <host>", "interface to bind (env HOST); default all")
    .option("--no-network", "skip network inspection of URLs (env SCAMVERIFY_NETWORK_INSPECTION=false)")
    .option(
      "--job-workers <n>",
      "job task loops run in this process (env SCAMVERIFY_JOB_WORKERS, default 2; 0 with `scamverify worker` processes)",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  scamverify serve --port 8080\n  DATABASE_URL=postgres://localhost/scamverify REDIS_URL=redis://127.0.0.1:6379 scamverify serve\n",
    )
    .action(async (o: { port?: string; host?: string; network?: boolean; jobWorkers?: string }, cmd: Command) => {
      const config = configFrom(cmd, {
        port: o.port,
        host: o.host,
        jobWorkers: o.jobWorkers,
        ...(o.network === false ? { networkInspection: false } : {}),
      });
      // The HTTP face is loaded by this command only.
      const [
        { createHttpApp, createHttpMetrics, createJsonLogger, startHttpServer },
        { mountExtras },
        { startJobWorkers },
        readiness,
        { openTracing },
      ] = await Promise.all([
        import("@scamverify/adapters-http"),
        import("../mount.js"),
        import("../job-workers.js"),
        import("../readiness.js"),
        import("../tracing.js"),
      ]);
      const tracing = await openTracing(config);
      const logger = createJsonLogger(undefined, config.logLevel);
      // The metrics exist before the runtime (its engine reports to them); the reader's queue is read once it does.
      let documentQueue = (): { pdf: number; ocr: number } => ({ pdf: 0, ocr: 0 });
      const metrics = createHttpMetrics({ documentQueue: () => documentQueue() });
      let documentsReady = false;
      await withRuntime(
        config,
        io,
        async (rt) => {
          documentQueue = rt.documentQueue;
          documentsReady = rt.deps.documentReader?.warmUp === undefined;
          const extras = await mountExtras(rt, logger);
          const log = (level: "info" | "warn", message: string, fields: Record<string, unknown>): void =>
            logger.log(level, message, fields);
          const workers =
            config.jobWorkers > 0 ? await startJobWorkers(rt, { concurrency: config.jobWorkers, log }) : undefined;
          const app = createHttpApp({
            engine: rt.engine,
            logger,
            mount: extras.mount,
            metrics,
            ...(config.metricsToken !== undefined ? { metricsToken: config.metricsToken } : {}),
            readiness: readiness.runtimeReadiness(rt, { documentsReady: () => documentsReady }),
            ...(tracing !== undefined ? { tracer: tracing.requests } : {}),
          });
          // Quota holds left by a process that died mid-lookup are given back once past their time: now, and then
          // every minute (or every hold length, when shorter).
          const settleHolds = (): void => {
            rt.engine.settleQuotaHolds().then(
              (holds) => {
                if (holds > 0) logger.log("info", "expired quota holds given back", { holds });
              },
              (e: unknown) => logger.log("warn", "quota hold sweep failed", { error: (e as Error).message }),
            );
          };
          settleHolds();
          const holdSweep = setInterval(settleHolds, Math.min(60_000, config.quotaHoldSeconds * 1000));
          holdSweep.unref();
          const server = await startHttpServer(app, config.port, config.host);
          logger.log("info", "listening", {
            port: server.port,
            base_url: config.baseUrl,
            database: config.databaseUrl ? "postgres" : `embedded (${config.dataDir})`,
            rate_limiter: await rateLimiterReady(rt.deps.rateLimiter as ClosableRateLimiter),
          });
          // The PDF thread and the OCR worker start now, in the background, not on the first upload.
          const warming = performance.now();
          void rt.deps.documentReader?.warmUp?.().then(() => {
            documentsReady = true;
            logger.log("info", "document reader ready", { ms: Math.round(performance.now() - warming) });
          });
          await new Promise<void>((resolve) => {
            const stop = (signal: string): void => {
              logger.log("info", "shutting down", { signal });
              clearInterval(holdSweep);
              void server
                .close()
                .then(() => workers?.stop())
                .then(() => extras.close())
                .then(() => tracing?.shutdown())
                .finally(resolve);
            };
            process.once("SIGINT", () => stop("SIGINT"));
            process.once("SIGTERM", () => stop("SIGTERM"));
          });
        },
        {
          log: (level, message, fields) => logger.log(level, message, fields),
          jobs: {},
          telemetry: tracing !== undefined ? tracing.telemetry(metrics.telemetry) : metrics.telemetry,
        },
      );
    });
}
