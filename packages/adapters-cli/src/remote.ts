// Talks to a remote scamverify server with an API key: the same JSON the library returns, and the error envelope
// turned back into the core's AppError so the CLI prints and exits the same way in both modes.
import { appError, ERROR_CODES, type AppError, type ErrorCode, type Upload } from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";

export interface RemoteOptions {
  readonly apiUrl: string;
  readonly apiKey?: string | undefined;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * A multipart form of an upload body ({ file: Upload, ...fields }), as the upload routes read it; `file` may be an
 * array (a job of files), each sent as a part named file, in order.
 */
function toForm(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (name === "file") {
      for (const file of (Array.isArray(value) ? value : [value]) as Upload[])
        form.append(
          "file",
          new Blob([file.bytes], { type: file.declaredType ?? "application/octet-stream" }),
          file.filename ?? "upload",
        );
    } else if (value !== undefined) form.append(name, String(value));
  }
  return form;
}

export async function callApi<T>(
  opts: RemoteOptions,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  attempt = 0,
  kind: "json" | "multipart" = "json",
  answer: "json" | "jsonl" = "json",
): Promise<Result<T, AppError>> {
  const f = opts.fetch ?? fetch;
  let res: Response;
  const multipart = kind === "multipart" && body !== undefined;
  try {
    res = await f(`${opts.apiUrl.replace(/\/+$/, "")}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body !== undefined && !multipart ? { "content-type": "application/json" } : {}),
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      ...(body !== undefined
        ? { body: multipart ? toForm(body as Record<string, unknown>) : JSON.stringify(body) }
        : {}),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    });
  } catch (e) {
    return err(appError("service_unavailable", `Cannot reach ${opts.apiUrl}: ${(e as Error).message}`));
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    // JSON Lines (a job's results): one value per line, answered as their array.
    if (res.ok && answer === "jsonl")
      return ok(
        text
          .split("\n")
          .filter((l) => l !== "")
          .map((l) => JSON.parse(l) as unknown) as T,
      );
    json = text ? JSON.parse(text) : null;
  } catch {
    return err(appError("internal_error", `The server answered ${res.status} with a body that is not JSON.`));
  }
  if (res.ok || (res.status === 503 && path.endsWith("/status"))) return ok(json as T);
  const e = (
    json as {
      error?: { code?: string; message?: string; details?: Record<string, unknown>; retry_after?: number };
    } | null
  )?.error;
  const code: ErrorCode = ERROR_CODES.includes(e?.code as ErrorCode) ? (e?.code as ErrorCode) : "internal_error";
  // Honour one rate-limit wait of up to a minute, as a careful client would.
  if (code === "rate_limit_exceeded" && attempt < 3 && (e?.retry_after ?? 61) <= 60) {
    await new Promise((r) => setTimeout(r, (e?.retry_after ?? 1) * 1000));
    return callApi(opts, method, path, body, attempt + 1, kind, answer);
  }
  return err(
    appError(code, e?.message ?? `HTTP ${res.status}`, {
      ...(e?.details ? { details: e.details } : {}),
      ...(e?.retry_after !== undefined ? { retryAfter: e.retry_after } : {}),
    }),
  );
}
