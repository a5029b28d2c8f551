// Structured JSON logs, one object a line. Anything that looks like a credential is masked before it is written:
// API keys, OAuth tokens and codes, passwords, secrets and Authorization headers.
import type { IncomingMessage, ServerResponse } from "node:http";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEYS = /pass(word)?|secret|token|authorization|api[_-]?key|cookie|code_verifier|refresh/i;
/**
 * A field named `code` is an OAuth authorization code when its value could be one; an error or status code
 * (`internal_error`, `ECONNREFUSED`, 503) reads as itself, so a failure line still says what failed.
 */
const PLAIN_CODE = /^[A-Za-z_]{1,40}$/;
function isSecretField(key: string, value: unknown): boolean {
  if (SECRET_KEYS.test(key)) return true;
  if (key.toLowerCase() !== "code") return false;
  return !(typeof value === "number" || (typeof value === "string" && PLAIN_CODE.test(value)));
}
const SECRET_VALUES = /\b(sv_(live|test)_|svat_|svrt_|svc_|svcs_)[A-Za-z0-9_-]+|Bearer\s+\S+|Basic\s+\S+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, (m) => `${m.slice(0, 8)}[REDACTED]`);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k, v) ? "[REDACTED]" : redact(v, depth + 1);
  return out;
}

export function createJsonLogger(
  write: (line: string) => void = (line) => process.stdout.write(line),
  minLevel: LogLevel = "info",
): Logger {
  const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
  return {
    log(level, msg, fields = {}) {
      if (order[level] < order[minLevel]) return;
      const entry = { time: new Date().toISOString(), level, msg, ...(redact(fields) as Record<string, unknown>) };
      write(`${JSON.stringify(entry)}\n`);
    },
  };
}

export const silentLogger: Logger = { log: () => undefined };

const FAILURE = Symbol("scamverify.failure");
type WithFailure = ServerResponse & { [FAILURE]?: unknown };

/**
 * Remembers why a request failed, so its access line can say so. The handler that answers a 5xx knows the cause;
 * the access log, written when the response finishes, does not.
 */
export function noteFailure(res: ServerResponse, error: unknown): void {
  (res as WithFailure)[FAILURE] = error;
}

const MAX_STACK = 4000;

/** The error's name, message and stack, masked like every other field. Never the request or its body. */
export function errorFields(error: unknown): { error: string; error_name?: string; stack?: string } {
  if (!(error instanceof Error)) return { error: redact(String(error)) as string };
  return {
    error: redact(error.message) as string,
    error_name: error.name,
    ...(error.stack ? { stack: redact(error.stack.slice(0, MAX_STACK)) as string } : {}),
  };
}

/**
 * The access line of a request served by Express. The path comes from `originalUrl`: a mounted router rewrites
 * `url` without its mount prefix (`/api/oauth/token` would be logged as `/token`). A 5xx names its cause.
 */
export function logAccessLine(
  logger: Logger,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  requestId: string,
): void {
  const started = process.hrtime.bigint();
  const url = req.originalUrl ?? req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  res.once("finish", () => {
    const failure = (res as WithFailure)[FAILURE];
    logger.log(res.statusCode >= 500 ? "error" : "info", "request", {
      request_id: requestId,
      method: req.method,
      path,
      status: res.statusCode,
      duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      ...(res.statusCode >= 500 && failure !== undefined ? errorFields(failure) : {}),
    });
  });
}
