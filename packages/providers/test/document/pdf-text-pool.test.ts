import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { PdfTextPool, type PdfThread } from "../../src/document/pdf-text-pool.js";
import { sharedContentBomb, zeroStreamBomb } from "./pdf-bombs.js";

const PDF = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "toll-scam.pdf"));
const LIMITS = {
  maxPageChars: 20_000,
  maxImagesPerPage: 2,
  minOcrImageSide: 300,
  maxImagePixels: 40_000_000,
  maxInflatedBytes: 256 * 1024 * 1024,
};
const never = new AbortController().signal;

/** Opens the fixture on `thread` and reads its first page's text. */
async function firstPageText(thread: PdfThread, signal = never): Promise<string> {
  const bytes = new Uint8Array(PDF);
  const opened = await thread.request({ op: "open", bytes, limits: LIMITS }, signal);
  expect(opened).toMatchObject({ ok: true, pageCount: 1 });
  const reply = await thread.request({ op: "page", number: 1, scan: false }, signal);
  thread.closeDocument();
  if (!reply.ok || !("page" in reply)) throw new Error(`no page: ${JSON.stringify(reply)}`);
  return reply.page.text;
}

let pool: PdfTextPool;
afterEach(() => pool.close());

describe("PdfTextPool", () => {
  it("keeps a thread for the next read, and lends it to one read at a time", async () => {
    pool = new PdfTextPool({ threads: 1 });
    const first = await pool.acquire(never);
    const text = await firstPageText(first);
    expect(text).toMatch(/UNPAID TOLL/);

    let granted: PdfThread | undefined;
    const waiting = pool.acquire(never).then((t) => (granted = t));
    await new Promise((r) => setTimeout(r, 50));
    expect(granted).toBeUndefined();
    pool.release(first);
    expect(await waiting).toBe(first);
    expect(await firstPageText(first)).toBe(text);
    pool.release(first);
    expect(pool.threads).toBe(1);
  });

  it("ends a thread whose request is abandoned, and replaces it at once", async () => {
    pool = new PdfTextPool({ threads: 1 });
    const first = await pool.acquire(never);
    await first.started(never);
    const bomb = await sharedContentBomb(2, 32);
    await first.request({ op: "open", bytes: bomb, limits: LIMITS }, never);
    // The page takes PDF.js seconds: the caller leaves while it is at work.
    const gone = new AbortController();
    setTimeout(() => gone.abort(new Error("caller left")), 200);
    await expect(first.request({ op: "page", number: 1, scan: false }, gone.signal)).rejects.toThrow("caller left");
    expect(first.alive).toBe(false);
    pool.release(first);
    expect(pool.threads).toBe(1);
    const next = await pool.acquire(never);
    expect(next).not.toBe(first);
    expect(await firstPageText(next)).toMatch(/UNPAID TOLL/);
    pool.release(next);
  });

  it("stops waiting for a thread when the waiter gives up", async () => {
    pool = new PdfTextPool({ threads: 1 });
    const held = await pool.acquire(never);
    const gone = new AbortController();
    const waiting = pool.acquire(gone.signal);
    gone.abort(new Error("timed out"));
    await expect(waiting).rejects.toThrow("timed out");
    pool.release(held);
    expect(await pool.acquire(never)).toBe(held);
    pool.release(held);
  });

  it("ends idle threads on close, and starts a new one for a later read", async () => {
    pool = new PdfTextPool({ threads: 2 });
    const a = await pool.acquire(never);
    await a.started(never);
    pool.release(a);
    pool.close();
    expect(a.alive).toBe(false);
    expect(pool.threads).toBe(0);
    const b = await pool.acquire(never);
    expect(b).not.toBe(a);
    expect(await firstPageText(b)).toMatch(/UNPAID TOLL/);
    pool.release(b);
  });
});

describe("PdfTextPool: resident memory", () => {
  it("ends a process whose resident memory passes its budget mid-request, and replaces it", async () => {
    // The budget: what a process holds once PDF.js has loaded, and 100 MB more.
    pool = new PdfTextPool({ threads: 1 });
    const probe = await pool.acquire(never);
    await probe.started(never);
    const idle = probe.resident;
    expect(idle).toBeGreaterThan(0);
    pool.release(probe);
    pool.close();
    pool = new PdfTextPool({ threads: 1, maxResidentMb: Math.ceil((idle ?? 0) / 2 ** 20) + 100 });
    const thread = await pool.acquire(never);
    await thread.started(never);
    // 300 MB of zeros in one content stream, with no inflate cap: PDF.js grows one buffer to hold it.
    const bomb = await zeroStreamBomb(300);
    const limits = { ...LIMITS, maxInflatedBytes: 2 ** 40 };
    expect(await thread.request({ op: "open", bytes: bomb, limits }, never)).toMatchObject({ ok: true });
    await expect(thread.request({ op: "page", number: 1, scan: false }, never)).rejects.toMatchObject({
      name: "PdfThreadGone",
      failure: "memory",
    });
    expect(thread.alive).toBe(false);
    pool.release(thread);
    const next = await pool.acquire(never);
    expect(next).not.toBe(thread);
    expect(await firstPageText(next)).toMatch(/UNPAID TOLL/);
    pool.release(next);
  }, 120_000);
});

describe("PdfTextPool.warmUp", () => {
  it("starts one thread ahead of the first read and lends it to that read", async () => {
    pool = new PdfTextPool({ threads: 2 });
    expect(pool.threads).toBe(0);
    await pool.warmUp();
    expect(pool.threads).toBe(1);
    // Warm already: nothing more is started.
    await pool.warmUp();
    expect(pool.threads).toBe(1);
    const thread = await pool.acquire(never);
    expect(pool.threads).toBe(1);
    expect(await firstPageText(thread)).toMatch(/UNPAID TOLL/);
    pool.release(thread);
  });
});
