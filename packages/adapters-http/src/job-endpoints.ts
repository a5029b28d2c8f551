// The job routes of the endpoint table: submit, status, results (JSON Lines) and cancel. Submit takes a JSON body,
// a JSON Lines or CSV file (read here, parsed by the core), or a multipart form of files for the upload channels. The status, results and cancel routes take the job id from
// the path; another account's job, or one past its retention, is not found.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  JobResultLineSchema,
  JobSchema,
  JobSubmitRequestSchema,
  JobSubmittedSchema,
  MAX_JOB_FILE_BYTES,
  MAX_JOB_FILES,
  MAX_JOB_ITEMS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TOLERANCE_SECONDS,
  tooManyJobFiles,
  type AppError,
  type ErrorCode,
  type JobFiles,
  type JobUpload,
} from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";
import type { EngineEndpoint } from "./endpoints.js";
import { parseFormParts, readForm } from "./multipart-body.js";
import { JSONL_TYPES, readRequestBody } from "./request-body.js";

/** Largest job body: 100,000 URL items fit with room to spare; larger jobs are split by the client. */
export const MAX_JOB_BODY_BYTES = 32 * 1024 * 1024;

/** A job sent as a file (JSON Lines or CSV), its channel and webhook in the query string. */
class ItemsUpload {
  constructor(readonly upload: JobUpload) {}

  /** What an Idempotency-Key's digest covers: the file and the query's fields. */
  toJSON(): JobUpload {
    return this.upload;
  }
}

/** Largest multipart body of a job of files: the files' own limit, and room for the parts' headers and fields. */
export const MAX_JOB_FORM_BYTES = MAX_JOB_FILE_BYTES + 1024 * 1024;

/** A job sent as files (document, qr), its channel and webhook as form fields. */
class FilesUpload {
  constructor(readonly upload: JobFiles) {}

  /** What an Idempotency-Key's digest covers: the fields, and each file (its bytes by their digest). */
  toJSON(): JobFiles {
    return this.upload;
  }
}

/** The form of a job of files: the parts named file, and channel, webhook_url and force_refresh fields. */
function jobFiles(body: Buffer, boundary: string): Result<FilesUpload, AppError> {
  const parts = parseFormParts(body, boundary, MAX_JOB_FILES);
  if (parts.isOk() && parts.value.fileCount > MAX_JOB_FILES) return err(tooManyJobFiles(parts.value.fileCount));
  return parts.map(({ files, fields }) => {
    const { channel, webhook_url: webhook, force_refresh: force } = fields;
    return new FilesUpload({
      files,
      ...(channel !== undefined ? { channel } : {}),
      ...(webhook !== undefined ? { webhook_url: webhook } : {}),
      ...(force === "true" ? { force_refresh: true } : {}),
    });
  });
}

/**
 * The body of POST /jobs by its Content-Type: JSON ({channel, items, webhook_url}), or a JSON Lines or CSV file with
 * `channel` and `webhook_url` as query parameters. Encodings, limits and 415 as for any JSON body.
 */
async function readJobBody(
  req: IncomingMessage,
  limit: number,
  res: ServerResponse,
): Promise<Result<unknown, AppError>> {
  if (/^\s*multipart\/form-data\s*(?:;|$)/i.test(req.headers["content-type"] ?? ""))
    return readForm(req, Math.max(limit, MAX_JOB_FORM_BYTES), res, jobFiles);
  const read = await readRequestBody(req, { limit, kinds: ["json", "jsonl", "csv"], res });
  if (read.isErr() || read.value === undefined || read.value.kind === "json") return read.map((b) => b?.value);
  const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
  const channel = query.get("channel");
  const webhook = query.get("webhook_url");
  return ok(
    new ItemsUpload({
      format: read.value.kind === "csv" ? "csv" : "jsonl",
      text: read.value.value as string,
      ...(channel !== null ? { channel } : {}),
      ...(webhook !== null ? { webhook_url: webhook } : {}),
    }),
  );
}

const fileSchema = (description: string): Record<string, unknown> => ({ schema: { type: "string", description } });

/** The upload media types of POST /jobs and their query parameters, for the OpenAPI document. */
const UPLOAD_OPENAPI = {
  content: {
    ...Object.fromEntries(
      JSONL_TYPES.slice(0, 2).map((t) => [
        t,
        fileSchema(
          'JSON Lines: one request body of the channel per line (e.g. {"url": "https://example.com/"}); blank lines are skipped. channel and webhook_url go in the query string.',
        ),
      ]),
    ),
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["channel", "file"],
        properties: {
          channel: { type: "string", enum: ["document", "qr"], description: "The channel every file is checked by" },
          file: {
            type: "array",
            items: { type: "string", contentMediaType: "application/octet-stream" },
            minItems: 1,
            maxItems: MAX_JOB_FILES,
            description: `One part named file per file, each one item (answered with its index among the files, from 0). At most ${MAX_JOB_FILES} files and ${MAX_JOB_FILE_BYTES / (1024 * 1024)} MiB in all; each file as the channel's single endpoint takes it (10 MiB, its magic bytes deciding its type).`,
          },
          webhook_url: { type: "string", description: "As webhook_url of the JSON body" },
          force_refresh: { type: "boolean", description: "Bypass the cache for every file" },
        },
      },
      encoding: { file: { contentType: "application/pdf, image/*, application/octet-stream" } },
    },
    "text/csv": fileSchema(
      "CSV (RFC 4180): a header row naming the request's fields (url, phone_number, text, ...), then one item per record; empty cells are left out, true and false are booleans. channel and webhook_url go in the query string.",
    ),
  },
  parameters: [
    {
      name: "channel",
      in: "query",
      required: false,
      schema: { type: "string" },
      description: "With a JSON Lines or CSV body (required then): the channel every item is checked by",
    },
    {
      name: "webhook_url",
      in: "query",
      required: false,
      schema: { type: "string" },
      description: "With a JSON Lines or CSV body: as webhook_url of the JSON body",
    },
  ],
};

export function jobEndpoints(v1: string, bodyErrors: readonly ErrorCode[]): EngineEndpoint[] {
  const common = { kind: "engine", scope: null, quota: null, channel: null } as const;
  const id = (params: Readonly<Record<string, string>>): string => params["id"] ?? "";
  return [
    {
      ...common,
      method: "post",
      path: `${v1}/jobs`,
      summary: "Submit an asynchronous job (up to 100,000 items of one channel)",
      description:
        `Items are request bodies of the channel's single-item endpoint (url, phone, text or email); up to ${MAX_JOB_ITEMS.toLocaleString("en-US")} ` +
        "items and 32 MiB. Every item is validated at submission: one invalid item refuses the job (validation_error, field items[<index>].<field>), nothing is stored or charged. " +
        "The items may also come as a file: JSON Lines (Content-Type application/x-ndjson or application/jsonl, one request body per line) or CSV (text/csv, RFC 4180, a header row naming the request's fields), with channel and webhook_url as query parameters; " +
        "a bad line refuses the job with validation_error naming it (field line.<n> or line.<n>.<field>, lines counted from 1 including the CSV header). " +
        `The document and qr channels take files instead: multipart/form-data with a channel field, an optional webhook_url (and force_refresh=true), and one part named file per file, at most ${MAX_JOB_FILES} files and ${MAX_JOB_FILE_BYTES / (1024 * 1024)} MiB in all; ` +
        "each file is checked as the channel's single endpoint checks it (10 MiB, type from its magic bytes), and the first refused file refuses the job with its own status (400, 413, 415) naming it file[<index>]. " +
        "The files are kept in the database until their item is answered (or the job is cancelled or fails), then deleted. " +
        "Needs the channel's scope; counts as a batch request for the rate limit (5 per minute). Each non-cached item that gets a result costs 1 unit of the channel's quota, cached items nothing; " +
        "once the quota runs out, the items not yet started end with quota_exhausted. webhook_secret is shown only in this answer. " +
        `When the job completes or fails, webhook_url gets a POST of {type: "job.finished", job} signed with Scamverify-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">; ` +
        `receivers should refuse a t more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from their clock. Failed deliveries (network, 408, 429, 5xx) are retried with backoff (10 s, 30 s, 90 s, ... up to 2 h), ${WEBHOOK_MAX_ATTEMPTS} tries in all; delivery is at least once (deduplicate by job id).`,
      request: JobSubmitRequestSchema,
      response: JobSubmittedSchema,
      status: 202,
      body: "json",
      maxBodyBytes: MAX_JOB_BODY_BYTES,
      errors: bodyErrors,
      verb: "submitJob",
      read: readJobBody,
      openapi: UPLOAD_OPENAPI,
      call: (engine, p, body) =>
        body instanceof ItemsUpload
          ? engine.jobs.submitUpload(p, body.upload)
          : body instanceof FilesUpload
            ? engine.jobs.submitFiles(p, body.upload)
            : engine.jobs.submit(p, body),
    },
    {
      ...common,
      method: "get",
      path: `${v1}/jobs/{id}`,
      summary: "A job's status and progress",
      description:
        "Needs the job channel's scope. Another account's job, an unknown id, or a job past its expires_at (finished jobs and their results are kept 7 days by default, then deleted) is 404 not_found.",
      request: null,
      response: JobSchema,
      status: 200,
      body: "none",
      errors: ["not_found"],
      verb: "getJob",
      call: (engine, p, _body, params) => engine.jobs.get(p, id(params)),
    },
    {
      ...common,
      method: "get",
      path: `${v1}/jobs/{id}/results`,
      summary: "A job's answers as JSON Lines",
      description:
        "application/jsonl, one line per answered item in index order: {index, result} or {index, error}. While the job runs, the items answered so far; a cancelled job keeps the answers it had.",
      request: null,
      response: JobResultLineSchema,
      status: 200,
      body: "none",
      answer: "jsonl",
      errors: ["not_found"],
      verb: "jobResults",
      call: (engine, p, _body, params) => engine.jobs.results(p, id(params)),
    },
    {
      ...common,
      method: "post",
      path: `${v1}/jobs/{id}/cancel`,
      summary: "Cancel a queued or running job",
      description:
        "Items not answered yet are never started (a task already running finishes the items it holds, at most 25); answers already written are kept and charged. Cancelling a cancelled job answers it again; a completed or failed job is 409 conflict. No webhook is sent for a cancelled job.",
      request: null,
      response: JobSchema,
      status: 200,
      body: "none",
      errors: ["not_found", "conflict"],
      verb: "cancelJob",
      call: (engine, p, _body, params) => engine.jobs.cancel(p, id(params)),
    },
  ];
}
