import { z } from "zod";
import { ErrorCodeSchema } from "./error.js";

/** Most items one job may hold. */
export const MAX_JOB_ITEMS = 100_000;
/** Items one queue task carries: the unit a worker takes, retries and resumes. */
export const JOB_TASK_ITEMS = 25;
/**
 * Files one upload job (document, qr) may hold, and their bytes in all. The request is read into the API process's
 * memory and stored in one transaction as one row per file: 64 MiB bounds both (a PostgreSQL with the default
 * max_wal_size of 1 GB checkpoints after some 16 such jobs, not after each), and 100 files of a few hundred KiB (a
 * photo or a letter) fit. Each file keeps the single endpoint's own limit (MAX_UPLOAD_BYTES, 10 MiB).
 */
export const MAX_JOB_FILES = 100;
export const MAX_JOB_FILE_BYTES = 64 * 1024 * 1024;
/**
 * Items one queue task of an upload job carries: one. A document may take some 30 s (its read budget, then the
 * analysis), so one per task stays inside the queue's task expiry and holds one file in a worker's memory at a time.
 */
export const JOB_FILE_TASK_ITEMS = 1;
/** Lookups a worker runs at once within one task (the batch endpoint's concurrency). */
export const JOB_ITEM_CONCURRENCY = 10;
/** A webhook is tried this many times (the first delivery and its retries), then given up. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Seconds a receiver should accept a signature's timestamp either side of its own clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** How long a finished job and its results are kept by default (7 days), then deleted. */
export const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JobSubmitRequestSchema = z
  .strictObject({
    channel: z
      .string()
      .min(1)
      .describe("The channel every item is checked by: url, phone, text or email (channels with a JSON body)"),
    items: z
      .array(z.unknown())
      .min(1)
      .max(MAX_JOB_ITEMS)
      .describe(
        "Request bodies of the channel's single-item endpoint (e.g. {url} for url). Every item is validated when the job is submitted; one invalid item refuses the whole job with validation_error naming items.<index>.<field>",
      ),
    webhook_url: z
      .string()
      .max(MAX_WEBHOOK_URL_LENGTH)
      .optional()
      .describe(
        "https URL (port 443; http on port 80 is accepted) that gets a signed POST when the job finishes. Public addresses only",
      ),
  })
  .meta({ id: "JobSubmitRequest" });
export type JobSubmitRequest = z.infer<typeof JobSubmitRequestSchema>;

export const JobSchema = z
  .object({
    id: z.string(),
    channel: z.string(),
    status: z.enum(JOB_STATUSES),
    total: z.number().int().describe("Items in the job"),
    completed: z.number().int().describe("Items answered with a result"),
    failed: z.number().int().describe("Items answered with an error"),
    created_at: z.string().describe("ISO 8601 UTC"),
    started_at: z.string().optional().describe("When a worker first took the job"),
    finished_at: z.string().optional().describe("When the job completed, failed or was cancelled"),
    expires_at: z
      .string()
      .optional()
      .describe(
        "Once finished: when the job and its results are deleted (finished_at + the server's retention, 7 days by default); after it the job is 404 not_found",
      ),
  })
  .meta({ id: "Job", description: "A job's progress: completed + failed counts the items answered so far" });
export type JobView = z.infer<typeof JobSchema>;

export const JobSubmittedSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    webhook_secret: z
      .string()
      .optional()
      .describe(
        "Only when webhook_url was given, and only in this answer: the key of the webhook's Scamverify-Signature",
      ),
  })
  .meta({ id: "JobSubmitted" });
export type JobSubmitted = z.infer<typeof JobSubmittedSchema>;

export const JobItemErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type JobItemError = z.infer<typeof JobItemErrorSchema>;

export const JobResultLineSchema = z
  .union([
    z.object({ index: z.number().int(), result: z.record(z.string(), z.unknown()) }),
    z.object({ index: z.number().int(), error: JobItemErrorSchema }),
  ])
  .meta({
    id: "JobResultLine",
    description: "One line of the results (JSON Lines, in index order): the item's result, or its error",
  });
export type JobResultLine = z.infer<typeof JobResultLineSchema>;

export const JobWebhookSchema = z
  .object({
    type: z.literal("job.finished"),
    job: JobSchema,
  })
  .meta({
    id: "JobWebhook",
    description:
      "The body POSTed to webhook_url when a job completes or fails. Header Scamverify-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<body>' keyed by webhook_secret>",
  });
export type JobWebhook = z.infer<typeof JobWebhookSchema>;
