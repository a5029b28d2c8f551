// Prometheus metrics with prom-client, in a registry of their own per app (never prom-client's global one), so
// several servers or tests in one process keep apart. The engine's Telemetry port is answered here too. Labels are
// route templates, methods, statuses, channel ids, verdicts, source names and outcome words: never a raw URL, a
// message, a key or a token. Each request adds to numbers in cells made once per label set (metric-cells.ts), so
// the cached lookup path stays cheap; a scrape reads them.
import type { Refusal, SourceOutcome, Telemetry, Verdict } from "@scamverify/core";
import { Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { CellCounter, CellHistogram, type CounterCell, type HistogramCell } from "./metric-cells.js";

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
  readonly duration: HistogramCell;
  /** The requests counter's cells by status * 8 + method index. */
  readonly counts: Map<number, CounterCell>;
}

/** Cells by two keys (channel and verdict, source and outcome), made on first use. */
function cells2<C>(make: (a: string, b: string) => C): (a: string, b: string) => C {
  const byA = new Map<string, Map<string, C>>();
  return (a, b) => {
    let byB = byA.get(a);
    if (byB === undefined) byA.set(a, (byB = new Map()));
    let cell = byB.get(b);
    if (cell === undefined) byB.set(b, (cell = make(a, b)));
    return cell;
  };
}

export function createHttpMetrics(options: HttpMetricsOptions = {}): HttpMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new CellCounter(
    "scamverify_http_requests_total",
    "HTTP requests answered, by route template, method and status.",
    registry,
  );
  const duration = new CellHistogram(
    "scamverify_http_request_duration_seconds",
    "Time from a request's arrival to the end of its response, by route template.",
    REQUEST_BUCKETS,
    registry,
  );
  const verdicts = new CellCounter(
    "scamverify_verdicts_total",
    "Items answered on live keys (computed or cached), by channel and verdict.",
    registry,
  );
  const sources = new CellCounter(
    "scamverify_source_requests_total",
    "Signal source lookups, by source and outcome (ok, unavailable, skipped, timeout, failed).",
    registry,
  );
  const sourceDuration = new CellHistogram(
    "scamverify_source_request_duration_seconds",
    "Time a signal source took to answer one lookup, by source.",
    SOURCE_BUCKETS,
    registry,
  );
  const cache = new CellCounter(
    "scamverify_cache_lookups_total",
    "Result cache reads, by result (hit, miss).",
    registry,
  );
  const refusals = new CellCounter(
    "scamverify_refusals_total",
    "Calls refused for their quota or rate limit, by reason (quota_exhausted, rate_limit_exceeded).",
    registry,
  );
  const replays = new CellCounter(
    "scamverify_idempotent_replays_total",
    "Answers sent again for a repeated Idempotency-Key (no work done, nothing charged).",
    registry,
  ).cell({});
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

  const hit = cache.cell({ result: "hit" });
  const miss = cache.cell({ result: "miss" });
  const refusalCells: Record<Refusal, CounterCell> = {
    quota_exhausted: refusals.cell({ reason: "quota_exhausted" }),
    rate_limit_exceeded: refusals.cell({ reason: "rate_limit_exceeded" }),
  };
  const verdictCell = cells2((channel, verdict) => verdicts.cell({ channel, verdict }));
  const sourceCell = cells2((source, outcome) => sources.cell({ source, outcome }));
  const sourceDurations = new Map<string, HistogramCell>();
  const routes = new Map<string, RouteSeries>();

  const telemetry: Telemetry = {
    answered(channel, verdict: Verdict) {
      verdictCell(channel, verdict).value++;
    },
    cacheRead(found) {
      (found ? hit : miss).value++;
    },
    refused(reason) {
      refusalCells[reason].value++;
    },
    sourceStarted(source) {
      const started = performance.now();
      return (outcome: SourceOutcome) => {
        sourceCell(source, outcome).value++;
        let cell = sourceDurations.get(source);
        if (cell === undefined) sourceDurations.set(source, (cell = sourceDuration.cell({ source })));
        sourceDuration.observe(cell, (performance.now() - started) / 1000);
      };
    },
    lookup: (_channel, run) => run(),
    lookupAnswered: () => undefined,
  };

  return {
    registry,
    telemetry,
    observeRequest(route, rawMethod, status, seconds) {
      const index = rawMethod === undefined ? undefined : METHODS.get(rawMethod);
      let series = routes.get(route);
      if (series === undefined) routes.set(route, (series = { duration: duration.cell({ route }), counts: new Map() }));
      const key = status * 8 + (index ?? 7);
      let cell = series.counts.get(key);
      if (cell === undefined) {
        const method = index === undefined ? "OTHER" : (rawMethod as string);
        series.counts.set(key, (cell = requests.cell({ route, method, status: String(status) })));
      }
      cell.value++;
      duration.observe(series.duration, seconds);
    },
    replayed() {
      replays.value++;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
