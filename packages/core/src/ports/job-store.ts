import type { JobItemError, JobStatus } from "../schemas/jobs.js";
import type { HeldUnit, QuotaKey } from "./quota-ledger.js";

/** A job as it is stored. The webhook secret is kept only until the webhook is delivered or given up. */
export interface JobRecord {
  readonly id: string;
  readonly accountId: string;
  readonly channel: string;
  readonly mode: "live" | "test";
  readonly status: JobStatus;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly webhookUrl: string | null;
  readonly webhookSecret: string | null;
  /** pending from submission until the job finishes and the webhook is delivered or given up; none without one. */
  readonly webhookState: "none" | "pending" | "delivered" | "failed";
  readonly webhookAttempts: number;
  /** Set once an item of the job was refused for quota: items not yet started fail the same way. */
  readonly quotaExhausted: boolean;
  /** Whether the job's item tasks reached the queue (a job whose submitter died before that is sent again). */
  readonly enqueued: boolean;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
}

export type NewJob = Omit<
  JobRecord,
  | "status"
  | "completed"
  | "failed"
  | "webhookState"
  | "webhookAttempts"
  | "quotaExhausted"
  | "enqueued"
  | "startedAt"
  | "finishedAt"
>;

export interface JobItem {
  readonly index: number;
  readonly body: unknown;
}

/**
 * What an item ended with. `charge`: the unit it costs, taken in the same transaction as the answer is written.
 * `holds`: units its parts took and still hold (a QR code's links), kept in that transaction when this answer is
 * written and given back in it when it is not (the item was answered already, or its own unit could not be taken).
 */
export type ItemOutcome =
  | {
      readonly result: object;
      readonly charge: { readonly key: QuotaKey; readonly ceiling: number } | null;
      readonly holds?: readonly HeldUnit[];
    }
  | { readonly error: JobItemError };

/**
 * written: this call answered the item (and took its unit: `used` is the counter after it; its holds are kept);
 * already: the item was answered before (nothing changed, nothing charged, its holds given back); exhausted: the unit
 * could not be taken (the counter is at the ceiling), so nothing was written, its holds were given back, and the job
 * is marked quota-exhausted.
 */
export type CommitResult =
  | { readonly kind: "written"; readonly used?: number }
  | { readonly kind: "already" }
  | { readonly kind: "exhausted"; readonly used: number };

export interface StoredItemAnswer {
  readonly index: number;
  readonly result?: unknown;
  readonly error?: JobItemError;
}

/** Jobs, their items and answers. Every write that decides what a job or item is is atomic in the store. */
export interface JobStore {
  /**
   * Stores the job (queued) and its items in one transaction. `files` (upload jobs: document, qr) holds item i's
   * uploaded bytes at index i, stored in the same transaction and readable by every worker through `file`.
   */
  create(job: NewJob, items: readonly unknown[], files?: readonly Uint8Array[]): Promise<void>;
  /** The job of that account; null when there is none (another account's job is none too). */
  get(accountId: string, id: string): Promise<JobRecord | null>;
  /** The job by id alone (workers); null when it is gone. */
  find(id: string): Promise<JobRecord | null>;
  /**
   * The uploaded bytes of an item; null when it has none, or none any more: a file is deleted when its item is
   * answered (in commit's transaction), when its job is cancelled or fails, and with its job when purged.
   */
  file(jobId: string, index: number): Promise<Uint8Array | null>;
  /** Items in [from, to) not answered yet, in index order. */
  pending(jobId: string, from: number, to: number): Promise<JobItem[]>;
  /**
   * Answers an item once: the answer, the job's counters and (for a result with a charge) the unit are written in one
   * transaction, and only when the item was not answered before, so a task run twice never charges twice. The item's
   * uploaded file, if any, is deleted in the same transaction. Idempotent per (job, index).
   */
  commit(jobId: string, index: number, outcome: ItemOutcome): Promise<CommitResult>;
  /** Records that the job's item tasks are in the queue. */
  markEnqueued(jobId: string): Promise<void>;
  /** queued -> running (sets started_at); no change in any other status. */
  markRunning(jobId: string, now: Date): Promise<void>;
  /**
   * running or queued -> completed when every item is answered; returns the job when this call finished it (so only
   * one caller sends its webhook), null otherwise. A job with a webhook gets webhook state pending.
   */
  finishIfDone(jobId: string, now: Date): Promise<JobRecord | null>;
  /**
   * -> failed (a task gave up); returns the job when this call failed it, null when it was already finished. The
   * job's remaining files are deleted.
   */
  fail(jobId: string, now: Date): Promise<JobRecord | null>;
  /**
   * queued or running -> cancelled for that account (no webhook: the secret is erased, the remaining files are
   * deleted); returns the job after the call (null: none of that account).
   */
  cancel(accountId: string, id: string, now: Date): Promise<JobRecord | null>;
  /** Answered items with index > after, in index order, at most `limit`. */
  answers(jobId: string, after: number, limit: number): Promise<StoredItemAnswer[]>;
  /** Counts one delivery attempt of the webhook and returns the count after it. */
  countWebhookAttempt(jobId: string): Promise<number>;
  /** The webhook's last word: delivered or failed. The secret is erased with it. */
  settleWebhook(jobId: string, state: "delivered" | "failed"): Promise<void>;
  /**
   * Jobs whose work may have no task in the queue, oldest first: queued jobs never enqueued and created before
   * `before`, and finished jobs whose webhook is pending, never attempted, and finished before `before`. With
   * `everything` (a queue that lost its tasks: the in-process one after a restart), every queued or running job and
   * every pending webhook, whenever made.
   */
  unfinished(options: {
    readonly before: Date;
    readonly everything: boolean;
    readonly limit: number;
  }): Promise<JobRecord[]>;
  /**
   * Deletes finished jobs (completed, failed or cancelled) that finished before `finishedBefore`, with their items,
   * answers and any file left, oldest first, at most `limit`; a job whose webhook is still pending is kept until it is settled. Returns
   * how many jobs were deleted. Idempotent: a job deleted twice is deleted once.
   */
  purgeFinished(finishedBefore: Date, limit: number): Promise<number>;
}
