// Jobs over the in-memory fakes: validation at submission, tasks answered once each however often they run, quota per
// item as the batch rules say, tenant isolation, cancelling, and the webhook's retries.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createEngine,
  MAGIC_QR_PNG_BASE64,
  webhookBackoffMs,
  WEBHOOK_MAX_ATTEMPTS,
  type Engine,
  type JobQueue,
  type JobResultLine,
  type JobTask,
  type NormalizedUrl,
  type Principal,
  type RateLimiter,
  type SignalSource,
  type WebhookDelivery,
  type WebhookSender,
} from "../../src/index.js";
import { InMemoryJobStore, InMemoryQuotaLedger } from "../../src/testing/fakes.js";
import { engineDeps } from "../support/engine-deps.js";

class ArrayQueue implements JobQueue {
  readonly tasks: { task: JobTask; afterMs: number }[] = [];
  async send(tasks: readonly JobTask[], afterMs = 0): Promise<void> {
    for (const task of tasks) this.tasks.push({ task, afterMs });
  }
  take(): JobTask[] {
    return this.tasks.splice(0).map((t) => t.task);
  }
}

class ScriptedSender implements WebhookSender {
  readonly sent: { url: string; body: string; secret: string }[] = [];
  constructor(private readonly answers: WebhookDelivery["kind"][] = []) {}
  checkUrl(url: string): string | null {
    return url.startsWith("https://") ? null : "Must be an https URL";
  }
  async deliver(url: string, body: string, secret: string): Promise<WebhookDelivery> {
    this.sent.push({ url, body, secret });
    const kind = this.answers.shift() ?? "delivered";
    return kind === "delivered" ? { kind, status: 200 } : { kind, reason: "scripted" };
  }
}

/** A rate limiter that admits everything: jobs here test quota, not rate limits. */
const unlimited: RateLimiter = {
  hit: async (_k, limit, w, now) => ({ allowed: true, limit, remaining: limit, resetAt: new Date(now.getTime() + w) }),
};

function setup(sender = new ScriptedSender(), retentionMs?: number) {
  const quota = new InMemoryQuotaLedger();
  const store = new InMemoryJobStore(quota);
  const queue = new ArrayQueue();
  const d = engineDeps({
    quota,
    rateLimiter: unlimited,
    jobs: { store, queue, webhooks: sender, ...(retentionMs !== undefined ? { retentionMs } : {}) },
  });
  return { engine: createEngine(d), store, queue, sender, quota, clock: d.clock };
}

async function principal(engine: Engine, plan: "free" | "starter" = "starter"): Promise<Principal> {
  const account = (await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan }))._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  return (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
}

async function drain(engine: Engine, queue: ArrayQueue): Promise<void> {
  for (let tasks = queue.take(); tasks.length > 0; tasks = queue.take())
    for (const t of tasks) await engine.jobs.perform(t);
}

async function lines(engine: Engine, p: Principal, id: string): Promise<JobResultLine[]> {
  const out: JobResultLine[] = [];
  for await (const l of (await engine.jobs.results(p, id))._unsafeUnwrap().value) out.push(l);
  return out;
}

const used = async (engine: Engine, p: Principal): Promise<number> =>
  (await engine.usage(p))._unsafeUnwrap().value.quotas.url!.used;

const urls = (n: number, tag = "job"): { url: string }[] =>
  Array.from({ length: n }, (_, i) => ({ url: `https://${tag}-${i}.example.com/` }));

describe("submitting a job", () => {
  it("validates every item up front: one invalid item refuses the job and names it", async () => {
    const { engine, queue } = setup();
    const p = await principal(engine);
    const r = await engine.jobs.submit(p, { channel: "url", items: [{ url: "https://a.example.com/" }, { link: 1 }] });
    const e = r._unsafeUnwrapErr();
    expect(e.code).toBe("validation_error");
    expect((e.details?.["issues"] as { field: string }[])[0]!.field).toBe("items[1].url");
    expect(queue.tasks).toHaveLength(0);
  });

  it("takes only channels with JSON items, and webhook URLs the sender accepts", async () => {
    const { engine } = setup();
    const p = await principal(engine);
    expect((await engine.jobs.submit(p, { channel: "qr", items: [{}] }))._unsafeUnwrapErr().code).toBe(
      "validation_error",
    );
    const bad = await engine.jobs.submit(p, { channel: "url", items: urls(1), webhook_url: "http://10.0.0.1/" });
    expect((bad._unsafeUnwrapErr().details?.["issues"] as { field: string }[])[0]!.field).toBe("webhook_url");
  });

  it("answers queued with the webhook secret once, and queues tasks of 25 items", async () => {
    const { engine, queue, store } = setup();
    const p = await principal(engine);
    const r = (
      await engine.jobs.submit(p, { channel: "url", items: urls(60), webhook_url: "https://hooks.example.com/x" })
    )._unsafeUnwrap().value;
    expect(r.status).toBe("queued");
    expect(r.webhook_secret).toMatch(/^whsec_/);
    expect(queue.tasks.map((t) => t.task)).toEqual([
      { kind: "items", jobId: r.id, from: 0, to: 25 },
      { kind: "items", jobId: r.id, from: 25, to: 50 },
      { kind: "items", jobId: r.id, from: 50, to: 60 },
    ]);
    expect((await store.find(r.id))?.enqueued).toBe(true);
    const view = (await engine.jobs.get(p, r.id))._unsafeUnwrap().value;
    expect(view).not.toHaveProperty("webhook_secret");
  });
});

describe("working a job", () => {
  it("answers every item once and charges one unit per non-cached result", async () => {
    const { engine, queue } = setup();
    const p = await principal(engine);
    const items = [...urls(30), { url: "https://job-0.example.com/" }];
    const { id } = (await engine.jobs.submit(p, { channel: "url", items }))._unsafeUnwrap().value;
    const tasks = queue.take();
    for (const t of tasks) await engine.jobs.perform(t);
    // Delivered again after it was done: nothing more is answered or charged.
    for (const t of tasks) await engine.jobs.perform(t);
    const view = (await engine.jobs.get(p, id))._unsafeUnwrap().value;
    expect(view).toMatchObject({ status: "completed", total: 31, completed: 31, failed: 0 });
    const out = await lines(engine, p, id);
    expect(out.map((l) => l.index)).toEqual(Array.from({ length: 31 }, (_, i) => i));
    // The repeated URL is answered from the cache and costs nothing.
    expect(out.filter((l) => "result" in l && l.result["cached"] === true).map((l) => l.index)).toEqual([30]);
    expect(await used(engine, p)).toBe(30);
  });

  it("tasks delivered twice at once: one answer per item, and exactly the answers not cached are charged", async () => {
    const { engine, queue } = setup();
    const p = await principal(engine);
    const { id } = (await engine.jobs.submit(p, { channel: "url", items: urls(40, "twice") }))._unsafeUnwrap().value;
    const tasks = queue.take();
    await Promise.all([...tasks, ...tasks].map((t) => engine.jobs.perform(t)));
    const out = await lines(engine, p, id);
    expect(out.map((l) => l.index)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const charged = out.filter((l) => "result" in l && l.result["cached"] === false).length;
    expect(await used(engine, p)).toBe(charged);
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value).toMatchObject({ completed: 40, failed: 0 });
  });

  it("once the quota runs out the remaining items fail with quota_exhausted", async () => {
    const { engine, queue } = setup();
    const p = await principal(engine, "free");
    const { id } = (await engine.jobs.submit(p, { channel: "url", items: urls(60, "free") }))._unsafeUnwrap().value;
    await drain(engine, queue);
    const out = await lines(engine, p, id);
    const errors = out.filter((l): l is Extract<JobResultLine, { error: unknown }> => "error" in l);
    expect(out).toHaveLength(60);
    expect(errors).toHaveLength(10);
    for (const e of errors) expect(e.error.code).toBe("quota_exhausted");
    expect(await used(engine, p)).toBe(50);
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value).toMatchObject({ completed: 50, failed: 10 });
  });

  it("another account's job is not found, for every verb", async () => {
    const { engine } = setup();
    const owner = await principal(engine);
    const other = await principal(engine);
    const { id } = (await engine.jobs.submit(owner, { channel: "url", items: urls(1) }))._unsafeUnwrap().value;
    expect((await engine.jobs.get(other, id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.jobs.results(other, id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.jobs.cancel(other, id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.jobs.get(owner, "not-a-job"))._unsafeUnwrapErr().code).toBe("not_found");
  });

  it("a cancelled job starts no more items; a completed one cannot be cancelled", async () => {
    const { engine, queue } = setup();
    const p = await principal(engine);
    const { id } = (await engine.jobs.submit(p, { channel: "url", items: urls(50, "c") }))._unsafeUnwrap().value;
    const [first, ...rest] = queue.take();
    await engine.jobs.perform(first!);
    expect((await engine.jobs.cancel(p, id))._unsafeUnwrap().value.status).toBe("cancelled");
    for (const t of rest) await engine.jobs.perform(t);
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value).toMatchObject({ status: "cancelled", completed: 25 });
    expect(await used(engine, p)).toBe(25);
    const done = (await engine.jobs.submit(p, { channel: "url", items: urls(1, "d") }))._unsafeUnwrap().value;
    await drain(engine, queue);
    expect((await engine.jobs.cancel(p, done.id))._unsafeUnwrapErr().code).toBe("conflict");
  });

  it("a job whose submitter never queued it is sent again by the sweep", async () => {
    const { engine, queue, store } = setup();
    const p = await principal(engine);
    const { id } = (await engine.jobs.submit(p, { channel: "url", items: urls(3, "s") }))._unsafeUnwrap().value;
    queue.take();
    (store as unknown as { jobs: Map<string, object> }).jobs.set(id, { ...(await store.find(id))!, enqueued: false });
    expect(await engine.jobs.recover({ olderThanMs: -1, everything: false })).toBe(1);
    await drain(engine, queue);
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value.status).toBe("completed");
  });
});

describe("the webhook", () => {
  it("is sent once the job completes, retried with backoff, and its secret erased once delivered", async () => {
    const sender = new ScriptedSender(["retry", "retry", "delivered"]);
    const { engine, queue, store } = setup(sender);
    const p = await principal(engine);
    const submitted = (
      await engine.jobs.submit(p, { channel: "url", items: urls(2, "w"), webhook_url: "https://hooks.example.com/" })
    )._unsafeUnwrap().value;
    for (const t of queue.take()) await engine.jobs.perform(t);
    const [hook] = queue.take();
    expect(hook).toEqual({ kind: "webhook", jobId: submitted.id });
    expect(await engine.jobs.perform(hook!)).toEqual({ kind: "retry", afterMs: webhookBackoffMs(1) });
    expect(await engine.jobs.perform(hook!)).toEqual({ kind: "retry", afterMs: webhookBackoffMs(2) });
    expect(await engine.jobs.perform(hook!)).toEqual({ kind: "done" });
    expect(sender.sent).toHaveLength(3);
    expect(sender.sent[2]!.secret).toBe(submitted.webhook_secret);
    const body = JSON.parse(sender.sent[2]!.body) as { type: string; job: { status: string; completed: number } };
    expect(body).toMatchObject({ type: "job.finished", job: { status: "completed", completed: 2 } });
    const after = await store.find(submitted.id);
    expect(after).toMatchObject({ webhookState: "delivered", webhookSecret: null });
    // Delivered: a duplicate task sends nothing.
    expect(await engine.jobs.perform(hook!)).toEqual({ kind: "done" });
    expect(sender.sent).toHaveLength(3);
  });

  it("gives up after the last attempt", async () => {
    const sender = new ScriptedSender(Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => "retry" as const));
    const { engine, queue, store } = setup(sender);
    const p = await principal(engine);
    const { id } = (
      await engine.jobs.submit(p, { channel: "url", items: urls(1, "g"), webhook_url: "https://hooks.example.com/" })
    )._unsafeUnwrap().value;
    await drain(engine, queue);
    const hook = { kind: "webhook", jobId: id } as const;
    while ((await store.find(id))?.webhookState === "pending") await engine.jobs.perform(hook);
    expect(sender.sent).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(await store.find(id)).toMatchObject({ webhookState: "failed", webhookSecret: null });
  });
});

describe("expiry", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("shows expires_at once finished, answers not_found after it, and the sweep deletes the job and its results", async () => {
    const { engine, queue, store, clock } = setup();
    const p = await principal(engine);
    const { id } = (await engine.jobs.submit(p, { channel: "url", items: urls(2, "x") }))._unsafeUnwrap().value;
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value.expires_at).toBeUndefined();
    await drain(engine, queue);
    const done = (await engine.jobs.get(p, id))._unsafeUnwrap().value;
    expect(done.status).toBe("completed");
    const finished = Date.parse(done.finished_at!);
    expect(done.expires_at).toBe(new Date(finished + 7 * DAY).toISOString());

    clock.advance(7 * DAY - 1);
    expect((await engine.jobs.get(p, id)).isOk()).toBe(true);
    expect(await lines(engine, p, id)).toHaveLength(2);
    expect(await engine.jobs.purgeExpired()).toBe(0);

    clock.advance(1);
    // Expired: gone for every verb at once, before any sweep.
    expect((await engine.jobs.get(p, id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.jobs.results(p, id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.jobs.cancel(p, id))._unsafeUnwrapErr().code).toBe("not_found");
    expect(await store.find(id)).not.toBeNull();
    expect(await engine.jobs.purgeExpired()).toBe(1);
    expect(await store.find(id)).toBeNull();
    expect(await store.answers(id, -1, 10)).toEqual([]);
  });

  it("keeps a running job whatever its age, and follows the configured retention", async () => {
    const { engine, queue, clock } = setup(new ScriptedSender(), 60_000);
    const p = await principal(engine);
    const running = (await engine.jobs.submit(p, { channel: "url", items: urls(30, "r") }))._unsafeUnwrap().value;
    const short = (await engine.jobs.submit(p, { channel: "url", items: urls(1, "q") }))._unsafeUnwrap().value;
    // Only the short job's task and the first task of the long one run: the long job stays running.
    const tasks = queue.take();
    await engine.jobs.perform(tasks.find((t) => t.jobId === short.id)!);
    await engine.jobs.perform(tasks.find((t) => t.jobId === running.id)!);
    const view = (await engine.jobs.get(p, short.id))._unsafeUnwrap().value;
    expect(Date.parse(view.expires_at!) - Date.parse(view.finished_at!)).toBe(60_000);
    clock.advance(365 * DAY);
    expect(await engine.jobs.purgeExpired()).toBe(1);
    expect((await engine.jobs.get(p, short.id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.jobs.get(p, running.id))._unsafeUnwrap().value.status).toBe("running");
  });
});

describe("a job of files", () => {
  /** A job store whose file reads the test can intercept: lose a file, or cancel the job just before the read. */
  class InterceptedStore extends InMemoryJobStore {
    beforeFile: ((jobId: string, index: number) => Promise<boolean>) | null = null;
    override async file(jobId: string, index: number): Promise<Uint8Array | null> {
      if (this.beforeFile !== null && !(await this.beforeFile(jobId, index))) return null;
      return super.file(jobId, index);
    }
  }

  function setupFiles() {
    const quota = new InMemoryQuotaLedger();
    const store = new InterceptedStore(quota);
    const queue = new ArrayQueue();
    const decoded: number[] = [];
    const d = engineDeps({
      quota,
      rateLimiter: unlimited,
      // A decoder that reads every image as a code holding a phone number: nothing charged, nothing fetched.
      qrDecoder: {
        decode: async (image) => {
          decoded.push(image instanceof Uint8Array ? image.byteLength : 0);
          return { ok: true, value: [{ text: "tel:+442079460000", format: "qr_code", position: null }] };
        },
      },
      jobs: { store, queue, webhooks: new ScriptedSender() },
    });
    return { engine: createEngine(d), store, queue, decoded };
  }
  const image = (): { bytes: Uint8Array; filename: string } => ({
    bytes: Uint8Array.from(atob(MAGIC_QR_PNG_BASE64.safe), (c) => c.charCodeAt(0)),
    filename: "sticker.png",
  });

  it("queues one task a file, and the sweep sends them again one file a task", async () => {
    const { engine, queue } = setupFiles();
    const p = await principal(engine);
    const { id } = (
      await engine.jobs.submitFiles(p, { channel: "qr", files: [image(), image(), image()] })
    )._unsafeUnwrap().value;
    const one = (from: number) => ({ kind: "items", jobId: id, from, to: from + 1 });
    expect(queue.take()).toEqual([one(0), one(1), one(2)]);
    expect(await engine.jobs.recover({ olderThanMs: 0, everything: true })).toBe(1);
    expect(queue.take()).toEqual([one(0), one(1), one(2)]);
  });

  it("a file lost from a running job answers its item with an error; the other files are answered", async () => {
    const { engine, store, queue, decoded } = setupFiles();
    const p = await principal(engine);
    const { id } = (await engine.jobs.submitFiles(p, { channel: "qr", files: [image(), image()] }))._unsafeUnwrap()
      .value;
    store.beforeFile = async (_job, index) => index !== 0;
    await drain(engine, queue);
    const out = await lines(engine, p, id);
    expect(out[0]).toMatchObject({ index: 0, error: { code: "internal_error" } });
    expect((out[0] as { error: { message: string } }).error.message).toContain("file[0]");
    expect(out[1]).toMatchObject({ index: 1, result: { qr_found: true } });
    expect(decoded).toEqual([image().bytes.byteLength]);
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value).toMatchObject({ status: "completed", failed: 1 });
  });

  it("a code answered by two workers at once charges its link's URL unit once", async () => {
    const quota = new InMemoryQuotaLedger();
    const store = new InMemoryJobStore(quota);
    const queue = new ArrayQueue();
    // Each worker's lookup of the code's link waits for the other's: both answer the file before either commits.
    let arrived = 0;
    let bothIn = (): void => undefined;
    const together = new Promise<void>((resolve) => (bothIn = resolve));
    const barrier: SignalSource<NormalizedUrl> = {
      name: "barrier",
      weight: 0.5,
      timeoutMs: 10_000,
      check: async () => {
        if (++arrived === 2) bothIn();
        await together;
        return { source: "barrier", status: "ok", signals: {}, factors: [] };
      },
    };
    const d = engineDeps({
      quota,
      rateLimiter: unlimited,
      urlSources: [barrier],
      qrDecoder: {
        decode: async () => ({
          ok: true,
          value: [{ text: "https://pay-parking.example-shop.com/lot-7", format: "qr_code", position: null }],
        }),
      },
      jobs: { store, queue, webhooks: new ScriptedSender() },
    });
    // Two worker processes: engines of their own over one store and one ledger.
    const [one, other] = [createEngine(d), createEngine(d)];
    const p = await principal(one);
    const { id } = (await one.jobs.submitFiles(p, { channel: "qr", files: [image()] }))._unsafeUnwrap().value;
    const [task] = queue.take();
    await Promise.all([one.jobs.perform(task!), other.jobs.perform(task!)]);
    expect(arrived).toBe(2);
    expect(await lines(one, p, id)).toMatchObject([{ index: 0, result: { qr_found: true } }]);
    // A code is charged by its links: the loser's unit was held, and given back when its answer was not written.
    expect(await used(one, p)).toBe(1);
    // Nothing stays held for the sweep to give back later.
    expect(await quota.releaseExpired(new Date(d.clock.now().getTime() + 86_400_000))).toBe(0);
  });

  it("a job cancelled while a task holds its item leaves the item unanswered, with no error line", async () => {
    const { engine, store, queue, decoded } = setupFiles();
    const p = await principal(engine);
    const { id } = (await engine.jobs.submitFiles(p, { channel: "qr", files: [image()] }))._unsafeUnwrap().value;
    store.beforeFile = async () => {
      await engine.jobs.cancel(p, id);
      return true;
    };
    await drain(engine, queue);
    expect(await lines(engine, p, id)).toEqual([]);
    expect(decoded).toEqual([]);
    expect((await engine.jobs.get(p, id))._unsafeUnwrap().value).toMatchObject({ status: "cancelled", completed: 0 });
  });
});
