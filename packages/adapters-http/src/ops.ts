// The operators' routes: /healthz (the process answers), /readyz (it can serve: database reachable, migrations
// applied, readers loaded) and /metrics (Prometheus), declared once here for the endpoint table. Readiness runs the
// checks the composition root gives, each bounded in time; /metrics is for a bearer token when one is configured,
// else for clients on this machine only.
import type { IncomingMessage } from "node:http";
import { createHash, timingSafeEqual } from "node:crypto";
import { appError, type AppError, type EngineCore } from "@scamverify/core";
import { z } from "zod";
import type { PublicEndpoint } from "./endpoints.js";

export const HealthSchema = z
  .object({ status: z.literal("ok") })
  .meta({ id: "Health", description: "The process is alive and answering." });

export const ReadinessSchema = z
  .object({
    status: z.enum(["ready", "not_ready"]),
    checks: z
      .record(z.string(), z.string())
      .describe('Each check by name ("database", "migrations", "readers"): "ok", or why it is not ready'),
    reason: z.string().optional().describe("The first failing check and its reason (absent when ready)"),
  })
  .meta({ id: "Readiness", description: "Whether this process can serve requests now, check by check." });
export type Readiness = z.infer<typeof ReadinessSchema>;

/** One readiness check: resolves null when ready, else a short reason ("unreachable", "pending 006_x"). */
export interface ReadinessCheck {
  readonly name: string;
  run(): Promise<string | null>;
}

/** Longest a check may take before it counts as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

/** The check an app has when the composition root gives none: the database, as the engine's status sees it. */
export function engineDatabaseCheck(engine: Pick<EngineCore, "status">): ReadinessCheck {
  return {
    name: "database",
    run: async () => ((await engine.status()).components["database"] === "operational" ? null : "unreachable"),
  };
}

function bounded(check: ReadinessCheck): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("timed out"), READINESS_CHECK_TIMEOUT_MS);
    check.run().then(
      (reason) => {
        clearTimeout(timer);
        resolve(reason);
      },
      () => {
        clearTimeout(timer);
        resolve("failed");
      },
    );
  });
}

/** Runs every check at once; callers arriving while a run is under way share it (a probe storm runs it once). */
export function createReadiness(checks: readonly ReadinessCheck[]): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null;
  const run = async (): Promise<Readiness> => {
    const reasons = await Promise.all(checks.map(bounded));
    const out: Record<string, string> = {};
    let reason: string | undefined;
    checks.forEach((c, i) => {
      const r = reasons[i] ?? null;
      out[c.name] = r ?? "ok";
      if (r !== null) reason ??= `${c.name}: ${r}`;
    });
    return reason === undefined ? { status: "ready", checks: out } : { status: "not_ready", checks: out, reason };
  };
  return () =>
    (running ??= run().finally(() => {
      running = null;
    }));
}

const digest = (s: string): Buffer => createHash("sha256").update(s, "utf8").digest();

/** Whether the peer is this machine (IPv4 127/8, ::1, or an IPv4-mapped 127/8). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

/**
 * Who may read /metrics: with a token, a request bearing it (compared on digests in constant time); without one,
 * clients on the loopback interface only. A refusal is the error to answer with.
 */
export function metricsRefusal(req: IncomingMessage, token: string | undefined): AppError | null {
  if (token === undefined) {
    return isLoopback(req.socket.remoteAddress)
      ? null
      : appError("forbidden", "Metrics are served to this machine only unless a metrics token is configured.");
  }
  const header = req.headers.authorization ?? "";
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token))
    ? null
    : appError("invalid_token", "The metrics token is missing or wrong.");
}

/** The operators' routes of the endpoint table. */
export const OPS_ENDPOINTS: readonly PublicEndpoint[] = [
  {
    kind: "health",
    method: "get",
    path: "/healthz",
    summary: "Liveness probe",
    description: "No authentication. 200 while the process is alive and answering; it checks nothing else.",
    request: null,
    response: HealthSchema,
    status: 200,
    body: "none",
  },
  {
    kind: "ready",
    method: "get",
    path: "/readyz",
    summary: "Readiness probe",
    description:
      "No authentication, not cached. 200 when the database answers, every migration is applied and the readers (threat index, phone registry, document reader) are loaded; 503 with the failing check and its reason otherwise. Each check is bounded to 2 s.",
    request: null,
    response: ReadinessSchema,
    status: 200,
    body: "none",
  },
  {
    kind: "metrics",
    method: "get",
    path: "/metrics",
    summary: "Prometheus metrics",
    description:
      "Text exposition format 0.0.4. With SCAMVERIFY_METRICS_TOKEN set, only for Authorization: Bearer <that token> (401 invalid_token otherwise); without it, only for clients on the loopback interface (403 forbidden otherwise). Labels are route templates, methods, statuses, channels, verdicts, source names and outcomes; never request content, URLs, keys or tokens.",
    request: null,
    response: z.string(),
    status: 200,
    body: "none",
  },
];
