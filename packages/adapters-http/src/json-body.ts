// Reads a JSON request body for the API: the content type must be JSON (415 otherwise, before a byte is read),
// the charset UTF-8, the encoding identity, gzip, deflate or br; at most `limit` bytes after decoding (413), and
// valid JSON (400). On a refusal the rest of the body is still read off, so the client that is still sending
// gets the answer rather than a reset connection.
import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { Readable, Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { appError, type AppError } from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

function decoderFor(encoding: string): Transform | null | undefined {
  switch (encoding) {
    case "":
    case "identity":
      return null;
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

function mediaTypeProblem(req: IncomingMessage): AppError | null {
  const header = req.headers["content-type"] ?? "";
  const [type = "", ...params] = header.split(";");
  if (!JSON_TYPE.test(type.trim().toLowerCase())) {
    return appError("unsupported_media_type", "Send the request body as JSON with 'Content-Type: application/json'.", {
      details: { content_type: req.headers["content-type"] ?? null },
    });
  }
  for (const param of params) {
    const [name = "", value = ""] = param.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    const charset = value.trim().replace(/^"|"$/g, "").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") {
      return appError("unsupported_media_type", "Send the JSON body in UTF-8.", { details: { charset } });
    }
  }
  return null;
}

export function bodyTooLarge(limit: number): AppError {
  return appError("payload_too_large", `The body exceeds the limit of ${limit} bytes.`, {
    details: { limit_bytes: limit },
  });
}

/** Reads off whatever is left of the request, then answers with `error`. */
export function refuseAfterDrain(req: IncomingMessage, error: AppError): Promise<Result<never, AppError>> {
  if (req.readableEnded || req.destroyed) return Promise.resolve(err(error));
  return new Promise((resolve) => {
    const done = (): void => resolve(err(error));
    req.once("end", done);
    req.once("close", done);
    req.resume();
  });
}

export function malformedJson(): AppError {
  return appError("validation_error", "The body is not valid JSON.", {
    details: { issues: [{ field: "body", message: "Malformed JSON" }] },
  });
}

function parse(bytes: Buffer): Result<unknown, AppError> {
  // Bytes that are not UTF-8 would be read as replacement characters: refuse them, as the charset rule promises.
  if (!isUtf8(bytes)) {
    return err(appError("unsupported_media_type", "The body is not valid UTF-8; send the JSON body in UTF-8."));
  }
  let text = bytes.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return err(malformedJson());
  }
}

/**
 * The parsed body, or `undefined` when the request has none (no Content-Length and no Transfer-Encoding, or a
 * Content-Length of 0).
 */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<Result<unknown, AppError>> {
  const length = req.headers["content-length"];
  if ((length === undefined && req.headers["transfer-encoding"] === undefined) || length === "0") {
    return Promise.resolve(ok(undefined));
  }
  const problem = mediaTypeProblem(req);
  if (problem) return refuseAfterDrain(req, problem);
  const encoding = (req.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder = decoderFor(encoding);
  if (decoder === undefined) {
    return refuseAfterDrain(
      req,
      appError("unsupported_media_type", `Unsupported Content-Encoding '${encoding}'.`, {
        details: { content_encoding: encoding },
      }),
    );
  }
  // A declared identity length over the limit is refused without reading it into memory.
  if (decoder === null && length !== undefined && Number(length) > limit) {
    return refuseAfterDrain(req, bodyTooLarge(limit));
  }

  return new Promise((resolve) => {
    const source: Readable = decoder ?? req;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: Result<unknown, AppError> | Promise<Result<unknown, AppError>>): void => {
      if (settled) return;
      settled = true;
      source.removeListener("data", onData);
      void Promise.resolve(result).then(resolve);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        if (decoder) {
          req.unpipe(decoder);
          decoder.destroy();
        }
        finish(refuseAfterDrain(req, bodyTooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    };
    source.on("data", onData);
    source.once("end", () => finish(parse(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size))));
    const cutOff = (): void => finish(err(appError("validation_error", "The request body was not received in full.")));
    source.once("error", () => {
      if (!decoder) return cutOff();
      // Bytes that do not decode with the declared encoding.
      req.unpipe(decoder);
      finish(
        refuseAfterDrain(
          req,
          appError("validation_error", `The body is not valid ${encoding} data.`, {
            details: { issues: [{ field: "body", message: `Malformed ${encoding} encoding` }] },
          }),
        ),
      );
    });
    req.once("close", () => {
      if (!req.complete) cutOff();
    });
    if (decoder) {
      req.once("error", cutOff);
      req.pipe(decoder);
    }
  });
}
