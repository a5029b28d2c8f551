// Reads a multipart/form-data upload (RFC 7578) for the upload channels: exactly one part named `file`, any other
// parts small text fields. The body is counted as it streams and refused with 413 as soon as it passes the limit
// (the rest is read off so the client gets the answer); the declared type and name are passed on but never trusted:
// the engine decides the type from the magic bytes.
import type { IncomingMessage, ServerResponse } from "node:http";
import { appError, validationError, type AppError, type Upload } from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";
import { bodyTooLarge, refuseAfterDrain } from "./request-body.js";

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4096;
const MAX_HEADER_BYTES = 8192;

export interface UploadBody {
  readonly file: Upload;
  readonly [field: string]: unknown;
}

function boundaryOf(contentType: string): string | null {
  const [type = "", ...params] = contentType.split(";");
  if (type.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const p of params) {
    const eq = p.indexOf("=");
    if (eq === -1) continue;
    if (p.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    const value = p
      .slice(eq + 1)
      .trim()
      .replace(/^"|"$/g, "");
    // RFC 2046: 1 to 70 characters.
    return value.length >= 1 && value.length <= 70 ? value : null;
  }
  return null;
}

function dispositionParam(disposition: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|;)\\s*${name}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i");
  const m = re.exec(disposition);
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? "").replace(/\\(.)/g, "$1").trim();
}

const invalid = (message: string): AppError => validationError([{ field: "file", message }]);

/** A form's parts: the parts named `file`, in order, up to the most asked for, how many there were, and the text
 * fields beside them. */
export interface FormParts {
  readonly files: Upload[];
  readonly fileCount: number;
  readonly fields: Record<string, string>;
}

/**
 * Splits the buffered body into its parts: the files (parts named file; past `maxFiles` only counted, so a form of
 * many tiny parts costs no more than its bytes) and at most MAX_FIELDS small text fields.
 */
export function parseFormParts(body: Buffer, boundary: string, maxFiles: number): Result<FormParts, AppError> {
  const delimiter = Buffer.from(`--${boundary}`);
  const partEnd = Buffer.concat([Buffer.from("\r\n"), delimiter]);
  let pos = body.indexOf(delimiter);
  if (pos === -1) return err(invalid("The multipart body has no parts."));
  const files: Upload[] = [];
  let fileCount = 0;
  const fields: Record<string, string> = {};
  let fieldCount = 0;
  for (;;) {
    pos += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd === -1 || headerEnd - pos > MAX_HEADER_BYTES) return err(invalid("A multipart part has no headers."));
    const headers = body.subarray(pos, headerEnd).toString("latin1").split("\r\n");
    const next = body.indexOf(partEnd, headerEnd + 4);
    if (next === -1) return err(invalid("The multipart body ends in the middle of a part."));
    const content = body.subarray(headerEnd + 4, next);
    let disposition = "";
    let type: string | undefined;
    for (const h of headers) {
      const colon = h.indexOf(":");
      if (colon === -1) continue;
      const name = h.slice(0, colon).trim().toLowerCase();
      if (name === "content-disposition") disposition = h.slice(colon + 1).trim();
      if (name === "content-type") type = h.slice(colon + 1).trim();
    }
    const name = dispositionParam(disposition, "name");
    if (name === undefined) return err(invalid("A multipart part has no name."));
    if (name === "file") {
      if (++fileCount > maxFiles) {
        pos = next + 2;
        continue;
      }
      const filename = dispositionParam(disposition, "filename");
      files.push({
        bytes: new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
        filename: filename === undefined ? undefined : Buffer.from(filename, "latin1").toString("utf8"),
        declaredType: type,
      });
    } else {
      if (++fieldCount > MAX_FIELDS) return err(invalid(`At most ${MAX_FIELDS} fields beside file.`));
      if (content.length > MAX_FIELD_BYTES)
        return err(validationError([{ field: name, message: `At most ${MAX_FIELD_BYTES} bytes.` }]));
      fields[name] = content.toString("utf8");
    }
    pos = next + 2;
  }
  return ok({ files, fileCount, fields });
}

/** Splits the buffered body into parts and checks the form's shape: exactly one file. */
export function parseMultipart(body: Buffer, boundary: string): Result<UploadBody, AppError> {
  const parts = parseFormParts(body, boundary, 1);
  if (parts.isErr()) return err(parts.error);
  const { files, fileCount, fields } = parts.value;
  if (fileCount > 1) return err(invalid(`Send exactly one part named file; this body has ${fileCount}.`));
  const file = files[0];
  if (file === undefined) return err(invalid("Send the file as a multipart part named file."));
  if (file.bytes.byteLength === 0) return err(invalid("The file is empty."));
  const out: Record<string, unknown> = { file };
  // Text fields carry JSON-like values as strings ("true"); the channel's schema reads them.
  for (const [k, v] of Object.entries(fields)) out[k] = v === "true" ? true : v === "false" ? false : v;
  return ok(out as UploadBody);
}

/** The upload of a multipart request: 415 for another media type, 413 past `limit` bytes, 400 when malformed. */
export function readUpload(
  req: IncomingMessage,
  limit: number,
  res?: ServerResponse,
): Promise<Result<UploadBody, AppError>> {
  return readForm(req, limit, res, parseMultipart);
}

/** A multipart request's body through `parse`, with readUpload's refusals. */
export function readForm<T>(
  req: IncomingMessage,
  limit: number,
  res: ServerResponse | undefined,
  parse: (body: Buffer, boundary: string) => Result<T, AppError>,
): Promise<Result<T, AppError>> {
  const type = req.headers["content-type"] ?? "";
  const boundary = boundaryOf(type);
  if (boundary === null) {
    // multipart/form-data without its boundary parameter is a malformed form, not another media type.
    const multipart = /^\s*multipart\/form-data\s*(?:;|$)/i.test(type);
    return refuseAfterDrain(
      req,
      multipart
        ? appError(
            "validation_error",
            "The multipart/form-data Content-Type has no boundary parameter; let your HTTP client set it (curl -F file=@image.png).",
            { details: { issues: [{ field: "content-type", message: "missing boundary" }] } },
          )
        : appError(
            "unsupported_media_type",
            "Send the file as multipart/form-data with one part named file (curl -F file=@image.png).",
            { details: { content_type: type || null } },
          ),
      res,
    );
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  if (encoding !== "identity") {
    return refuseAfterDrain(
      req,
      appError(
        "unsupported_media_type",
        "Uploads are sent without Content-Encoding (images and PDFs are compressed already).",
      ),
      res,
    );
  }
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > limit) return refuseAfterDrain(req, bodyTooLarge(limit), res);
  return collectBody(
    req,
    res,
    limit,
    (bytes) => parse(bytes, boundary),
    appError("validation_error", "The request body was not received in full."),
  );
}

/**
 * Collects a request body of at most `limit` bytes and parses it; over the limit the rest is drained and the request
 * refused with 413, and a body cut short answers `incomplete`.
 */
export function collectBody<T>(
  req: IncomingMessage,
  res: ServerResponse | undefined,
  limit: number,
  parse: (bytes: Buffer) => Result<T, AppError> | Promise<Result<T, AppError>>,
  incomplete: AppError,
): Promise<Result<T, AppError>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (r: Result<T, AppError> | Promise<Result<T, AppError>>): void => {
      if (settled) return;
      settled = true;
      req.removeListener("data", onData);
      void Promise.resolve(r).then(resolve);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish(refuseAfterDrain(req, bodyTooLarge(limit), res));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => finish(parse(Buffer.concat(chunks, size))));
    req.once("close", () => {
      if (!req.complete) finish(err(incomplete));
    });
  });
}
