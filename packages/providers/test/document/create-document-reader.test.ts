import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentReader, fromPdfJsError, joinTextItems } from "../../src/document/create-document-reader.js";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));
const truth = JSON.parse(readFileSync(join(FIXTURES, "truth.json"), "utf8")) as Record<
  string,
  { phones: string[]; urls: string[] }
>;
const ctx = () => ({ signal: new AbortController().signal });
/** The last seven digits of a printed number, as they appear in any OCR'd rendering of it ("555-0144"). */
const lineOf = (printed: string): string =>
  printed
    .replace(/\D/g, "")
    .slice(-7)
    .replace(/^(\d{3})/, "$1-");

// One reader, so one OCR worker, for the whole file. The budget is generous: the worker's cold start counts
// against it, and the test machine is shared.
const reader = createDocumentReader({ limits: { timeBudgetMs: 120_000 } });
afterAll(() => reader.close());

describe("createDocumentReader: PDFs with a text layer", () => {
  it("reads the text layer page by page without OCR", async () => {
    const r = await reader.read(fixture("toll-scam.pdf"), "pdf", ctx());
    const doc = r._unsafeUnwrap();
    expect(doc).toMatchObject({ page_count: 1, pages_read: 1, truncated: false, images: [] });
    expect(doc.pages[0]?.method).toBe("pdf_text");
    expect(doc.pages[0]?.ocr_confidence).toBeUndefined();
    const { phones, urls } = truth["toll-scam-1"]!;
    expect(doc.pages[0]?.text).toContain(phones[0]);
    expect(doc.pages[0]?.text).toContain(urls[0]);
    expect(doc.pages[0]?.text).toMatch(/FINAL NOTICE: UNPAID TOLL\n/);
  });

  it("leaves the caller's bytes intact", async () => {
    const bytes = fixture("pharmacy-letter.pdf");
    const copy = bytes.slice();
    expect((await reader.read(bytes, "pdf", ctx())).isOk()).toBe(true);
    expect(bytes).toEqual(copy);
  });
});

describe("createDocumentReader: OCR", () => {
  it("OCRs the picture of a scanned page that has no text layer", async () => {
    const doc = (await reader.read(fixture("jury-scam-scanned.pdf"), "pdf", ctx()))._unsafeUnwrap();
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]).toMatchObject({ number: 1, method: "ocr" });
    expect(doc.pages[0]?.ocr_confidence).toBeGreaterThan(0.6);
    expect(doc.pages[0]?.text).toContain(lineOf(truth["jury-scam-1"]!.phones[0]!));
    expect(doc.pages[0]?.text).toMatch(/gift cards/i);
    expect(doc.images).toEqual([{ page: 1, width: 1100, height: expect.any(Number), ocr: true }]);
  });

  it("OCRs a photographed invoice and finds its callback number", async () => {
    const doc = (await reader.read(fixture("invoice-callback-photo.jpg"), "jpeg", ctx()))._unsafeUnwrap();
    expect(doc).toMatchObject({ page_count: 1, pages_read: 1, truncated: false, links: [] });
    expect(doc.pages[0]?.text).toContain(lineOf(truth["invoice-callback-1"]!.phones[0]!));
    expect(doc.pages[0]?.text).toMatch(/cancel/i);
  });

  it("OCRs a screenshot, with the model read from node_modules and nothing written to the working directory", async () => {
    const doc = (await reader.read(fixture("utility-bill.png"), "png", ctx()))._unsafeUnwrap();
    expect(doc.pages[0]?.text).toContain(truth["utility-bill-1"]!.phones[0]);
    expect(doc.pages[0]?.ocr_confidence).toBeGreaterThan(0.8);
    expect(existsSync(join(process.cwd(), "eng.traineddata"))).toBe(false);
  });
});

describe("createDocumentReader: bad input", () => {
  const reason = async (name: string, kind: "pdf" | "png" = "pdf") => {
    const r = await reader.read(fixture(name), kind, ctx());
    const e = r._unsafeUnwrapErr();
    return { code: e.code, reason: e.details?.["reason"] };
  };

  it("refuses a password-protected PDF", async () => {
    expect(await reason("encrypted.pdf")).toEqual({ code: "validation_error", reason: "encrypted" });
  });

  it("refuses a truncated PDF", async () => {
    expect(await reason("truncated.pdf")).toEqual({ code: "validation_error", reason: "damaged" });
  });

  it("refuses a PDF with no pages", async () => {
    expect(await reason("zero-pages.pdf")).toEqual({ code: "validation_error", reason: "empty" });
  });

  it("refuses bytes that are not the image they claim to be", async () => {
    expect(await reason("toll-scam.pdf", "png")).toEqual({ code: "validation_error", reason: "not_decodable" });
  });

  it("refuses an empty upload and one over the byte limit", async () => {
    const small = createDocumentReader({ limits: { maxBytes: 1000 }, ocr: reader.ocr });
    expect((await small.read(fixture("toll-scam.pdf"), "pdf", ctx()))._unsafeUnwrapErr().code).toBe(
      "payload_too_large",
    );
    expect((await small.read(new Uint8Array(0), "pdf", ctx()))._unsafeUnwrapErr().code).toBe("validation_error");
  });

  it("refuses a picture of more pixels than the limit", async () => {
    // 7,000 x 7,000 = 49 MP of one grey level: a few kilobytes of PNG that would decode to 49 MB.
    const side = 7_000;
    const png = await sharp(Buffer.alloc(side * side, 255), { raw: { width: side, height: side, channels: 1 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const e = (await reader.read(new Uint8Array(png), "png", ctx()))._unsafeUnwrapErr();
    expect(e.code).toBe("payload_too_large");
  });

  it("bounds a PDF bomb: 1,000 pages of 32 MB content each are cut to the page cap", async () => {
    const doc = (await reader.read(fixture("bomb.pdf"), "pdf", ctx()))._unsafeUnwrap();
    expect(doc).toMatchObject({ page_count: 1_000, pages_read: 10, truncated: true });
    expect(doc.pages[0]?.text.length).toBe(20_000);
  });

  it("stops at the time budget and keeps the pages already read", async () => {
    // A clock that jumps 30 s at every look (start, read, page 1, page 2): the budget is spent after page 1.
    let t = 0;
    const hasty = createDocumentReader({ now: () => (t += 30_000), ocr: reader.ocr, limits: { timeBudgetMs: 75_000 } });
    const doc = (await hasty.read(fixture("bomb.pdf"), "pdf", ctx()))._unsafeUnwrap();
    expect(doc).toMatchObject({ pages_read: 1, truncated: true });
  });

  it("answers service_unavailable when the caller has already given up", async () => {
    const aborted = new AbortController();
    aborted.abort();
    const e = (await reader.read(fixture("toll-scam.pdf"), "pdf", { signal: aborted.signal }))._unsafeUnwrapErr();
    expect(e).toMatchObject({ code: "service_unavailable", details: { reason: "aborted" } });
  });
});

describe("PDF.js mapping", () => {
  it("joins text items into lines at their end-of-line marks", () => {
    expect(joinTextItems([{ str: "Pay ", hasEOL: false }, { str: "now", hasEOL: true }, { str: "Thanks" }, {}])).toBe(
      "Pay now\nThanks",
    );
  });

  it("maps a password exception to encrypted and anything else to damaged", () => {
    const pw = Object.assign(new Error("No password given"), { name: "PasswordException" });
    expect(fromPdfJsError(pw).details).toEqual({ reason: "encrypted" });
    expect(fromPdfJsError(new Error("Invalid PDF structure.")).details).toEqual({ reason: "damaged" });
    expect(fromPdfJsError("weird").code).toBe("validation_error");
  });
});
