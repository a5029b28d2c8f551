// Translates driver failures (pg, PGlite, sockets) into the core's StoreError kinds with a retryable flag,
// so use cases can answer service_unavailable for an outage and internal_error for a bug.
import { StoreError } from "@scamverify/core";

const UNAVAILABLE_NET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);

export function classifyDbError(err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : String(err);
  // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash, cannot connect now),
  // 53300 (too many connections), and socket-level errors all mean the database is unavailable.
  if (code.startsWith("08") || /^57P0[1-3]$/.test(code) || code === "53300" || UNAVAILABLE_NET.has(code)) {
    return new StoreError("unavailable", `database unavailable (${code})`, true, { cause: err });
  }
  if (
    /Connection terminated|connection timeout|^timeout expired$|timeout exceeded when trying to connect|Client has encountered a connection error|database system is (starting up|shutting down)/i.test(
      message,
    )
  ) {
    return new StoreError("unavailable", "database unavailable", true, { cause: err });
  }
  // 23xxx integrity violations, 40001 serialization failure, 40P01 deadlock.
  if (code.startsWith("23") || code === "40001" || code === "40P01") {
    return new StoreError("conflict", `database conflict (${code})`, code.startsWith("40"), { cause: err });
  }
  return new StoreError("internal", `database error${code ? ` (${code})` : ""}`, false, { cause: err });
}
