// Idempotency-Key on the JSON API's POSTs: the request's digest (method, route and body: an upload's bytes by their
// SHA-256, so a client's new multipart boundary on a retry does not make it another request), the replay of a stored
// answer, and the keeping of a new one. The engine decides (engine.idempotent); this only moves bytes and headers.
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { IdempotentStart, StoredResponse } from "@scamverify/core";
import { writeJsonText } from "./http-common.js";
import { errorFields, type Logger } from "./logger.js";

/** Tells a client the answer is the one stored for its key, not a new one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

const withBytesDigested = (_key: string, value: unknown): unknown =>
  value instanceof Uint8Array ? `sha256:${createHash("sha256").update(value).digest("hex")}` : value;

/** The digest two requests must share to be the same request under one key. */
export function requestDigest(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method.toUpperCase()} ${path}\n`)
    .update(JSON.stringify(body, withBytesDigested) ?? "")
    .digest("hex");
}

/** The headers of an answer worth repeating: its type and the quota counters it showed. */
function keptHeaders(res: ServerResponse): Record<string, string> {
  const out: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  for (const name of res.getHeaderNames()) {
    if (name.startsWith("x-quota-")) out[name] = String(res.getHeader(name));
  }
  return out;
}

/**
 * Answers a keyed request: the stored answer again (with Idempotent-Replayed: true), or the work's answer, kept for
 * the key before it is sent. `work` writes its own error responses and returns nothing for them; the key is then
 * freed, so a retry runs afresh (nothing was charged).
 */
export async function runIdempotent(
  start: IdempotentStart,
  res: ServerResponse,
  metrics: { replayed(): void } | undefined,
  logger: Logger,
  work: () => Promise<{ readonly status: number; readonly text: string } | void>,
): Promise<void> {
  if (start.kind === "replay") {
    const { status, headers, body } = start.response;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader(REPLAYED_HEADER, "true");
    metrics?.replayed();
    return writeJsonText(res, status, body);
  }
  const finish = async (response: StoredResponse | null): Promise<void> => {
    try {
      await start.finish(response);
    } catch (error) {
      // The answer still goes out; a retry of it may run again once the claim's lock runs out.
      logger.log("warn", "idempotency record not saved", errorFields(error));
    }
  };
  let answer: { readonly status: number; readonly text: string } | void;
  try {
    answer = await work();
  } catch (error) {
    await finish(null);
    throw error;
  }
  if (answer === undefined) return finish(null);
  await finish({ status: answer.status, headers: keptHeaders(res), body: answer.text });
  writeJsonText(res, answer.status, answer.text);
}
