// Structured JSON logs, one object a line. Anything that looks like a credential is masked before it is written:
// API keys, OAuth tokens and codes, passwords, secrets and Authorization headers.

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEYS = /pass(word)?|secret|token|authorization|api[_-]?key|cookie|code_verifier|^code$|refresh/i;
const SECRET_VALUES = /\b(sv_(live|test)_|svat_|svrt_|svc_|svcs_)[A-Za-z0-9_-]+|Bearer\s+\S+|Basic\s+\S+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, (m) => `${m.slice(0, 8)}[REDACTED]`);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? "[REDACTED]" : redact(v, depth + 1);
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
