// The one request-body reader of the server: the JSON API, the OAuth and dashboard forms (through `bodyParser`) and
// the MCP endpoint all read their bodies here. The content type must be one the route takes (415 otherwise, before a
// byte is read), the charset UTF-8, the encoding identity, gzip, deflate or br; at most `limit` bytes after decoding
// (413); bytes that are not UTF-8 are refused rather than read as replacement characters (415), and a NUL in a form
// field is refused before any store sees it (PostgreSQL text cannot hold one). On a refusal the rest of the body is
// still read off, so the client that is still sending gets the answer rather than a reset connection; past
// DRAIN_LIMIT the connection is closed after the answer instead.
import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable, Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { appError, BoundedMap, type AppError } from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";

/** The body kinds a route can take. JSON Lines and CSV are read as text, for the route to parse. */
export type BodyKind = "json" | "form" | "jsonl" | "csv";

/** Form fields as `application/x-www-form-urlencoded` sends them; a repeated name keeps every value. */
export type FormFields = Record<string, string | string[]>;

export type RequestBody =
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "form"; readonly value: FormFields }
  | { readonly kind: "jsonl" | "csv"; readonly value: string };

export interface ReadBodyOptions {
  /** Largest body after decoding, in bytes. */
  readonly limit: number;
  /** What the route takes; the first is named in the 415 message. Default: JSON only. */
  readonly kinds?: readonly BodyKind[];
  /** Most form fields; more is a validation_error. Default 100. */
  readonly maxFields?: number;
  /** The response, so a refused body too large to drain closes the connection after the answer. */
  readonly res?: ServerResponse;
  /**
   * A small JSON object of plain values comes back frozen, and the same object for the same bytes while it is among
   * the last SHARED_BODIES such bodies (see sharedJson). Only for callers that never change a body.
   */
  readonly share?: boolean;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const FORM_TYPE = "application/x-www-form-urlencoded";
/** JSON Lines under the names clients send it with. */
export const JSONL_TYPES: readonly string[] = [
  "application/x-ndjson",
  "application/jsonl",
  "application/x-jsonlines",
  "application/jsonlines",
];
const CSV_TYPE = "text/csv";
/** How much of a refused body is read off (and dropped) to keep the connection usable; past it, it is closed. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** The Content-Encodings a body is read in: identity (none) and the ones decoderFor decodes. */
const IDENTITY: ReadonlySet<string> = new Set(["", "identity"]);
const DECODED: ReadonlySet<string> = new Set([...IDENTITY, "gzip", "x-gzip", "deflate", "br"]);

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

/** The kind of body the Content-Type header announces, or null for a type none of the kinds has. */
export function bodyKindOf(req: IncomingMessage, kinds: readonly BodyKind[] = ["json"]): BodyKind | null {
  const header = req.headers["content-type"] ?? "";
  // What nearly every client sends, read without splitting.
  if (header === "application/json") return kinds.includes("json") ? "json" : null;
  const type = header.split(";")[0]?.trim().toLowerCase() ?? "";
  if (kinds.includes("json") && JSON_TYPE.test(type)) return "json";
  if (kinds.includes("form") && type === FORM_TYPE) return "form";
  if (kinds.includes("jsonl") && JSONL_TYPES.includes(type)) return "jsonl";
  if (kinds.includes("csv") && type === CSV_TYPE) return "csv";
  return null;
}

function charsetProblem(req: IncomingMessage): AppError | null {
  const header = req.headers["content-type"] ?? "";
  if (!header.includes(";")) return null;
  const [, ...params] = header.split(";");
  for (const param of params) {
    const [name = "", value = ""] = param.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    const charset = value.trim().replace(/^"|"$/g, "").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") {
      return appError("unsupported_media_type", "Send the body in UTF-8.", { details: { charset } });
    }
  }
  return null;
}

function wrongType(req: IncomingMessage, kinds: readonly BodyKind[]): AppError {
  const message =
    kinds[0] === "form"
      ? `Send the request body as a form with 'Content-Type: ${FORM_TYPE}'.`
      : kinds.includes("csv")
        ? "Send the request body as JSON ('Content-Type: application/json'), JSON Lines ('application/x-ndjson') or CSV ('text/csv'); files of the document and qr channels as multipart/form-data."
        : "Send the request body as JSON with 'Content-Type: application/json'.";
  return appError("unsupported_media_type", message, {
    details: { content_type: req.headers["content-type"] ?? null },
  });
}

export function bodyTooLarge(limit: number): AppError {
  return appError("payload_too_large", `The body exceeds the limit of ${limit} bytes.`, {
    details: { limit_bytes: limit },
  });
}

/**
 * Reads off whatever is left of the request, then answers with `error`. Past DRAIN_LIMIT it stops reading and, when
 * it has the response, marks the connection to close after the answer.
 */
export function refuseAfterDrain(
  req: IncomingMessage,
  error: AppError,
  res?: ServerResponse,
): Promise<Result<never, AppError>> {
  if (req.readableEnded || req.destroyed) return Promise.resolve(err(error));
  return new Promise((resolve) => {
    let drained = 0;
    const done = (): void => {
      req.removeListener("data", onData);
      resolve(err(error));
    };
    const onData = (chunk: Buffer): void => {
      drained += chunk.length;
      if (drained <= DRAIN_LIMIT) return;
      req.pause();
      if (res) res.shouldKeepAlive = false;
      done();
    };
    req.on("data", onData);
    req.once("end", done);
    req.once("close", done);
    req.resume();
  });
}

/**
 * The refusal of a body that is not JSON, saying where the parser stopped (line and column, read from its error)
 * but never quoting the body: the parser's own message can hold a piece of it.
 */
export function malformedJson(text = "", parserMessage = ""): AppError {
  const at = /at position (\d+)/.exec(parserMessage);
  let where = "";
  if (at !== null) {
    const before = text.slice(0, Number(at[1]));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    where = ` (the problem is at line ${line}, column ${column})`;
  } else if (/end of JSON input/i.test(parserMessage)) {
    where = " (it ends before the JSON is complete)";
  }
  const message = `body is not valid JSON${where}: send one JSON object, with field names in double quotes and no comma after the last value.`;
  return appError("validation_error", message, { details: { issues: [{ field: "body", message }] } });
}

const notReceived = (): AppError => appError("validation_error", "The request body was not received in full.");

const notUtf8 = (): AppError =>
  appError("unsupported_media_type", "The body is not valid UTF-8; send the body in UTF-8.");

function parseJson(text: string): Result<unknown, AppError> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (e) {
    return err(malformedJson(text, e instanceof Error ? e.message : ""));
  }
}

/** Largest body text (characters) given out shared, and how many are kept. */
const SHARED_MAX_CHARS = 4096;
const SHARED_BODIES = 256;
const sharedBodies = new BoundedMap<string, object>(SHARED_BODIES);

/** Whether a parsed body is an object whose values are all strings, numbers, booleans or null: frozen, it cannot change. */
function isFlatObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === "object" && v !== null) return false;
  }
  return true;
}

/**
 * JSON.parse of a body, the same frozen object for the same text when it is a small flat object: a client asking the
 * same question again (the cached lookup) sends the same bytes, and the engine validates a frozen body once.
 */
function sharedJson(text: string): Result<unknown, AppError> {
  if (text.length > SHARED_MAX_CHARS) return parseJson(text);
  const known = sharedBodies.get(text);
  if (known !== undefined) return ok(known);
  const parsed = parseJson(text);
  if (parsed.isOk() && isFlatObject(parsed.value)) {
    sharedBodies.set(text, Object.freeze(parsed.value));
  }
  return parsed;
}

function parseForm(text: string, maxFields: number): Result<FormFields, AppError> {
  const fields: FormFields = Object.create(null) as FormFields;
  const pairs = text === "" ? [] : text.split("&");
  if (pairs.length > maxFields) {
    return err(
      appError("validation_error", `The form has more than ${maxFields} fields.`, {
        details: { issues: [{ field: "body", message: "Too many fields" }] },
      }),
    );
  }
  for (const pair of pairs) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    let name: string;
    let value: string;
    try {
      const plus = (s: string): string => decodeURIComponent(s.replace(/\+/g, " "));
      name = plus(at < 0 ? pair : pair.slice(0, at));
      value = at < 0 ? "" : plus(pair.slice(at + 1));
    } catch {
      // A percent-escape that is not UTF-8 (%FF), or not an escape at all.
      return err(notUtf8());
    }
    if (name.includes("\u0000") || value.includes("\u0000")) {
      return err(
        appError("validation_error", "A form field holds a NUL character.", {
          details: { issues: [{ field: name.split("\u0000").join(""), message: "NUL character" }] },
        }),
      );
    }
    const prev = fields[name];
    fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return ok(fields);
}

function parse(bytes: Buffer, kind: BodyKind, maxFields: number, share: boolean): Result<RequestBody, AppError> {
  if (!isUtf8(bytes)) return err(notUtf8());
  let text = bytes.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (kind === "form") return parseForm(text, maxFields).map((value) => ({ kind, value }));
  if (kind === "jsonl" || kind === "csv") return ok({ kind, value: text });
  return (share ? sharedJson(text) : parseJson(text)).map((value) => ({ kind, value }));
}

/** How readRequestBody reads a request's body: its kind, and the Content-Encoding it is decoded from. */
interface BodyPlan {
  readonly kind: BodyKind;
  readonly encoding: string;
}

/**
 * What the headers say of the body: none (ok undefined: no Content-Length and no Transfer-Encoding, or a
 * Content-Length of 0), a refusal before a byte is read (type, charset, encoding, a declared length over the limit),
 * or how to read it.
 */
function planBody(
  req: IncomingMessage,
  limit: number,
  kinds: readonly BodyKind[],
): Result<BodyPlan | undefined, AppError> {
  const length = req.headers["content-length"];
  if ((length === undefined && req.headers["transfer-encoding"] === undefined) || length === "0") return ok(undefined);
  const kind = bodyKindOf(req, kinds);
  if (kind === null) return err(wrongType(req, kinds));
  const charset = charsetProblem(req);
  if (charset) return err(charset);
  const declared = req.headers["content-encoding"];
  const encoding = declared === undefined ? "" : declared.trim().toLowerCase();
  if (!DECODED.has(encoding)) {
    return err(
      appError("unsupported_media_type", `Unsupported Content-Encoding '${encoding}'.`, {
        details: { content_encoding: encoding },
      }),
    );
  }
  // A declared identity length over the limit is refused without reading it into memory.
  if (IDENTITY.has(encoding) && length !== undefined && Number(length) > limit) return err(bodyTooLarge(limit));
  return ok({ kind, encoding });
}

/**
 * The body of a request that has arrived whole and is still unread, taken from the request's buffer at once: no
 * stream events, no promise. Whole: the parser has finished the request, or holds as many bytes as its
 * Content-Length declares (the parser never passes more). Undefined when the body must be read as a stream (not yet
 * whole, already being read, or encoded) and when the headers refuse it: readRequestBody does both, with the same
 * checks.
 */
export function takeArrivedBody(
  req: IncomingMessage,
  options: ReadBodyOptions,
): Result<RequestBody | undefined, AppError> | undefined {
  if (req.readableFlowing === true || req.readableEnded || req.readableDidRead) return undefined;
  const plan = planBody(req, options.limit, options.kinds ?? ["json"]);
  if (plan.isErr()) return undefined;
  if (plan.value === undefined) return ok(undefined);
  if (!IDENTITY.has(plan.value.encoding) || req.readableLength > options.limit) return undefined;
  if (!req.complete && String(req.readableLength) !== req.headers["content-length"]) return undefined;
  const bytes = (req.read() as Buffer | null) ?? Buffer.alloc(0);
  return parse(bytes, plan.value.kind, options.maxFields ?? 100, options.share === true);
}

/**
 * The body, decoded and parsed by the kind its Content-Type names, or `undefined` when the request has none (no
 * Content-Length and no Transfer-Encoding, or a Content-Length of 0).
 */
export function readRequestBody(
  req: IncomingMessage,
  options: ReadBodyOptions,
): Promise<Result<RequestBody | undefined, AppError>> {
  const { limit, res } = options;
  const plan = planBody(req, limit, options.kinds ?? ["json"]);
  if (plan.isErr()) return refuseAfterDrain(req, plan.error, res);
  if (plan.value === undefined) return Promise.resolve(ok(undefined));
  const { kind, encoding } = plan.value;
  const decoder = decoderFor(encoding) ?? null;

  return new Promise((resolve) => {
    const source: Readable = decoder ?? req;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (
      result: Result<RequestBody | undefined, AppError> | Promise<Result<RequestBody | undefined, AppError>>,
    ): void => {
      if (settled) return;
      settled = true;
      source.removeListener("data", onData);
      if (result instanceof Promise) void result.then(resolve);
      else resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        if (decoder) {
          req.unpipe(decoder);
          decoder.destroy();
        }
        finish(refuseAfterDrain(req, bodyTooLarge(limit), res));
        return;
      }
      chunks.push(chunk);
    };
    source.on("data", onData);
    // A request paused by a 'readable' listener (readArrivedJsonBody's) is not resumed by a 'data' listener alone.
    if (!decoder && req.readableFlowing === false) req.resume();
    source.once("end", () =>
      finish(
        parse(
          chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size),
          kind,
          options.maxFields ?? 100,
          options.share === true,
        ),
      ),
    );
    const cutOff = (): void => finish(err(notReceived()));
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
          res,
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

/** The parsed JSON body (`undefined` when there is none): the JSON API's and the MCP endpoint's reader. */
export async function readJsonBody(
  req: IncomingMessage,
  limit: number,
  res?: ServerResponse,
): Promise<Result<unknown, AppError>> {
  return (await readRequestBody(req, { limit, ...(res ? { res } : {}) })).map((body) => body?.value);
}

/** readJsonBody for callers that never change the body: a small flat object comes back frozen and shared (`share`). */
export async function readSharedJsonBody(
  req: IncomingMessage,
  limit: number,
  res?: ServerResponse,
): Promise<Result<unknown, AppError>> {
  return (await readRequestBody(req, { limit, share: true, ...(res ? { res } : {}) })).map((body) => body?.value);
}

/** readSharedJsonBody's answer at once when the body has arrived whole (takeArrivedBody); undefined otherwise. */
function takeSharedJsonBody(req: IncomingMessage, limit: number): Result<unknown, AppError> | undefined {
  return takeArrivedBody(req, { limit, share: true })?.map((body) => body?.value);
}

/**
 * The body nearly every API call sends, taken whole in one read: JSON of a declared length, sent as it is (no
 * Content-Encoding), that its headers accept. The request's handler starts once the headers are parsed, before the
 * body is; one 'readable' listener waits for the body, and once the request is complete its bytes are taken at once
 * (takeArrivedBody), without the stream's data and end events and without a promise. `then` is called once: with the
 * parsed body (or its refusal), with a notReceived refusal when the request closes first, or with undefined when the
 * body must be read as a stream (readSharedJsonBody): not whole when its first bytes are readable, or another kind.
 */
export function whenJsonBodyArrived(
  req: IncomingMessage,
  limit: number,
  then: (body: Result<unknown, AppError> | undefined) => void,
): void {
  const taken = takeSharedJsonBody(req, limit);
  if (taken !== undefined) return then(taken);
  const length = req.headers["content-length"];
  const plan = length === undefined ? undefined : planBody(req, limit, ["json"]);
  if (plan === undefined || plan.isErr() || plan.value === undefined || !IDENTITY.has(plan.value.encoding)) {
    return then(undefined);
  }
  if (req.readableFlowing === true || req.readableDidRead || req.destroyed) return then(undefined);
  const onReadable = (): void => {
    req.removeListener("close", onClose);
    then(takeSharedJsonBody(req, limit));
  };
  const onClose = (): void => {
    req.removeListener("readable", onReadable);
    then(err(notReceived()));
  };
  req.once("readable", onReadable);
  req.once("close", onClose);
}

/** readSharedJsonBody, taking the body in one read when it arrives whole (whenJsonBodyArrived). */
export function readArrivedJsonBody(
  req: IncomingMessage,
  limit: number,
  res?: ServerResponse,
): Promise<Result<unknown, AppError>> {
  return new Promise((resolve) =>
    whenJsonBodyArrived(req, limit, (body) => resolve(body ?? readSharedJsonBody(req, limit, res))),
  );
}
