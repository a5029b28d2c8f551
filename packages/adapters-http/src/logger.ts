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
/** Whether a field name is a secret's, remembered: the same few names come back on every line. */
const secretNames = new Map<string, boolean>();
function isSecretField(key: string, value: unknown): boolean {
  let secret = secretNames.get(key);
  if (secret === undefined) {
    secret = SECRET_KEYS.test(key);
    if (secretNames.size < 1_000) secretNames.set(key, secret);
  }
  if (secret) return true;
  if (key.length !== 4 || key.toLowerCase() !== "code") return false;
  return !(typeof value === "number" || (typeof value === "string" && PLAIN_CODE.test(value)));
}
const SECRET_VALUES = /\b(sv_(live|test)_|svat_|svrt_|svc_|svcs_)[A-Za-z0-9_-]+|Bearer\s+\S+|Basic\s+\S+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, (m) => `${m.slice(0, 8)}[REDACTED]`);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Record<string, unknown>)[k];
    out[k] = isSecretField(k, v) ? "[REDACTED]" : redact(v, depth + 1);
  }
  return out;
}

/** The time field, made once per millisecond: a busy server writes many lines within one. */
let lastMs = -1;
let lastIso = "";
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/** Keys whose place in the line the spread below would decide differently: the entry's own, array indexes, __proto__. */
function keyNeedsSpread(key: string): boolean {
  const c = key.charCodeAt(0);
  return key === "time" || key === "level" || key === "msg" || key === "__proto__" || (c >= 48 && c <= 57);
}

const REDACTED_JSON = '"[REDACTED]"';

/**
 * A value JSON writes as it is between quotes and no secret pattern can match (each needs "_" or white space): a
 * request id, a path, a method. Such values (a new request id on every line) skip the masking and JSON.stringify.
 */
const PLAIN_VALUE = /^[A-Za-z0-9./:-]*$/;

/**
 * What a field name's lines share: its name as JSON, whether the name alone masks it, and the last string value it
 * had as JSON. The same few names come back on every line, most with the value they had on the line before (a
 * method, a path, a message), so a repeated value is neither scanned for secrets nor escaped again.
 */
interface FieldFormat {
  readonly name: string;
  readonly secretName: boolean;
  last: string | undefined;
  lastJson: string;
}
const fieldFormats = new Map<string, FieldFormat>();

function fieldFormat(key: string): FieldFormat {
  let f = fieldFormats.get(key);
  if (f === undefined) {
    // Whether the name alone masks the field: `code` depends on its value too, and is decided per value below.
    f = {
      name: JSON.stringify(key),
      secretName: isSecretField(key, undefined) && !isCodeKey(key),
      last: undefined,
      lastJson: "",
    };
    if (fieldFormats.size < 1_000) fieldFormats.set(key, f);
  }
  return f;
}

function isCodeKey(key: string): boolean {
  return key.length === 4 && key.toLowerCase() === "code";
}

/** A value as its line writes it: masked, or redacted and as JSON (undefined when JSON leaves it out). */
function valueJson(f: FieldFormat, key: string, value: unknown): string | undefined {
  if (f.secretName) return REDACTED_JSON;
  if (typeof value === "string") {
    if (value === f.last) return f.lastJson;
    const json = isSecretField(key, value)
      ? REDACTED_JSON
      : PLAIN_VALUE.test(value)
        ? `"${value}"`
        : JSON.stringify(redact(value));
    f.last = value;
    f.lastJson = json;
    return json;
  }
  if (typeof value === "number" && !isCodeKey(key)) return numberJson(value);
  return isSecretField(key, value) ? REDACTED_JSON : (JSON.stringify(redact(value, 1)) as string | undefined);
}

/**
 * A number as JSON writes it. A duration in milliseconds to the microsecond (every access line has one) is written
 * from its whole thousandths: integers only, where turning a fraction into its shortest decimal costs more than the
 * rest of the line. Any number that is not a whole count of thousandths goes through String as JSON does.
 */
export function numberJson(value: number): string {
  if (!Number.isFinite(value)) return "null";
  if (Number.isInteger(value) || !(Math.abs(value) < 1e9)) return String(value);
  const thousandths = Math.round(value * 1000);
  if (thousandths / 1000 !== value) return String(value);
  const size = Math.abs(thousandths);
  const whole = Math.trunc(size / 1000);
  let fraction = size - whole * 1000;
  // The decimals without their trailing zeros (there is at least one, the value not being whole).
  let digits = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  return `${thousandths < 0 ? "-" : ""}${whole}.${String(fraction).padStart(digits, "0")}`;
}

/** The line's opening for each level and message, made once: `{"time":` follows from the time alone. */
const openings = new Map<string, string>();
let lastTime = "";
let lastTimeJson = '""';

/**
 * One log line: what JSON.stringify({ time, level, msg, ...redact(fields) }) writes, without building those objects
 * (an access line per request made them the largest cost of logging). A field named like the entry's own, or like an
 * array index, takes the spread itself, which decides such keys' places.
 */
export function formatLine(time: string, level: LogLevel, msg: string, fields: Record<string, unknown>): string {
  if (time !== lastTime) {
    lastTime = time;
    lastTimeJson = JSON.stringify(time);
  }
  const openingKey = `${level}\u0000${msg}`;
  let opening = openings.get(openingKey);
  if (opening === undefined) {
    opening = `,"level":${JSON.stringify(level)},"msg":${JSON.stringify(msg)}`;
    if (openings.size < 1_000) openings.set(openingKey, opening);
  }
  let out = `{"time":${lastTimeJson}${opening}`;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    if (keyNeedsSpread(key)) {
      return JSON.stringify({ time, level, msg, ...(redact(fields) as Record<string, unknown>) });
    }
    const f = fieldFormat(key);
    const json = valueJson(f, key, fields[key]);
    // undefined, functions and symbols are left out, as JSON.stringify leaves them out.
    if (json === undefined) continue;
    out += `,${f.name}:${json}`;
  }
  return `${out}}`;
}

/** Most bytes kept before they are written at once. */
const MAX_PENDING = 64 * 1024;
/** Longest a line waits before it is written. */
const FLUSH_MS = 20;

/**
 * Standard output, written in batches: lines wait up to FLUSH_MS (or until MAX_PENDING bytes) and go out in one
 * write. Written a line at a time, a log on a file (where stdout writes are synchronous) cost a system call per
 * request. Errors are written at once, with whatever waits before them, and what waits is written when the process
 * exits.
 */
function createStdoutSink(): (line: string, urgent: boolean) => void {
  // The lines themselves, joined once when written: a string grown line by line is a deep rope that writing must
  // flatten piece by piece.
  let pending: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    size = 0;
    process.stdout.write(text);
  };
  process.once("exit", flush);
  return (line, urgent) => {
    pending.push(line);
    size += line.length;
    if (urgent || size >= MAX_PENDING) flush();
    else if (timer === undefined) {
      timer = setTimeout(flush, FLUSH_MS);
      // The exit handler writes what is left; a pending batch never keeps the process alive.
      timer.unref();
    }
  };
}

let stdoutSink: ((line: string, urgent: boolean) => void) | undefined;

/**
 * A logger writing one JSON object a line, credentials masked. Without `write`, lines go to standard output in
 * batches (within 20 ms; an error at once); with `write`, each line is handed to it as it is logged.
 */
export function createJsonLogger(write?: (line: string) => void, minLevel: LogLevel = "info"): Logger {
  const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
  const min = order[minLevel];
  const sink: (line: string, urgent: boolean) => void = write
    ? (line) => write(line)
    : (stdoutSink ??= createStdoutSink());
  return {
    log(level, msg, fields = {}) {
      if (order[level] < min) return;
      sink(`${formatLine(isoNow(), level, msg, fields)}\n`, level === "error");
    },
  };
}

/** Where a finished request is counted: its route template goes with it (see metrics.ts). */
export interface RequestObserver {
  observeRequest(route: string, method: string | undefined, status: number, seconds: number): void;
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

/** Milliseconds since `started` (a performance.now() reading), to the microsecond, as the access log gives them. */
export function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}

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
  req: IncomingMessage & { originalUrl?: string; baseUrl?: string; route?: { path?: unknown } },
  res: ServerResponse,
  requestId: string,
  observer?: RequestObserver,
): void {
  const started = performance.now();
  const url = req.originalUrl ?? req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  res.once("finish", () => {
    if (observer !== undefined) {
      // The matched route's template (its mount point and pattern), never the path itself.
      const pattern = req.route?.path;
      const route = typeof pattern === "string" ? `${req.baseUrl ?? ""}${pattern}` : "unmatched";
      observer.observeRequest(route, req.method, res.statusCode, (performance.now() - started) / 1000);
    }
    const failure = (res as WithFailure)[FAILURE];
    logger.log(res.statusCode >= 500 ? "error" : "info", "request", {
      request_id: requestId,
      method: req.method,
      path,
      status: res.statusCode,
      duration_ms: elapsedMs(started),
      ...(res.statusCode >= 500 && failure !== undefined ? errorFields(failure) : {}),
    });
  });
}
