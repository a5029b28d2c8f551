// Prometheus metrics with prom-client, in a registry of their own per app (never prom-client's global one), so
// several servers or tests in one process keep apart. The engine's Telemetry port is answered here too. Labels are
// route templates, methods, statuses, channel ids, verdicts, source names and outcome words: never a raw URL, a
// message, a key or a token. Each request costs a counter increment and a histogram observation on label objects
// made once per series, so the cached lookup path stays cheap.
import type { Refusal, SourceOutcome, Telemetry, Verdict } from "@scamverify/core";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Reads waiting for or in the document reader's PDF threads and OCR worker (the composition root supplies it). */
export type DocumentQueueDepth = () => { readonly pdf: number; readonly ocr: number };

export interface HttpMetricsOptions {
  /** The document reader's queue depth, when the process has one. */
  readonly documentQueue?: DocumentQueueDepth;
  /** prom-client's process and event-loop metrics (default true). */
  readonly defaultMetrics?: boolean;
}

export interface HttpMetrics {
  readonly registry: Registry;
  /** What the engine reports to (give it to the engine's `telemetry` dependency). */
  readonly telemetry: Telemetry;
  /** Counts one answered request: its route template (or "unmatched"), method, status and time in seconds. */
  observeRequest(route: string, method: string | undefined, status: number, seconds: number): void;
  /** Counts an answer replayed for an Idempotency-Key. */
  replayed(): void;
  /** The exposition text and its content type. */
  render(): Promise<{ readonly contentType: string; readonly body: string }>;
}

/** Seconds; from a cached lookup (well under a millisecond) to a document read near its budget. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SOURCE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A method outside this set is counted as "OTHER": a label's values stay a small known set. */
const METHODS = new Map(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((m, i) => [m, i]));

interface RouteSeries {
  readonly duration: { readonly route: string };
  /** Label objects of the requests counter by status * 8 + method index: made once, reused on every request. */
  readonly counts: Map<number, { readonly route: string; readonly method: string; readonly status: string }>;
}

export function createHttpMetrics(options: HttpMetricsOptions = {}): HttpMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "scamverify_http_requests_total",
    help: "HTTP requests answered, by route template, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "scamverify_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its response, by route template.",
    labelNames: ["route"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const verdicts = new Counter({
    name: "scamverify_verdicts_total",
    help: "Items answered on live keys (computed or cached), by channel and verdict.",
    labelNames: ["channel", "verdict"] as const,
    registers: [registry],
  });
  const sources = new Counter({
    name: "scamverify_source_requests_total",
    help: "Signal source lookups, by source and outcome (ok, unavailable, skipped, timeout, failed).",
    labelNames: ["source", "outcome"] as const,
    registers: [registry],
  });
  const sourceDuration = new Histogram({
    name: "scamverify_source_request_duration_seconds",
    help: "Time a signal source took to answer one lookup, by source.",
    labelNames: ["source"] as const,
    buckets: SOURCE_BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: "scamverify_cache_lookups_total",
    help: "Result cache reads, by result (hit, miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "scamverify_refusals_total",
    help: "Calls refused for their quota or rate limit, by reason (quota_exhausted, rate_limit_exceeded).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const replays = new Counter({
    name: "scamverify_idempotent_replays_total",
    help: "Answers sent again for a repeated Idempotency-Key (no work done, nothing charged).",
    registers: [registry],
  });
  const documentQueue = options.documentQueue;
  if (documentQueue) {
    new Gauge({
      name: "scamverify_document_queue_depth",
      help: "Document reads waiting for or holding the reader's PDF threads and OCR worker, by stage (pdf, ocr).",
      labelNames: ["stage"] as const,
      registers: [registry],
      collect() {
        const depth = documentQueue();
        this.set({ stage: "pdf" }, depth.pdf);
        this.set({ stage: "ocr" }, depth.ocr);
      },
    });
  }

  const hit = { result: "hit" } as const;
  const miss = { result: "miss" } as const;
  const refusalLabels: Record<Refusal, { readonly reason: Refusal }> = {
    quota_exhausted: { reason: "quota_exhausted" },
    rate_limit_exceeded: { reason: "rate_limit_exceeded" },
  };
  const verdictLabels = new Map<string, Map<Verdict, { readonly channel: string; readonly verdict: Verdict }>>();
  const routes = new Map<string, RouteSeries>();

  const telemetry: Telemetry = {
    answered(channel, verdict) {
      let byVerdict = verdictLabels.get(channel);
      if (byVerdict === undefined) verdictLabels.set(channel, (byVerdict = new Map()));
      let labels = byVerdict.get(verdict);
      if (labels === undefined) byVerdict.set(verdict, (labels = { channel, verdict }));
      verdicts.inc(labels);
    },
    cacheRead(found) {
      cache.inc(found ? hit : miss);
    },
    refused(reason) {
      refusals.inc(refusalLabels[reason]);
    },
    sourceStarted(source) {
      const started = performance.now();
      return (outcome: SourceOutcome) => {
        sources.inc({ source, outcome });
        sourceDuration.observe({ source }, (performance.now() - started) / 1000);
      };
    },
  };

  return {
    registry,
    telemetry,
    observeRequest(route, rawMethod, status, seconds) {
      const index = rawMethod === undefined ? undefined : METHODS.get(rawMethod);
      const method = index === undefined ? "OTHER" : (rawMethod as string);
      let series = routes.get(route);
      if (series === undefined) routes.set(route, (series = { duration: { route }, counts: new Map() }));
      const key = status * 8 + (index ?? 7);
      let labels = series.counts.get(key);
      if (labels === undefined) series.counts.set(key, (labels = { route, method, status: String(status) }));
      requests.inc(labels);
      duration.observe(series.duration, seconds);
    },
    replayed() {
      replays.inc();
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
