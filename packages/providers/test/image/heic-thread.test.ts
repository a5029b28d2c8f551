// HEIC pictures are decoded on a thread of their own: the serving thread keeps turning while one decodes, a
// cancelled or overlong decode ends with its thread, and the next picture still decodes.
import { afterAll, describe, expect, it } from "vitest";
import { HeicDecodeAborted, HeicThread } from "../../src/image/heic-thread.js";
import { heicFixture } from "../fixtures/heic/heic-fixtures.js";

const threads: HeicThread[] = [];
function thread(options?: { budgetMs?: number }): HeicThread {
  const t = new HeicThread(options);
  threads.push(t);
  return t;
}
afterAll(async () => {
  for (const t of threads) await t.close();
});

describe("HeicThread", () => {
  it("decodes to RGBA while the calling thread keeps running", async () => {
    const t = thread();
    let ticks = 0;
    const timer = setInterval(() => void ticks++, 1);
    try {
      const image = await t.decode(heicFixture("parking-sticker.heic"));
      expect([image.width, image.height]).toEqual([620, 420]);
      expect(image.data.length).toBe(620 * 420 * 4);
    } finally {
      clearInterval(timer);
    }
    // Starting the thread and loading the wasm alone take hundreds of milliseconds; inline, not one tick would run.
    expect(ticks).toBeGreaterThan(3);
  });

  it("leaves the caller's bytes untouched and serves pictures one after another", async () => {
    const t = thread();
    const bytes = heicFixture("qr-code.heic");
    const before = bytes.slice();
    const [a, b] = await Promise.all([t.decode(bytes), t.decode(bytes)]);
    expect(bytes).toEqual(before);
    expect([a.width, b.width]).toEqual([246, 246]);
  });

  it("leaves a Node Buffer (fs.readFileSync's answer) whole: the thread gets a copy, not the Buffer's memory", async () => {
    const bytes = Buffer.from(heicFixture("qr-code.heic"));
    const before = Buffer.from(bytes);
    const image = await thread().decode(bytes);
    expect(image.width).toBe(246);
    expect(bytes.byteLength).toBe(before.byteLength);
    expect(bytes.equals(before)).toBe(true);
  });

  it("ends a cancelled decode with its thread, then decodes the next picture on a fresh one", async () => {
    const t = thread();
    const controller = new AbortController();
    const pending = t.decode(heicFixture("parking-sticker.heic"), controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(HeicDecodeAborted);
    const next = await t.decode(heicFixture("qr-code.heic"));
    expect(next.width).toBe(246);
  });

  it("stops a decode past its budget", async () => {
    await expect(thread({ budgetMs: 1 }).decode(heicFixture("parking-sticker.heic"))).rejects.toBeInstanceOf(
      HeicDecodeAborted,
    );
  });

  it("reports bytes that do not decode as an ordinary error, and keeps serving", async () => {
    const t = thread();
    const broken = heicFixture("qr-code.heic").slice(0, 900);
    const failure = await t.decode(broken).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(HeicDecodeAborted);
    expect((await t.decode(heicFixture("qr-code.heic"))).height).toBe(246);
  });
});
