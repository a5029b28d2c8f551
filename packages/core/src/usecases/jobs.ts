// Asynchronous jobs: up to 100,000 items of one channel, answered by workers from a queue, with a signed webhook when
// the job finishes. Submitting validates every item and stores the job and its items; workers take tasks of
// JOB_TASK_ITEMS items, and each item's answer and its quota unit are written by the store in one transaction, once
// per (job, index), so a task that runs twice (a worker died, the queue delivered it again) charges nothing twice.
import { err, ok, type Result } from "neverthrow";
import { appError, issueAt, toAppError, type AppError, type ValidationIssue, validationError } from "../errors.js";
import type { AnyChannel, CacheFields } from "../channels/define-channel.js";
import type { JobItem, JobRecord, JobStore, ItemOutcome } from "../ports/job-store.js";
import type { JobQueue, JobTask, TaskOutcome } from "../ports/job-queue.js";
import type { HeldUnit, QuotaKey } from "../ports/quota-ledger.js";
import type { RateLimitDecision } from "../ports/rate-limiter.js";
import type { WebhookSender } from "../ports/webhook-sender.js";
import { quotaCeiling } from "../policies/limits.js";
import {
  JOB_FILE_TASK_ITEMS,
  JOB_ITEM_CONCURRENCY,
  JOB_RETENTION_MS,
  JOB_TASK_ITEMS,
  MAX_JOB_FILE_BYTES,
  MAX_JOB_FILES,
  JobSubmitRequestSchema,
  WEBHOOK_MAX_ATTEMPTS,
  type JobItemError,
  type JobResultLine,
  type JobSubmitRequest,
  type JobSubmitted,
  type JobView,
  type JobWebhook,
} from "../schemas/jobs.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { checkOne, lookupEnd, quotaChannelOf } from "./check.js";
import { itemsFromUpload, lineField, type JobUpload } from "./job-upload.js";
import { fileRefusal, fileRequestBody, filePart, storedFileItem, type JobFiles } from "./job-files.js";
import { parseBody, parseWith } from "./parse-body.js";

/** What jobs run on; absent from an engine that serves no jobs. */
export interface JobDeps {
  readonly store: JobStore;
  readonly queue: JobQueue;
  readonly webhooks: WebhookSender;
  /** How long a finished job and its results are kept (ms); default JOB_RETENTION_MS. */
  readonly retentionMs?: number;
}

type R<T> = Promise<Result<Outcome<T>, AppError>>;

const MAX_REPORTED_ISSUES = 100;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RESULTS_PAGE = 1000;

/** Channels whose items are JSON bodies charged to the channel's own quota (url, phone, text, email). */
export function jobChannels(k: Kernel): AnyChannel[] {
  return k.registry.channels.filter((c) => c.http.body === "json" && (c.quota === null || "id" in c.quota));
}

/** Channels whose items are uploaded files (document, qr): a job of them is sent as files, one item each. */
export function fileJobChannels(k: Kernel): AnyChannel[] {
  return k.registry.channels.filter((c) => c.http.body === "multipart" && c.upload !== undefined);
}

/** The task ranges of a job of `total` items, `size` items a task. */
export function itemTasks(jobId: string, total: number, size: number = JOB_TASK_ITEMS): JobTask[] {
  const tasks: JobTask[] = [];
  for (let from = 0; from < total; from += size)
    tasks.push({ kind: "items", jobId, from, to: Math.min(total, from + size) });
  return tasks;
}

/** Delay before webhook attempt n+1 after n failed: 10 s, 30 s, 90 s, ... capped at 2 hours. */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(10_000 * 3 ** Math.max(0, attempts - 1), 2 * 60 * 60 * 1000);
}

/** When a finished job expires (null while it runs). */
function expiryOf(job: JobRecord, retentionMs: number): Date | null {
  return job.finishedAt === null ? null : new Date(job.finishedAt.getTime() + retentionMs);
}

export function toJobView(job: JobRecord, retentionMs: number = JOB_RETENTION_MS): JobView {
  const expires = expiryOf(job, retentionMs);
  return {
    id: job.id,
    channel: job.channel,
    status: job.status,
    total: job.total,
    completed: job.completed,
    failed: job.failed,
    created_at: job.createdAt.toISOString(),
    ...(job.startedAt ? { started_at: job.startedAt.toISOString() } : {}),
    ...(job.finishedAt ? { finished_at: job.finishedAt.toISOString() } : {}),
    ...(expires ? { expires_at: expires.toISOString() } : {}),
  };
}

function itemError(e: AppError): JobItemError {
  return { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
}

/** A server without a queue has no jobs: not_found, which no client retries, not a 503 that invites retries. */
const notConfigured = (): AppError => appError("not_found", "This server runs no job queue.");

export class Jobs {
  constructor(
    private readonly k: Kernel,
    private readonly deps: JobDeps | undefined,
  ) {}

  private need(): Result<JobDeps, AppError> {
    return this.deps ? ok(this.deps) : err(notConfigured());
  }

  private get retentionMs(): number {
    return this.deps?.retentionMs ?? JOB_RETENTION_MS;
  }

  private view(job: JobRecord): JobView {
    return toJobView(job, this.retentionMs);
  }

  /**
   * Deletes the finished jobs whose retention has passed, with their results (a pass takes at most `limit` jobs).
   * Returns how many. Until a pass deletes it, an expired job already answers not_found.
   */
  async purgeExpired(limit = 1000): Promise<number> {
    const jd = this.need();
    if (jd.isErr()) return 0;
    // Expired means finished at or before now - retention (as own() judges): before that instant plus 1 ms.
    return jd.value.store.purgeFinished(new Date(this.k.now().getTime() - this.retentionMs + 1), limit);
  }

  async submit(p: Principal, body: unknown): R<JobSubmitted> {
    const request = parseBody(JobSubmitRequestSchema, body);
    if (request.isErr()) return err(request.error);
    return this.enqueue(p, request.value, (i) => `items[${i}]`);
  }

  /**
   * A job whose items come as a file (JSON Lines or CSV) and whose channel and webhook come beside it. The same
   * checks as submit; a problem names the file's line and the field (line.<n>.<field>). Nothing is stored or charged
   * unless every line is good.
   */
  async submitUpload(p: Principal, upload: JobUpload): R<JobSubmitted> {
    const parsed = itemsFromUpload(upload.format, upload.text);
    if (parsed.isErr()) return err(validationError(parsed.error));
    const { items, lines } = parsed.value;
    const request = parseBody(JobSubmitRequestSchema, {
      channel: upload.channel,
      items,
      ...(upload.webhook_url !== undefined ? { webhook_url: upload.webhook_url } : {}),
    });
    if (request.isErr()) {
      const issues = (request.error.details?.["issues"] as ValidationIssue[] | undefined) ?? [];
      const named = issues.map((i) =>
        i.field === "items" ? { field: "body", message: `The file holds ${items.length} items: ${i.message}` } : i,
      );
      return err(validationError(named));
    }
    return this.enqueue(p, request.value, (i) => lineField(lines[i] ?? i + 1));
  }

  /** Validates every item (`itemField` names item i in an issue) and the webhook, then stores and queues the job. */
  private async enqueue(
    p: Principal,
    request: JobSubmitRequest,
    itemField: (index: number) => string,
  ): R<JobSubmitted> {
    const jd = this.need();
    if (jd.isErr()) return err(jd.error);
    const { webhooks } = jd.value;
    const { channel, items, webhook_url } = request;
    const def = jobChannels(this.k).find((c) => c.id === channel);
    if (def === undefined) {
      const names = jobChannels(this.k).map((c) => c.id);
      return err(
        validationError([
          {
            field: "channel",
            message: `channel must be one of ${names.join(", ")}, not ${JSON.stringify(channel).slice(0, 40)}.`,
          },
        ]),
      );
    }
    const admitted = await this.k.admit(p, def.scope, "batch");
    if (admitted.isErr()) return err(admitted.error);
    const issues: ValidationIssue[] = [];
    for (let i = 0; i < items.length && issues.length < MAX_REPORTED_ISSUES; i++) {
      const parsed = parseWith(def.request, items[i] ?? {});
      if (parsed.isErr())
        for (const issue of parsed.error.slice(0, MAX_REPORTED_ISSUES - issues.length)) {
          const inner = issue.field === "body" ? "" : issue.field.startsWith("[") ? issue.field : `.${issue.field}`;
          issues.push(issueAt(issue, `${itemField(i)}${inner}`));
        }
    }
    if (webhook_url !== undefined) {
      const refused = webhooks.checkUrl(webhook_url);
      if (refused !== null) issues.push({ field: "webhook_url", message: refused });
    }
    if (issues.length > 0) return err(validationError(issues));
    return ok(await this.place(jd.value, p, def, items, webhook_url, admitted.value));
  }

  /**
   * A job whose items are uploaded files of the document or QR channel, one item each. Every file is checked as the
   * channel's single endpoint checks it (size, magic bytes, image dimensions); the first refused file refuses the
   * job with its own code (400, 413 or 415) naming it as file[<index>]. Nothing is stored or charged unless every
   * file is good. The files are stored beside the job until their items are answered.
   */
  async submitFiles(p: Principal, upload: JobFiles): R<JobSubmitted> {
    const jd = this.need();
    if (jd.isErr()) return err(jd.error);
    const channel = upload.channel ?? "";
    const def = fileJobChannels(this.k).find((c) => c.id === channel);
    if (def === undefined) {
      const names = fileJobChannels(this.k).map((c) => c.id);
      const json = jobChannels(this.k).some((c) => c.id === channel);
      const message = json
        ? `channel ${channel} takes JSON items (a JSON body, JSON Lines or CSV), not files; files go to ${names.join(" or ")}.`
        : `channel must be one of ${names.join(", ")} for a job of files, not ${JSON.stringify(channel).slice(0, 40)}.`;
      return err(validationError([{ field: "channel", message }]));
    }
    const { files } = upload;
    if (files.length === 0)
      return err(validationError([{ field: "file", message: "Send at least one file (a part named file)." }]));
    if (files.length > MAX_JOB_FILES) return err(tooManyJobFiles(files.length));
    const bytes = files.reduce((n, f) => n + f.bytes.byteLength, 0);
    if (bytes > MAX_JOB_FILE_BYTES)
      return err(
        appError(
          "payload_too_large",
          `A job's files hold at most ${MAX_JOB_FILE_BYTES / (1024 * 1024)} MiB in all; these hold ${bytes} bytes. Split them into several jobs.`,
          { details: { max_bytes: MAX_JOB_FILE_BYTES, bytes } },
        ),
      );
    const admitted = await this.k.admit(p, def.scope, "batch");
    if (admitted.isErr()) return err(admitted.error);
    const forceRefresh = upload.force_refresh === true;
    for (const [i, file] of files.entries()) {
      const request = parseBody(def.request, { file, ...(forceRefresh ? { force_refresh: true } : {}) });
      const checked = request.andThen((r) => def.parse(r) as Result<unknown, AppError>);
      if (checked.isErr()) return err(fileRefusal(checked.error, i, file));
    }
    if (upload.webhook_url !== undefined) {
      const refused = jd.value.webhooks.checkUrl(upload.webhook_url);
      if (refused !== null) return err(validationError([{ field: "webhook_url", message: refused }]));
    }
    const items = files.map((f) => storedFileItem(f, forceRefresh));
    const stored = files.map((f) => f.bytes);
    return ok(await this.place(jd.value, p, def, items, upload.webhook_url, admitted.value, stored));
  }

  /** Items a queue task of this channel's jobs carries. */
  private taskItems(channel: string): number {
    return fileJobChannels(this.k).some((c) => c.id === channel) ? JOB_FILE_TASK_ITEMS : JOB_TASK_ITEMS;
  }

  /** Stores a validated job (with its files, for an upload job) and sends its tasks. */
  private async place(
    deps: JobDeps,
    p: Principal,
    def: AnyChannel,
    items: readonly unknown[],
    webhookUrl: string | undefined,
    rateLimit: RateLimitDecision,
    files?: readonly Uint8Array[],
  ): Promise<Outcome<JobSubmitted>> {
    const { store, queue } = deps;
    const id = this.k.deps.ids.uuid();
    const secret = webhookUrl === undefined ? null : `whsec_${this.k.deps.ids.token(32)}`;
    await store.create(
      {
        id,
        accountId: p.accountId,
        channel: def.id,
        mode: p.mode,
        total: items.length,
        webhookUrl: webhookUrl ?? null,
        webhookSecret: secret,
        createdAt: this.k.now(),
      },
      items,
      files,
    );
    // A queue that refuses now leaves the job queued and not enqueued: the workers' sweep sends it later.
    try {
      await queue.send(itemTasks(id, items.length, this.taskItems(def.id)));
      await store.markEnqueued(id);
    } catch {
      // The job is stored; recover() sends its tasks.
    }
    return {
      value: { id, status: "queued", ...(secret !== null ? { webhook_secret: secret } : {}) },
      meta: { rateLimit },
    };
  }

  /** The job of the caller's account, after its channel's scope and the rate limit; not_found for any other. */
  private async own(p: Principal, id: string): Promise<Result<{ job: JobRecord; deps: JobDeps }, AppError>> {
    const jd = this.need();
    if (jd.isErr()) return err(jd.error);
    const job = ID.test(id) ? await jd.value.store.get(p.accountId, id.toLowerCase()) : null;
    if (job === null) return err(appError("not_found", "No job with that id."));
    // Past its retention a job is gone, whether or not the sweep has deleted it yet.
    const expires = expiryOf(job, this.retentionMs);
    if (expires !== null && expires.getTime() <= this.k.now().getTime())
      return err(appError("not_found", "No job with that id."));
    const def = this.k.registry.get(job.channel);
    if (def === undefined) return err(appError("not_found", "No job with that id."));
    const admitted = await this.k.admit(p, def.scope, "api");
    if (admitted.isErr()) return err(admitted.error);
    return ok({ job, deps: jd.value });
  }

  async get(p: Principal, id: string): R<JobView> {
    const own = await this.own(p, id);
    return own.map(({ job }) => ({ value: this.view(job), meta: {} }));
  }

  async cancel(p: Principal, id: string): R<JobView> {
    const own = await this.own(p, id);
    if (own.isErr()) return err(own.error);
    const { job, deps } = own.value;
    if (job.status === "completed" || job.status === "failed")
      return err(appError("conflict", `The job is ${job.status}; only a queued or running job can be cancelled.`));
    const after = await deps.store.cancel(p.accountId, job.id, this.k.now());
    if (after === null) return err(appError("not_found", "No job with that id."));
    return ok({ value: this.view(after), meta: {} });
  }

  /** The answered items in index order, read from the store a page at a time (a running job's answers so far). */
  async results(p: Principal, id: string): R<AsyncIterable<JobResultLine>> {
    const own = await this.own(p, id);
    if (own.isErr()) return err(own.error);
    const { job, deps } = own.value;
    async function* lines(): AsyncGenerator<JobResultLine> {
      let after = -1;
      for (;;) {
        const page = await deps.store.answers(job.id, after, RESULTS_PAGE);
        for (const a of page) {
          yield a.error !== undefined
            ? { index: a.index, error: a.error }
            : { index: a.index, result: a.result as Record<string, unknown> };
          after = a.index;
        }
        if (page.length < RESULTS_PAGE) return;
      }
    }
    return ok({ value: lines(), meta: {} });
  }

  /** Does one task. Throws only when the store fails (the queue then retries the task). */
  async perform(task: JobTask): Promise<TaskOutcome> {
    const jd = this.need();
    if (jd.isErr()) throw new Error(jd.error.message);
    return task.kind === "items" ? this.answerItems(jd.value, task) : this.deliverWebhook(jd.value, task.jobId);
  }

  /** A task that gave up for good (its retries spent): its job fails. */
  async abandon(task: JobTask): Promise<void> {
    const jd = this.need();
    if (jd.isErr()) return;
    if (task.kind === "items") {
      const failed = await jd.value.store.fail(task.jobId, this.k.now());
      if (failed?.webhookUrl) await jd.value.queue.send([{ kind: "webhook", jobId: task.jobId }]);
    } else await jd.value.store.settleWebhook(task.jobId, "failed");
  }

  /**
   * Sends again the tasks of jobs that may have none in the queue (see JobStore.unfinished). Returns how many jobs.
   * `everything` after a queue that keeps nothing across restarts comes up.
   */
  async recover(options: { readonly olderThanMs: number; readonly everything: boolean }): Promise<number> {
    const jd = this.need();
    if (jd.isErr()) return 0;
    const { store, queue } = jd.value;
    const jobs = await store.unfinished({
      before: new Date(this.k.now().getTime() - options.olderThanMs),
      everything: options.everything,
      limit: 1000,
    });
    for (const job of jobs) {
      if (job.status === "queued" || job.status === "running") {
        await queue.send(itemTasks(job.id, job.total, this.taskItems(job.channel)));
        await store.markEnqueued(job.id);
      } else await queue.send([{ kind: "webhook", jobId: job.id }]);
    }
    return jobs.length;
  }

  private async answerItems(deps: JobDeps, task: Extract<JobTask, { kind: "items" }>): Promise<TaskOutcome> {
    const { store } = deps;
    const job = await store.find(task.jobId);
    if (job === null || (job.status !== "queued" && job.status !== "running")) return { kind: "done" };
    const def = this.k.registry.get(job.channel);
    if (def === undefined) throw new Error(`job ${job.id}: no channel ${job.channel}`);
    await store.markRunning(job.id, this.k.now());
    const pending = await store.pending(job.id, task.from, task.to);
    const p: Principal = { accountId: job.accountId, mode: job.mode, via: "api_key", scopes: [def.scope] };
    let exhausted: JobItemError | null = job.quotaExhausted ? await this.exhaustedError(p, def) : null;
    let next = 0;
    const run = async (): Promise<void> => {
      while (next < pending.length) {
        const item = pending[next++]!;
        if (exhausted !== null) {
          await store.commit(job.id, item.index, { error: exhausted });
          continue;
        }
        const body = def.upload === undefined ? item.body : await this.withFile(store, job.id, item);
        // No file and the job no longer runs: it was cancelled or failed while this task held the item.
        if (body === null) continue;
        const outcome = await this.answer(p, def, { index: item.index, body });
        const committed = await store.commit(job.id, item.index, outcome);
        const charge = "result" in outcome ? outcome.charge : null;
        if (charge !== null && committed.kind !== "already" && committed.used !== undefined)
          this.k.counters.remember(charge.key, committed.used);
        if (committed.kind === "exhausted") {
          exhausted ??= await this.exhaustedError(p, def, committed.used);
          await store.commit(job.id, item.index, { error: exhausted });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(JOB_ITEM_CONCURRENCY, pending.length) }, run));
    const finished = await store.finishIfDone(job.id, this.k.now());
    if (finished?.webhookUrl) await deps.queue.send([{ kind: "webhook", jobId: job.id }]);
    return { kind: "done" };
  }

  /**
   * An upload item's request body with its stored bytes. null when the file is gone because the job was cancelled or
   * failed meanwhile; a file missing from a job still running answers the item with an error rather than never.
   */
  private async withFile(store: JobStore, jobId: string, item: JobItem): Promise<unknown> {
    const bytes = await store.file(jobId, item.index);
    if (bytes !== null) return fileRequestBody(item.body, bytes);
    const job = await store.find(jobId);
    if (job === null || (job.status !== "queued" && job.status !== "running")) return null;
    await store.commit(jobId, item.index, {
      error: { code: "internal_error", message: `The stored file of ${filePart(item.index)} is missing.` },
    });
    return null;
  }

  /** The quota key and ceiling an answer of this channel is charged against now (null: not charged). */
  private async chargeOf(p: Principal, def: AnyChannel): Promise<{ key: QuotaKey; ceiling: number } | null> {
    const channel = quotaChannelOf(def);
    if (channel === null || p.mode === "test") return null;
    const state = await this.k.accountState(p.accountId);
    if (state === null) return null;
    const key = { accountId: p.accountId, channel, periodStart: state.period.start };
    return { key, ceiling: quotaCeiling(this.k.counters.limit(state, channel), state.plan) };
  }

  private async exhaustedError(p: Principal, def: AnyChannel, used?: number): Promise<JobItemError> {
    const channel = quotaChannelOf(def) ?? def.id;
    const state = await this.k.accountState(p.accountId);
    if (state === null) return itemError(appError("invalid_api_key", "The account no longer exists."));
    const key = { accountId: p.accountId, channel, periodStart: state.period.start };
    const limit = this.k.counters.limit(state, channel);
    return itemError(
      this.k.counters.exhausted(channel, used ?? (await this.k.counters.forHeaders(key)), limit, state.period.end),
    );
  }

  /**
   * One item through validation, the cache and the assessment, without charging: the charge is taken when the
   * answer is committed. A cached answer (or one shared with an identical lookup in flight) costs nothing.
   */
  private async answer(p: Principal, def: AnyChannel, item: JobItem): Promise<ItemOutcome> {
    try {
      const request = parseBody(def.request, item.body);
      if (request.isErr()) return { error: itemError(request.error) };
      const forceRefresh = def.forceRefresh(request.value);
      if (p.mode === "test") {
        const out = await checkOne(this.k, p, def, request.value, forceRefresh);
        return out.isErr() ? { error: itemError(out.error) } : { result: out.value.value, charge: null };
      }
      const input = def.parse(request.value) as Result<unknown, AppError>;
      if (input.isErr()) return { error: itemError(input.error) };
      const charges: QuotaKey[] = [];
      // The units of the item's parts (a QR code's links) stay held until the item's answer is committed with them:
      // of two workers answering the item at once, only the one whose answer is written keeps them.
      const holds: HeldUnit[] = [];
      const lookup = (): Promise<Result<Outcome<object & CacheFields>, AppError>> =>
        this.k.charged(
          p,
          null,
          def.cacheKey(input.value, this.k.deps),
          forceRefresh,
          () =>
            def.assess(
              { kernel: this.k, ports: this.k.ports, principal: p, mode: "live", forceRefresh, charges, holds },
              input.value,
            ) as Promise<Result<object, AppError>>,
        );
      const out = await this.k.telemetry.lookup(def.id, lookup, lookupEnd);
      if (out.isErr()) {
        await this.k.releaseHeld(holds);
        await this.k.giveBack(p, charges);
        return { error: itemError(out.error) };
      }
      const value: object & CacheFields = out.value.value;
      const charge = value.cached ? null : await this.chargeOf(p, def);
      return holds.length > 0 ? { result: value, charge, holds } : { result: value, charge };
    } catch (e) {
      return { error: itemError(toAppError(e)) };
    }
  }

  private async deliverWebhook(deps: JobDeps, jobId: string): Promise<TaskOutcome> {
    const job = await deps.store.find(jobId);
    if (job === null || job.webhookState !== "pending" || job.webhookUrl === null || job.webhookSecret === null)
      return { kind: "done" };
    const attempts = await deps.store.countWebhookAttempt(jobId);
    const body: JobWebhook = { type: "job.finished", job: this.view(job) };
    const delivery = await deps.webhooks.deliver(job.webhookUrl, JSON.stringify(body), job.webhookSecret, this.k.now());
    if (delivery.kind === "delivered") await deps.store.settleWebhook(jobId, "delivered");
    else if (delivery.kind === "rejected" || attempts >= WEBHOOK_MAX_ATTEMPTS)
      await deps.store.settleWebhook(jobId, "failed");
    else return { kind: "retry", afterMs: webhookBackoffMs(attempts) };
    return { kind: "done" };
  }
}

/** The refusal of a job of more than MAX_JOB_FILES files; `count` is how many the form holds. */
export function tooManyJobFiles(count: number): AppError {
  return validationError([
    {
      field: "file",
      message: `A job holds at most ${MAX_JOB_FILES} files; this one has ${count}. Split them into several jobs.`,
    },
  ]);
}
