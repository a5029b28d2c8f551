// The OCR worker shared by every request of a server: one request's abort (its deadline, or its client gone) must
// end that request's recognition only. Found by the fuzz campaign (bench/faults/fuzz.ts): the images queued behind
// an aborted one inside the worker were never read and their requests hung, a job handed to the worker while it was
// being terminated crashed the process, and so did an image the worker could not read.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { prepareEncodedImage } from "../../src/document/prepare-ocr-image.js";
import { OcrAbortedError, TesseractOcr } from "../../src/document/tesseract-ocr.js";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

async function page(): Promise<Uint8Array> {
  const prepared = await prepareEncodedImage(new Uint8Array(readFileSync(join(FIXTURES, "utility-bill.png"))), "png");
  if (!prepared.ok) throw new Error("fixture did not prepare");
  return prepared.png;
}

const ocr = new TesseractOcr();
afterAll(() => ocr.close());

describe("TesseractOcr shared by concurrent requests", () => {
  it("reads the images queued behind one that is aborted mid-recognition", async () => {
    const png = await page();
    await ocr.warmUp();
    const first = new AbortController();
    const a = ocr.recognize(png, first.signal);
    const b = ocr.recognize(png, new AbortController().signal);
    const c = ocr.recognize(png, new AbortController().signal);
    setTimeout(() => first.abort(), 50);
    await expect(a).rejects.toBeInstanceOf(OcrAbortedError);
    const [rb, rc] = await Promise.all([b, c]);
    expect(rb.text.length).toBeGreaterThan(20);
    expect(rc.text).toBe(rb.text);
  }, 120_000);

  it("lets an image aborted while waiting leave the queue without ending the one being read", async () => {
    const png = await page();
    const waiting = new AbortController();
    const running = ocr.recognize(png, new AbortController().signal);
    const queued = ocr.recognize(png, waiting.signal);
    waiting.abort();
    await expect(queued).rejects.toBeInstanceOf(OcrAbortedError);
    expect((await running).text.length).toBeGreaterThan(20);
  }, 120_000);

  it("rejects an image the worker cannot read, and goes on reading the next", async () => {
    const png = await page();
    await expect(
      ocr.recognize(new Uint8Array(Buffer.from("not an image at all")), new AbortController().signal),
    ).rejects.toBeDefined();
    expect((await ocr.recognize(png, new AbortController().signal)).text.length).toBeGreaterThan(20);
  }, 120_000);
});
