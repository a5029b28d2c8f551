// JobStore on the jobs and job_items tables. An item's answer, the job's counter and the item's quota unit are
// written in one transaction that starts by claiming the unanswered row, so two workers answering the same item
// (a task delivered twice) serialize on its row lock and the second finds it answered: one answer, one unit.
// An upload job's files live in job_files (bytea, one row per item) until their item is answered.
import type {
  CommitResult,
  ItemOutcome,
  JobItem,
  JobRecord,
  JobStatus,
  JobStore,
  NewJob,
  StoredItemAnswer,
} from "@scamverify/core";
import { Buffer } from "node:buffer";
import type { Db } from "./db.js";
import { currentUnits, reserveUnit, settleHolds } from "./sql-quota-ledger.js";

interface JobRow {
  id: string;
  account_id: string;
  channel: string;
  mode: "live" | "test";
  status: JobStatus;
  total: number;
  completed: number;
  failed: number;
  webhook_url: string | null;
  webhook_secret: string | null;
  webhook_state: JobRecord["webhookState"];
  webhook_attempts: number;
  quota_exhausted: boolean;
  enqueued: boolean;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const COLUMNS = `id, account_id, channel, mode, status, total::int AS total, completed::int AS completed,
  failed::int AS failed, webhook_url, webhook_secret, webhook_state, webhook_attempts::int AS webhook_attempts,
  quota_exhausted, enqueued, created_at, started_at, finished_at`;

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

function fromRow(r: JobRow): JobRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    channel: r.channel,
    mode: r.mode,
    status: r.status,
    total: r.total,
    completed: r.completed,
    failed: r.failed,
    webhookUrl: r.webhook_url,
    webhookSecret: r.webhook_secret,
    webhookState: r.webhook_state,
    webhookAttempts: r.webhook_attempts,
    quotaExhausted: r.quota_exhausted,
    enqueued: r.enqueued,
    createdAt: date(r.created_at),
    startedAt: r.started_at === null ? null : date(r.started_at),
    finishedAt: r.finished_at === null ? null : date(r.finished_at),
  };
}

/**
 * A file as base64 text, for PGlite: its driver turns a bytea parameter or column into hex a byte at a time (about 4 s
 * for 9 MiB on a loaded 2-core machine, against under 0.5 s as base64 through decode/encode; bench/job-files.ts).
 * pg sends a bytea parameter as is, so PostgreSQL takes the bytes; both read base64, which pg too parses faster
 * than its hex form of bytea.
 */
function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** Items per INSERT when a job is stored (a parameter array each). */
const INSERT_CHUNK = 5000;

export class SqlJobStore implements JobStore {
  constructor(private readonly db: Db) {}

  async create(job: NewJob, items: readonly unknown[], files?: readonly Uint8Array[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO jobs (id, account_id, channel, mode, status, total, webhook_url, webhook_secret, webhook_state,
           created_at)
         VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7, $8, $9)`,
        [
          job.id,
          job.accountId,
          job.channel,
          job.mode,
          job.total,
          job.webhookUrl,
          job.webhookSecret,
          job.webhookUrl === null ? "none" : "pending",
          job.createdAt,
        ],
      );
      for (let from = 0; from < items.length; from += INSERT_CHUNK) {
        const bodies = items.slice(from, from + INSERT_CHUNK).map((b) => JSON.stringify(b ?? null));
        await tx.query(
          `INSERT INTO job_items (job_id, idx, body)
           SELECT $1, (t.i - 1 + $3::int)::int, t.b::jsonb FROM unnest($2::text[]) WITH ORDINALITY AS t(b, i)`,
          [job.id, bodies, from],
        );
      }
      // One row per statement: a file is up to 10 MiB, and a statement of many would hold them all at once.
      for (const [i, bytes] of (files ?? []).entries())
        await tx.query(
          this.db.engine === "pglite"
            ? "INSERT INTO job_files (job_id, idx, bytes) VALUES ($1, $2, decode($3, 'base64'))"
            : "INSERT INTO job_files (job_id, idx, bytes) VALUES ($1, $2, $3)",
          [job.id, i, this.db.engine === "pglite" ? base64Of(bytes) : bytes],
        );
    });
  }

  async file(jobId: string, index: number): Promise<Uint8Array | null> {
    const { rows } = await this.db.query<{ b64: string }>(
      "SELECT encode(bytes, 'base64') AS b64 FROM job_files WHERE job_id = $1 AND idx = $2",
      [jobId, index],
    );
    const b64 = rows[0]?.b64;
    if (b64 === undefined) return null;
    const bytes = Buffer.from(b64, "base64");
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async get(accountId: string, id: string): Promise<JobRecord | null> {
    const { rows } = await this.db.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1 AND account_id = $2`, [
      id,
      accountId,
    ]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async find(id: string): Promise<JobRecord | null> {
    const { rows } = await this.db.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async pending(jobId: string, from: number, to: number): Promise<JobItem[]> {
    const { rows } = await this.db.query<{ idx: number; body: unknown }>(
      `SELECT idx::int AS idx, body FROM job_items
       WHERE job_id = $1 AND idx >= $2 AND idx < $3 AND NOT answered ORDER BY idx`,
      [jobId, from, to],
    );
    return rows.map((r) => ({ index: r.idx, body: r.body }));
  }

  async commit(jobId: string, index: number, outcome: ItemOutcome): Promise<CommitResult> {
    const ok = "result" in outcome;
    return this.db.transaction(async (tx): Promise<CommitResult> => {
      // The row lock serializes racing commits of one item; the loser finds it answered.
      const claimed = await tx.query(
        "SELECT 1 FROM job_items WHERE job_id = $1 AND idx = $2 AND NOT answered FOR UPDATE",
        [jobId, index],
      );
      const holds = ok ? (outcome.holds ?? []).map((h) => h.holdId) : [];
      if (claimed.rows.length === 0) {
        await settleHolds(tx, holds, false);
        return { kind: "already" };
      }
      let used: number | undefined;
      if (ok && outcome.charge !== null) {
        const taken = await reserveUnit(tx, outcome.charge.key, outcome.charge.ceiling);
        if (taken === null) {
          await settleHolds(tx, holds, false);
          await tx.query("UPDATE jobs SET quota_exhausted = true WHERE id = $1", [jobId]);
          return { kind: "exhausted", used: await currentUnits(tx, outcome.charge.key) };
        }
        used = taken;
      }
      await settleHolds(tx, holds, true);
      await tx.query(
        `UPDATE job_items SET answered = true, result = $3::jsonb, error = $4::jsonb, body = 'null'::jsonb
         WHERE job_id = $1 AND idx = $2`,
        [jobId, index, ok ? JSON.stringify(outcome.result) : null, ok ? null : JSON.stringify(outcome.error)],
      );
      await tx.query("DELETE FROM job_files WHERE job_id = $1 AND idx = $2", [jobId, index]);
      await tx.query(
        ok
          ? "UPDATE jobs SET completed = completed + 1 WHERE id = $1"
          : "UPDATE jobs SET failed = failed + 1 WHERE id = $1",
        [jobId],
      );
      return used === undefined ? { kind: "written" } : { kind: "written", used };
    });
  }

  async markEnqueued(jobId: string): Promise<void> {
    await this.db.query("UPDATE jobs SET enqueued = true WHERE id = $1 AND NOT enqueued", [jobId]);
  }

  async markRunning(jobId: string, now: Date): Promise<void> {
    await this.db.query("UPDATE jobs SET status = 'running', started_at = $2 WHERE id = $1 AND status = 'queued'", [
      jobId,
      now,
    ]);
  }

  async finishIfDone(jobId: string, now: Date): Promise<JobRecord | null> {
    const { rows } = await this.db.query<JobRow>(
      `UPDATE jobs SET status = 'completed', finished_at = $2
       WHERE id = $1 AND status IN ('queued', 'running') AND completed + failed >= total
       RETURNING ${COLUMNS}`,
      [jobId, now],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async fail(jobId: string, now: Date): Promise<JobRecord | null> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<JobRow>(
        `UPDATE jobs SET status = 'failed', finished_at = $2 WHERE id = $1 AND status IN ('queued', 'running')
         RETURNING ${COLUMNS}`,
        [jobId, now],
      );
      if (rows[0] === undefined) return null;
      await tx.query("DELETE FROM job_files WHERE job_id = $1", [jobId]);
      return fromRow(rows[0]);
    });
  }

  async cancel(accountId: string, id: string, now: Date): Promise<JobRecord | null> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE jobs SET status = 'cancelled', finished_at = $3, webhook_state = 'none', webhook_secret = NULL
         WHERE id = $1 AND account_id = $2 AND status IN ('queued', 'running') RETURNING id`,
        [id, accountId, now],
      );
      if (rows.length > 0) await tx.query("DELETE FROM job_files WHERE job_id = $1", [id]);
    });
    return this.get(accountId, id);
  }

  async answers(jobId: string, after: number, limit: number): Promise<StoredItemAnswer[]> {
    const { rows } = await this.db.query<{
      idx: number;
      result: unknown;
      error: NonNullable<StoredItemAnswer["error"]> | null;
    }>(
      `SELECT idx::int AS idx, result, error FROM job_items
       WHERE job_id = $1 AND idx > $2 AND answered ORDER BY idx LIMIT $3`,
      [jobId, after, limit],
    );
    return rows.map((r): StoredItemAnswer =>
      r.error !== null ? { index: r.idx, error: r.error } : { index: r.idx, result: r.result },
    );
  }

  async countWebhookAttempt(jobId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      "UPDATE jobs SET webhook_attempts = webhook_attempts + 1 WHERE id = $1 RETURNING webhook_attempts::int AS n",
      [jobId],
    );
    return rows[0]?.n ?? 0;
  }

  async settleWebhook(jobId: string, state: "delivered" | "failed"): Promise<void> {
    await this.db.query("UPDATE jobs SET webhook_state = $2, webhook_secret = NULL WHERE id = $1", [jobId, state]);
  }

  async unfinished(options: { before: Date; everything: boolean; limit: number }): Promise<JobRecord[]> {
    const { rows } = await this.db.query<JobRow>(
      options.everything
        ? `SELECT ${COLUMNS} FROM jobs WHERE status IN ('queued', 'running') OR webhook_state = 'pending'
           ORDER BY created_at LIMIT $1`
        : `SELECT ${COLUMNS} FROM jobs
           WHERE (status = 'queued' AND NOT enqueued AND created_at < $2)
              OR (status IN ('completed', 'failed') AND webhook_state = 'pending' AND webhook_attempts = 0
                  AND finished_at < $2)
           ORDER BY created_at LIMIT $1`,
      options.everything ? [options.limit] : [options.limit, options.before],
    );
    return rows.map(fromRow);
  }

  async purgeFinished(finishedBefore: Date, limit: number): Promise<number> {
    // The items, their answers and any file left go with the job (ON DELETE CASCADE).
    const { rows } = await this.db.query<{ id: string }>(
      `DELETE FROM jobs WHERE id IN (
         SELECT id FROM jobs
         WHERE status IN ('completed', 'failed', 'cancelled') AND webhook_state <> 'pending' AND finished_at < $1
         ORDER BY finished_at LIMIT $2
       ) RETURNING id`,
      [finishedBefore, limit],
    );
    return rows.length;
  }
}
