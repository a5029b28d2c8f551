// Pictures that cost OCR far more than their size: noise all over, a blank picture of 36 MP, a photo under 9 MB of
// metadata. Each is answered for what it is (400 too_complex, no text, its text); the time budget running out while
// a read waits on the server's own capacity is the one case left for 503.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentReader } from "../../src/document/create-document-reader.js";
import { withMetadataSegments } from "../image/fat-jpeg.js";
import { sharedContentBomb } from "./pdf-bombs.js";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const ctx = () => ({ signal: new AbortController().signal });

// The default limits, as served: a noise picture used to spend the whole 20 s time budget in OCR.
const reader = createDocumentReader();
afterAll(() => reader.close());

describe("createDocumentReader: pictures that cost more than they hold", () => {
  it("refuses a random-noise PNG as too complex, a 4xx with its reason", async () => {
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(2_900_000);
    const e = (await reader.read(new Uint8Array(noise), "png", ctx()))._unsafeUnwrapErr();
    expect(e).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
    expect(e.message).toMatch(/noise/);
  });

  it("reads a blank 36 MP PNG as a picture without text, without OCR", async () => {
    const blank = await sharp(Buffer.alloc(6_000 * 6_000), { raw: { width: 6_000, height: 6_000, channels: 1 } })
      .png()
      .toBuffer();
    const doc = (await reader.read(new Uint8Array(blank), "png", ctx()))._unsafeUnwrap();
    expect(doc.pages).toEqual([{ number: 1, text: "", method: "ocr", ocr_confidence: 0 }]);
  });

  it("reads a photo under 9 MB of metadata, upright", async () => {
    const photo = new Uint8Array(readFileSync(join(FIXTURES, "invoice-callback-photo.jpg")));
    const fat = withMetadataSegments(photo, 9 * 1024 * 1024);
    const doc = (await reader.read(fat, "jpeg", ctx()))._unsafeUnwrap();
    expect(doc.pages[0]?.text).toMatch(/invoice/i);
  });
});

describe("createDocumentReader: whose time ran out", () => {
  it("answers a picture whose own reading outlasts the time budget 400 too_complex", async () => {
    // A full page of print takes OCR a second or more; the budget is a fifth of that.
    const hasty = createDocumentReader({ ocr: reader.ocr, limits: { timeBudgetMs: 200 } });
    try {
      await reader.ocr.warmUp();
      const bill = new Uint8Array(readFileSync(join(FIXTURES, "utility-bill.png")));
      const e = (await hasty.read(bill, "png", ctx()))._unsafeUnwrapErr();
      expect(e).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
      expect(e.message).toMatch(/image is too complex to read: reading it takes longer than allowed/);
    } finally {
      await hasty.close();
    }
  });

  it("answers 503 to a read whose budget ran out waiting for the server", async () => {
    // One PDF process: the first bomb holds it for its whole time budget; the second waits for it meanwhile.
    const single = createDocumentReader({
      ocr: reader.ocr,
      pdfThreads: { threads: 1 },
      limits: { timeBudgetMs: 3_000, parseBudgetMs: 120_000, maxPages: 30 },
    });
    try {
      await single.warmUp();
      const bomb = await sharedContentBomb(30, 8);
      const [own, waited] = await Promise.all([single.read(bomb, "pdf", ctx()), single.read(bomb, "pdf", ctx())]);
      // The first keeps the pages read before its time ran out (200), or has none (400); it is never 503.
      if (own.isErr())
        expect(own.error).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
      else expect(own.value.truncated).toBe(true);
      expect(waited._unsafeUnwrapErr()).toMatchObject({
        code: "service_unavailable",
        retryAfter: 30,
        details: { reason: "time_budget" },
      });
    } finally {
      await single.close();
    }
  }, 60_000);
});
