// POST /api/v1/jobs with files (multipart/form-data) on PGlite: document and QR jobs store one item per file and the
// file's bytes in job_files, each worker task answers one file as the single endpoint would (cached files free) and
// deletes its bytes; a refused upload (wrong type, too many files, too large, a channel that takes no files) names
// the part and leaves nothing stored, queued or charged.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MAGIC_DOCUMENT_PDF_BASE64,
  MAGIC_QR_PNG_BASE64,
  MAX_JOB_FILES,
  type JobTask,
  type WebhookSender,
} from "@scamverify/core";
import { SqlJobStore, type Db } from "@scamverify/persistence";
import {
  call,
  engineOver,
  seedAccount,
  serve,
  unlimited,
  type EngineKit,
  type JsonBody,
  type TestServer,
} from "./support/harness.js";
import { usePglite } from "./support/file-hooks.js";

const getDb = usePglite();
let db: Db;
let kit: EngineKit;
let server: TestServer;
const sent: JobTask[] = [];

const webhooks: WebhookSender = {
  checkUrl: (url) => (url.startsWith("https://") ? null : "Must be an https URL"),
  deliver: async () => ({ kind: "delivered", status: 200 }),
};

beforeAll(async () => {
  db = await getDb();
  kit = engineOver(db, {
    rateLimiter: unlimited,
    override: () => ({
      jobs: {
        store: new SqlJobStore(db),
        webhooks,
        queue: { send: async (tasks: readonly JobTask[]) => void sent.push(...tasks) },
      },
    }),
  });
  server = await serve(kit.engine);
});

beforeEach(() => {
  sent.length = 0;
});

afterAll(async () => {
  await server?.close();
});

const pdf = (verdict: keyof typeof MAGIC_DOCUMENT_PDF_BASE64): Uint8Array =>
  Buffer.from(MAGIC_DOCUMENT_PDF_BASE64[verdict], "base64");
const png = (verdict: keyof typeof MAGIC_QR_PNG_BASE64): Uint8Array =>
  Buffer.from(MAGIC_QR_PNG_BASE64[verdict], "base64");
const sha256 = (b: Uint8Array): string => createHash("sha256").update(b).digest("hex");

async function submit(
  key: string,
  fields: Record<string, string>,
  files: readonly { bytes: Uint8Array; name: string }[],
): Promise<{ status: number; body: JsonBody }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("file", new Blob([f.bytes]), f.name);
  const res = await fetch(`${server.url}/api/v1/jobs`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as JsonBody };
}

/** Runs the tasks sent, in order, as a worker would, until none is left (a finished job sends its webhook's). */
async function work(): Promise<void> {
  for (let task = sent.shift(); task !== undefined; task = sent.shift()) await kit.engine.jobs.perform(task);
}

async function results(key: string, id: string): Promise<JsonBody[]> {
  const res = await fetch(`${server.url}/api/v1/jobs/${id}/results`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return (await res.text())
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as JsonBody);
}

async function storedFiles(jobId?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    jobId === undefined
      ? "SELECT count(*)::int AS n FROM job_files"
      : "SELECT count(*)::int AS n FROM job_files WHERE job_id = $1",
    jobId === undefined ? [] : [jobId],
  );
  return rows[0]?.n ?? 0;
}

async function jobsOf(accountId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE account_id = $1", [
    accountId,
  ]);
  return rows[0]?.n ?? 0;
}

async function used(key: string): Promise<Record<string, number>> {
  const r = await call(server.url, "GET", "/api/v1/usage", { key });
  return Object.fromEntries(
    Object.entries(r.body.quotas as Record<string, { used: number }>).map(([k, v]) => [k, v.used]),
  );
}

describe("a job of documents", () => {
  it("stores each PDF until its item is answered, answers it as the single endpoint does, and charges per document", async () => {
    const { key, accountId } = await seedAccount(kit.engine, { plan: "starter" });
    const files = [
      { bytes: pdf("safe"), name: "letter.pdf" },
      { bytes: pdf("scam"), name: "notice.pdf" },
    ];
    const r = await submit(key, { channel: "document" }, files);
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: "queued" });
    const id = r.body.id as string;
    // One file a task, so a task stays short and a worker holds one file at a time.
    expect(sent).toEqual([
      { kind: "items", jobId: id, from: 0, to: 1 },
      { kind: "items", jobId: id, from: 1, to: 2 },
    ]);
    expect(await storedFiles(id)).toBe(2);
    expect(await jobsOf(accountId)).toBe(1);

    await kit.engine.jobs.perform(sent.shift()!);
    // The answered file is gone; the other waits.
    expect(await storedFiles(id)).toBe(1);
    await work();
    expect(await storedFiles(id)).toBe(0);

    const job = await call(server.url, "GET", `/api/v1/jobs/${id}`, { key });
    expect(job.body).toMatchObject({ status: "completed", total: 2, completed: 2, failed: 0 });
    const lines = await results(key, id);
    expect(lines.map((l) => l.index)).toEqual([0, 1]);
    expect(lines[0].result).toMatchObject({ document_hash: sha256(files[0]!.bytes), media_type: "application/pdf" });
    expect(lines[1].result).toMatchObject({ document_hash: sha256(files[1]!.bytes) });
    // The same bytes through the single endpoint read the same text.
    const form = new FormData();
    form.append("file", new Blob([files[0]!.bytes]), "letter.pdf");
    const single = await fetch(`${server.url}/api/v1/document/analyze`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    const one = (await single.json()) as JsonBody;
    expect(one).toMatchObject({ cached: true, text_excerpt: lines[0].result.text_excerpt });
    expect((await used(key))["document"]).toBe(2);
  });

  it("a cancelled job keeps none of its files", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "starter" });
    const r = await submit(key, { channel: "document" }, [{ bytes: pdf("low_risk"), name: "a.pdf" }]);
    expect(r.status).toBe(202);
    sent.length = 0;
    expect(await storedFiles(r.body.id)).toBe(1);
    const c = await call(server.url, "POST", `/api/v1/jobs/${r.body.id}/cancel`, { key });
    expect(c.body).toMatchObject({ status: "cancelled" });
    expect(await storedFiles(r.body.id)).toBe(0);
  });
});

describe("a job of QR images", () => {
  it("decodes each image; a second copy of an image is a cache hit and costs nothing", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "starter" });
    const image = png("safe");
    const r = await submit(key, { channel: "qr", webhook_url: "https://hooks.example.com/qr" }, [
      { bytes: image, name: "sticker.png" },
      { bytes: image, name: "same-sticker.png" },
    ]);
    expect(r.status).toBe(202);
    expect(r.body.webhook_secret).toMatch(/^whsec_/);
    await work();
    const lines = await results(key, r.body.id);
    expect(lines.map((l) => [l.index, l.result.qr_found, l.result.cached])).toEqual([
      [0, true, false],
      [1, true, true],
    ]);
    expect(lines[0].result).toMatchObject({
      image_hash: sha256(image),
      qr_data: "https://sv-test-safe.example.com/",
    });
    // The code's link cost 1 URL unit, once.
    expect((await used(key))["url"]).toBe(1);
    expect(await storedFiles(r.body.id)).toBe(0);
  });
});

describe("a refused upload stores, queues and charges nothing", () => {
  const refusals: [string, Record<string, string>, () => { bytes: Uint8Array; name: string }[], number, unknown][] = [
    [
      "a file of the wrong type, named by its part",
      { channel: "document" },
      () => [
        { bytes: pdf("safe"), name: "ok.pdf" },
        { bytes: new TextEncoder().encode("just some text, not a document"), name: "notes.txt" },
      ],
      415,
      { code: "unsupported_media_type", details: { part: "file[1]", filename: "notes.txt" } },
    ],
    [
      "a PDF where the QR channel takes images only",
      { channel: "qr" },
      () => [{ bytes: pdf("safe"), name: "code.pdf" }],
      415,
      { code: "unsupported_media_type", details: { part: "file[0]" } },
    ],
    [
      "a file over the single endpoint's 10 MiB",
      { channel: "document" },
      () => [{ bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25), name: "huge.pdf" }],
      413,
      { code: "payload_too_large", details: { part: "file[0]", filename: "huge.pdf" } },
    ],
    [
      "more files than a job holds",
      { channel: "qr" },
      () => Array.from({ length: MAX_JOB_FILES + 1 }, (_, i) => ({ bytes: png("safe"), name: `${i}.png` })),
      400,
      { code: "validation_error", details: { issues: [{ field: "file" }] } },
    ],
    [
      "an empty file",
      { channel: "qr" },
      () => [
        { bytes: png("safe"), name: "a.png" },
        { bytes: new Uint8Array(0), name: "empty.png" },
      ],
      400,
      { code: "validation_error", details: { issues: [{ field: "file[1]" }] } },
    ],
    [
      "an unknown channel",
      { channel: "fax" },
      () => [{ bytes: pdf("safe"), name: "a.pdf" }],
      400,
      { code: "validation_error", details: { issues: [{ field: "channel" }] } },
    ],
    [
      "a channel whose items are JSON",
      { channel: "url" },
      () => [{ bytes: pdf("safe"), name: "a.pdf" }],
      400,
      { code: "validation_error", details: { issues: [{ field: "channel" }] } },
    ],
    [
      "no channel",
      {},
      () => [{ bytes: pdf("safe"), name: "a.pdf" }],
      400,
      { code: "validation_error", details: { issues: [{ field: "channel" }] } },
    ],
  ];

  it.each(refusals)("%s", async (_name, fields, files, status, error) => {
    const { key, accountId } = await seedAccount(kit.engine, { plan: "starter" });
    const before = await storedFiles();
    const r = await submit(key, fields, files());
    expect(r.status).toBe(status);
    expect(r.body.error).toMatchObject(error as object);
    expect(await jobsOf(accountId)).toBe(0);
    expect(await storedFiles()).toBe(before);
    expect(sent).toEqual([]);
    expect(Object.values(await used(key)).every((n) => n === 0)).toBe(true);
  });

  it("a job of files may be larger than a JSON job's 32 MiB body", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "starter" });
    // Four files of 9 MiB that start as PDFs: taken at submission (their pages are read by the workers).
    const big = new Uint8Array(9 * 1024 * 1024).fill(0x20);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const r = await submit(
      key,
      { channel: "document" },
      Array.from({ length: 4 }, (_, i) => ({ bytes: big, name: `${i}.pdf` })),
    );
    expect(r.status).toBe(202);
    expect(await storedFiles(r.body.id)).toBe(4);
    await call(server.url, "POST", `/api/v1/jobs/${r.body.id}/cancel`, { key });
    expect(await storedFiles(r.body.id)).toBe(0);
  });

  it("a body past the job's 64 MiB is refused with 413 before any file is checked", async () => {
    const { key, accountId } = await seedAccount(kit.engine, { plan: "starter" });
    const chunk = new Uint8Array(10 * 1024 * 1024).fill(0x41);
    const r = await submit(
      key,
      { channel: "document" },
      Array.from({ length: 7 }, (_, i) => ({ bytes: chunk, name: `${i}.pdf` })),
    );
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("payload_too_large");
    expect(await jobsOf(accountId)).toBe(0);
    expect(sent).toEqual([]);
  });
});
