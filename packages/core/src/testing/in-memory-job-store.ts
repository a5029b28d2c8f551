// JobStore in process memory, charging through an InMemoryQuotaLedger in the same step as it writes an answer
// (nothing yields between the check, the charge and the write), as the SQL store does in one transaction.
import type {
  CommitResult,
  ItemOutcome,
  JobItem,
  JobRecord,
  JobStore,
  NewJob,
  StoredItemAnswer,
} from "../ports/job-store.js";
import type { InMemoryQuotaLedger } from "./in-memory-quota-ledger.js";

interface Row {
  readonly body: unknown;
  answer?: { readonly result: unknown } | { readonly error: NonNullable<StoredItemAnswer["error"]> };
}

export class InMemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly items = new Map<string, Row[]>();
  /** Uploaded bytes by job, then item index (a copy: the caller's buffer may be reused). */
  private readonly files = new Map<string, Map<number, Uint8Array>>();

  constructor(private readonly ledger: InMemoryQuotaLedger) {}

  async create(job: NewJob, items: readonly unknown[], files?: readonly Uint8Array[]): Promise<void> {
    if (this.jobs.has(job.id)) throw new Error(`job ${job.id} exists`);
    this.jobs.set(job.id, {
      ...job,
      status: "queued",
      completed: 0,
      failed: 0,
      webhookState: job.webhookUrl === null ? "none" : "pending",
      webhookAttempts: 0,
      quotaExhausted: false,
      enqueued: false,
      startedAt: null,
      finishedAt: null,
    });
    this.items.set(
      job.id,
      items.map((body) => ({ body: structuredClone(body) })),
    );
    if (files !== undefined && files.length > 0)
      this.files.set(job.id, new Map(files.map((bytes, i) => [i, new Uint8Array(bytes)])));
  }

  async file(jobId: string, index: number): Promise<Uint8Array | null> {
    const bytes = this.files.get(jobId)?.get(index);
    return bytes === undefined ? null : new Uint8Array(bytes);
  }

  async get(accountId: string, id: string): Promise<JobRecord | null> {
    const job = this.jobs.get(id);
    return job !== undefined && job.accountId === accountId ? job : null;
  }

  async find(id: string): Promise<JobRecord | null> {
    return this.jobs.get(id) ?? null;
  }

  async pending(jobId: string, from: number, to: number): Promise<JobItem[]> {
    const rows = this.items.get(jobId) ?? [];
    const out: JobItem[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, rows.length); i++)
      if (rows[i]!.answer === undefined) out.push({ index: i, body: structuredClone(rows[i]!.body) });
    return out;
  }

  async commit(jobId: string, index: number, outcome: ItemOutcome): Promise<CommitResult> {
    const row = this.items.get(jobId)?.[index];
    const job = this.jobs.get(jobId);
    if (row === undefined || job === undefined) throw new Error(`no item ${index} of job ${jobId}`);
    const holds = "result" in outcome ? (outcome.holds ?? []) : [];
    if (row.answer !== undefined) {
      for (const h of holds) this.ledger.settleHoldNow(h.holdId, false);
      return { kind: "already" };
    }
    let used: number | undefined;
    if ("result" in outcome && outcome.charge !== null) {
      const r = this.ledger.reserveNow(outcome.charge.key, outcome.charge.ceiling);
      if (!r.ok) {
        for (const h of holds) this.ledger.settleHoldNow(h.holdId, false);
        this.jobs.set(jobId, { ...job, quotaExhausted: true });
        return { kind: "exhausted", used: r.used };
      }
      used = r.used;
    }
    for (const h of holds) this.ledger.settleHoldNow(h.holdId, true);
    this.files.get(jobId)?.delete(index);
    if ("result" in outcome) {
      row.answer = { result: structuredClone(outcome.result) };
      this.jobs.set(jobId, { ...job, completed: job.completed + 1 });
    } else {
      row.answer = { error: structuredClone(outcome.error) };
      this.jobs.set(jobId, { ...job, failed: job.failed + 1 });
    }
    return used === undefined ? { kind: "written" } : { kind: "written", used };
  }

  async markEnqueued(jobId: string): Promise<void> {
    this.update(jobId, () => ({ enqueued: true }));
  }

  async markRunning(jobId: string, now: Date): Promise<void> {
    this.update(jobId, (j) => (j.status === "queued" ? { status: "running", startedAt: now } : {}));
  }

  async finishIfDone(jobId: string, now: Date): Promise<JobRecord | null> {
    const job = this.jobs.get(jobId);
    if (job === undefined || (job.status !== "queued" && job.status !== "running")) return null;
    if (job.completed + job.failed < job.total) return null;
    return this.update(jobId, () => ({ status: "completed", finishedAt: now }));
  }

  async fail(jobId: string, now: Date): Promise<JobRecord | null> {
    const job = this.jobs.get(jobId);
    if (job === undefined || (job.status !== "queued" && job.status !== "running")) return null;
    this.files.delete(jobId);
    return this.update(jobId, () => ({ status: "failed", finishedAt: now }));
  }

  async cancel(accountId: string, id: string, now: Date): Promise<JobRecord | null> {
    const job = await this.get(accountId, id);
    if (job === null) return null;
    if (job.status !== "queued" && job.status !== "running") return job;
    this.files.delete(id);
    return this.update(id, () => ({
      status: "cancelled",
      finishedAt: now,
      webhookState: "none",
      webhookSecret: null,
    }));
  }

  async answers(jobId: string, after: number, limit: number): Promise<StoredItemAnswer[]> {
    const rows = this.items.get(jobId) ?? [];
    const out: StoredItemAnswer[] = [];
    for (let i = Math.max(0, after + 1); i < rows.length && out.length < limit; i++) {
      const a = rows[i]!.answer;
      if (a !== undefined) out.push({ index: i, ...structuredClone(a) });
    }
    return out;
  }

  async countWebhookAttempt(jobId: string): Promise<number> {
    return this.update(jobId, (j) => ({ webhookAttempts: j.webhookAttempts + 1 })).webhookAttempts;
  }

  async settleWebhook(jobId: string, state: "delivered" | "failed"): Promise<void> {
    this.update(jobId, () => ({ webhookState: state, webhookSecret: null }));
  }

  async unfinished(options: { before: Date; everything: boolean; limit: number }): Promise<JobRecord[]> {
    const t = options.before.getTime();
    return [...this.jobs.values()]
      .filter((j) => {
        const active = j.status === "queued" || j.status === "running";
        const webhook = !active && j.webhookState === "pending";
        if (options.everything) return active || webhook;
        if (active) return j.status === "queued" && !j.enqueued && j.createdAt.getTime() < t;
        return webhook && j.webhookAttempts === 0 && (j.finishedAt?.getTime() ?? Infinity) < t;
      })
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, options.limit);
  }

  async purgeFinished(finishedBefore: Date, limit: number): Promise<number> {
    const t = finishedBefore.getTime();
    const gone = [...this.jobs.values()]
      .filter((j) => j.finishedAt !== null && j.finishedAt.getTime() < t && j.webhookState !== "pending")
      .filter((j) => j.status === "completed" || j.status === "failed" || j.status === "cancelled")
      .sort((a, b) => (a.finishedAt?.getTime() ?? 0) - (b.finishedAt?.getTime() ?? 0))
      .slice(0, limit);
    for (const j of gone) {
      this.jobs.delete(j.id);
      this.items.delete(j.id);
      this.files.delete(j.id);
    }
    return gone.length;
  }

  private update(jobId: string, change: (job: JobRecord) => Partial<JobRecord>): JobRecord {
    const job = this.jobs.get(jobId);
    if (job === undefined) throw new Error(`no job ${jobId}`);
    const next = { ...job, ...change(job) };
    this.jobs.set(jobId, next);
    return next;
  }
}
