// Reads the page's check form and the Web Share Target's posts: multipart/form-data with text fields (the pasted
// content may be a whole email) and at most one file, or a plain url-encoded form. The body is counted as it
// streams and refused past its limit; a file over the API's upload limit is refused the same way the API refuses
// it. Field values are never logged.
import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { appError, MAX_UPLOAD_BYTES, type AppError, type Upload } from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";
import { bodyTooLarge, readRequestBody, refuseAfterDrain } from "../request-body.js";
import { collectBody } from "../multipart-body.js";

export interface PageForm {
  readonly fields: Readonly<Record<string, string>>;
  readonly file?: Upload;
}

/** The text of a pasted email may be 2 MiB (the email channel's limit); the rest are short fields. */
const TEXT_FIELD_BYTES = 2 * 1024 * 1024 + 64 * 1024;
const SHORT_FIELD_BYTES = 8 * 1024;
const LONG_FIELDS = new Set(["text", "r"]);
const MAX_PARTS = 20;
/** The whole body: a file at the upload limit, plus room for the form's other fields. */
export const PAGE_FORM_LIMIT = MAX_UPLOAD_BYTES + TEXT_FIELD_BYTES + 64 * 1024;

const invalid = (message: string): AppError => appError("validation_error", message);

function boundaryOf(contentType: string): string | null {
  const m = /^\s*multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? ((m[1] ?? m[2]) as string) : null;
}

function param(disposition: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i").exec(disposition);
  return m ? (m[1] ?? m[2] ?? "").replace(/\\(.)/g, "$1").trim() : undefined;
}

/** Splits a buffered multipart body into text fields and at most one non-empty file. */
export function parsePageMultipart(body: Buffer, boundary: string): Result<PageForm, AppError> {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos === -1) return err(invalid("The form has no parts."));
  const fields: Record<string, string> = {};
  let file: Upload | undefined;
  for (let parts = 0; ; parts++) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break;
    if (parts >= MAX_PARTS) return err(invalid("The form has too many parts."));
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd === -1 || headerEnd - pos > 8192) return err(invalid("A part of the form has no headers."));
    const end = body.indexOf(next, headerEnd + 4);
    if (end === -1) return err(invalid("The form ends in the middle of a part."));
    let disposition = "";
    let type: string | undefined;
    for (const line of body.subarray(pos, headerEnd).toString("latin1").split("\r\n")) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === "content-disposition") disposition = line.slice(colon + 1).trim();
      else if (name === "content-type") type = line.slice(colon + 1).trim();
    }
    const name = param(disposition, "name");
    const content = body.subarray(headerEnd + 4, end);
    const filename = param(disposition, "filename");
    if (name === undefined) return err(invalid("A part of the form has no name."));
    if (filename !== undefined) {
      // A file input left empty still sends a part with an empty file name and no bytes.
      if (content.length > 0) {
        if (file !== undefined) return err(invalid("Send one file at a time."));
        if (content.length > MAX_UPLOAD_BYTES) return err(bodyTooLarge(MAX_UPLOAD_BYTES));
        file = {
          bytes: new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
          filename: Buffer.from(filename, "latin1").toString("utf8"),
          declaredType: type,
        };
      }
    } else {
      const limit = LONG_FIELDS.has(name) ? TEXT_FIELD_BYTES : SHORT_FIELD_BYTES;
      if (content.length > limit) return err(bodyTooLarge(limit));
      if (!isUtf8(content)) return err(appError("unsupported_media_type", "The form is not in UTF-8."));
      const value = content.toString("utf8");
      if (value.includes("\u0000")) return err(invalid("A field holds a NUL character."));
      fields[name] = value;
    }
    pos = end + 2;
  }
  return ok(file === undefined ? { fields } : { fields, file });
}

/** The page form of a request: multipart (with an optional file) or url-encoded. */
export async function readPageForm(
  req: IncomingMessage,
  res: ServerResponse,
  limit = PAGE_FORM_LIMIT,
): Promise<Result<PageForm, AppError>> {
  const type = req.headers["content-type"] ?? "";
  const boundary = boundaryOf(type);
  if (boundary === null) {
    const read = await readRequestBody(req, {
      limit: TEXT_FIELD_BYTES + 64 * 1024,
      kinds: ["form"],
      maxFields: 20,
      res,
    });
    if (read.isErr()) return err(read.error);
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(read.value?.value ?? {})) {
      if (typeof v === "string") fields[k] = v;
    }
    return ok({ fields });
  }
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > limit) return refuseAfterDrain(req, bodyTooLarge(limit), res);
  if ((req.headers["content-encoding"] ?? "identity").trim().toLowerCase() !== "identity")
    return refuseAfterDrain(req, appError("unsupported_media_type", "Send the form without Content-Encoding."), res);
  return collectBody(
    req,
    res,
    limit,
    (bytes) => parsePageMultipart(bytes, boundary),
    invalid("The form was not received in full."),
  );
}
