import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDocumentReader, fromPdfJsError, joinTextItems } from "../../src/document/create-document-reader.js";
import { HEIC_STICKER_PHONE, heicFixture, withClaimedSize } from "../fixtures/heic/heic-fixtures.js";
import { sharedContentBomb, xrefEntriesBomb } from "./pdf-bombs.js";

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

// One reader, so one OCR worker, for the whole file. The budgets are generous: the workers' cold starts count
// against them, and the test machine is shared.
const reader = createDocumentReader({ limits: { timeBudgetMs: 120_000, parseBudgetMs: 120_000 } });
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

  it("reads every page of a multi-page PDF, in order", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const n of [1, 2, 3]) {
      doc.addPage([612, 792]).drawText(`Page ${n}: call 555-010${n} about invoice ${n}00`, { x: 72, y: 700, font });
    }
    const r = (await reader.read(await doc.save(), "pdf", ctx()))._unsafeUnwrap();
    expect(r).toMatchObject({ page_count: 3, pages_read: 3, truncated: false });
    expect(r.pages.map((p) => [p.number, p.method, p.text.trim()])).toEqual([
      [1, "pdf_text", "Page 1: call 555-0101 about invoice 100"],
      [2, "pdf_text", "Page 2: call 555-0102 about invoice 200"],
      [3, "pdf_text", "Page 3: call 555-0103 about invoice 300"],
    ]);
  });

  it("reads PDFs given at once, more than it has PDF threads, each to its own text", async () => {
    const single = createDocumentReader({ ocr: reader.ocr, pdfThreads: { threads: 1 } });
    try {
      const names = ["toll-scam.pdf", "pharmacy-letter.pdf", "toll-scam.pdf"];
      const docs = await Promise.all(names.map((n) => single.read(fixture(n), "pdf", ctx())));
      const texts = docs.map((d) => d._unsafeUnwrap().pages[0]?.text ?? "");
      expect(texts[0]).toContain(truth["toll-scam-1"]!.phones[0]);
      expect(texts[2]).toBe(texts[0]);
      expect(texts[1]).not.toBe(texts[0]);
    } finally {
      await single.close();
    }
  });

  it("starts the OCR worker and a PDF thread on warmUp, and reads with them", async () => {
    const ocrWarmUp = vi.spyOn(reader.ocr, "warmUp");
    const warm = createDocumentReader({ ocr: reader.ocr, pdfThreads: { threads: 1 } });
    try {
      await expect(warm.warmUp()).resolves.toBeUndefined();
      expect(ocrWarmUp).toHaveBeenCalledTimes(1);
      const doc = (await warm.read(fixture("toll-scam.pdf"), "pdf", ctx()))._unsafeUnwrap();
      expect(doc.pages[0]?.text).toContain(truth["toll-scam-1"]!.phones[0]);
    } finally {
      ocrWarmUp.mockRestore();
      await warm.close();
    }
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

  it("OCRs the picture of a page whose text layer says almost nothing, and keeps those few words", async () => {
    const withLayer = async (words: string): Promise<Uint8Array> => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.addPage([612, 792]);
      const png = await doc.embedPng(fixture("utility-bill.png"));
      page.drawImage(png, { x: 36, y: 60, width: 540, height: (540 * png.height) / png.width });
      page.drawText(words, { x: 36, y: 30, size: 9, font });
      return doc.save();
    };
    const sparse = (await reader.read(await withLayer("Page 1 of 1"), "pdf", ctx()))._unsafeUnwrap();
    expect(sparse.pages[0]).toMatchObject({ method: "ocr" });
    expect(sparse.pages[0]?.text).toMatch(/^Page 1 of 1\n\n/);
    expect(sparse.pages[0]?.text).toContain(lineOf(truth["utility-bill-1"]!.phones[0]!));
    expect(sparse.images).toEqual([expect.objectContaining({ page: 1, ocr: true })]);

    const full = "This statement lists the charges of your account for the period shown above. ".repeat(2);
    const read = (await reader.read(await withLayer(full), "pdf", ctx()))._unsafeUnwrap();
    expect(read.pages[0]).toMatchObject({ method: "pdf_text" });
    expect(read.images).toEqual([]);
  });

  it("OCRs a photographed invoice and finds its callback number", async () => {
    const doc = (await reader.read(fixture("invoice-callback-photo.jpg"), "jpeg", ctx()))._unsafeUnwrap();
    expect(doc).toMatchObject({ page_count: 1, pages_read: 1, truncated: false, links: [] });
    expect(doc.pages[0]?.text).toContain(lineOf(truth["invoice-callback-1"]!.phones[0]!));
    expect(doc.pages[0]?.text).toMatch(/cancel/i);
  });

  it("reads a page photographed ten degrees off straight, which Tesseract alone reads as nothing", async () => {
    const turned = await sharp(fixture("utility-bill.png"))
      .flatten({ background: "#ffffff" })
      .rotate(10, { background: { r: 200, g: 196, b: 186 } })
      .png()
      .toBuffer();
    const photo = await sharp(turned).resize({ width: 1000 }).blur(1.1).jpeg({ quality: 35 }).toBuffer();
    const doc = (await reader.read(new Uint8Array(photo), "jpeg", ctx()))._unsafeUnwrap();
    expect(doc.pages[0]?.text).toContain(lineOf(truth["utility-bill-1"]!.phones[0]!));
  });

  it("OCRs an HEVC-coded HEIC photo (written by heif-enc)", async () => {
    const doc = (await reader.read(heicFixture("parking-sticker.heic"), "heic", ctx()))._unsafeUnwrap();
    expect(doc).toMatchObject({ page_count: 1, pages_read: 1, images: [{ width: 1500, ocr: true }] });
    expect(doc.pages[0]?.text).toContain(HEIC_STICKER_PHONE);
    expect(doc.pages[0]?.text).toMatch(/PARKING VIOLATION/);
  });

  it("refuses a HEIC whose header claims more pixels than the limit, before decoding it", async () => {
    const claimed = withClaimedSize(heicFixture("parking-sticker.heic"), 8_000, 6_000);
    expect((await reader.read(claimed, "heic", ctx()))._unsafeUnwrapErr().code).toBe("payload_too_large");
  });

  it("OCRs a screenshot, with the model read from node_modules and nothing written to the working directory", async () => {
    const doc = (await reader.read(fixture("utility-bill.png"), "png", ctx()))._unsafeUnwrap();
    expect(doc.pages[0]?.text).toContain(truth["utility-bill-1"]!.phones[0]);
    expect(doc.pages[0]?.ocr_confidence).toBeGreaterThan(0.8);
    expect(existsSync(join(process.cwd(), "eng.traineddata"))).toBe(false);
  });
});

/**
 * A PDF written by hand, one page per text; the object header of page `damaged`'s content stream is garbled (the
 * cross-reference table still points at it), so the page opens and reading its text fails inside PDF.js.
 */
function handMadePdf(texts: readonly string[], damaged: number): Uint8Array {
  const font = "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>";
  const kids = texts.map((_, i) => `${3 + 2 * i} 0 R`).join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${texts.length} >>`,
    ...texts.flatMap((text, i) => {
      const content = `BT /F1 12 Tf 10 10 Td (${text}) Tj ET`;
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${4 + 2 * i} 0 R ${font} >>`,
        `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      ];
    }),
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    const garbled = i + 1 === 2 + 2 * damaged;
    out += `${i + 1} 0 ${garbled ? ";dPk" : "obj"}\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

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

  it("refuses a PDF whose page opens but whose content stream is damaged, and keeps the pages before it", async () => {
    const one = await reader.read(handMadePdf(["Hello there"], 1), "pdf", ctx());
    expect(one._unsafeUnwrapErr()).toMatchObject({ code: "validation_error", details: { reason: "damaged" } });
    const two = (await reader.read(handMadePdf(["First page", "Second page"], 2), "pdf", ctx()))._unsafeUnwrap();
    expect(two.pages.map((p) => p.text.trim())).toEqual(["First page"]);
    expect(two).toMatchObject({ page_count: 2, pages_read: 1, truncated: true });
  });

  it("refuses a PDF with no pages", async () => {
    expect(await reason("zero-pages.pdf")).toEqual({ code: "validation_error", reason: "empty" });
  });

  it("refuses bytes that are not the image they claim to be", async () => {
    expect(await reason("toll-scam.pdf", "png")).toEqual({ code: "unsupported_media_type", reason: "not_decodable" });
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

  // Thirty pages drawing the same 8 MB of path operators (a few KB of file): PDF.js parses the stream again for
  // every page, 0.3 to 1.5 s each depending on the machine and its load (10 to 45 s in all), in a loop nothing on its
  // own thread could interrupt.
  it.each([
    ["parse budget", { parseBudgetMs: 1_500, maxPages: 30 }, 1_500],
    ["time budget", { timeBudgetMs: 5_000, parseBudgetMs: 120_000, maxPages: 30 }, 5_000],
  ])("stops a PDF whose pages share one huge content stream at the %s", async (_, limits, budget) => {
    const bomb = await sharedContentBomb(30, 8);
    expect(bomb.byteLength).toBeLessThan(20_000);
    const bounded = createDocumentReader({ ocr: reader.ocr, limits });
    try {
      // The PDF process is started first (seconds on a loaded machine), so the budgets below pay for reading only.
      await bounded.warmUp();
      expect((await bounded.read(fixture("pharmacy-letter.pdf"), "pdf", ctx())).isOk()).toBe(true);
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 100);
      const started = performance.now();
      const read = await bounded.read(bomb, "pdf", ctx());
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      // How many pages fit in the budget depends on the machine: none (too complex) or some (kept, marked
      // truncated). Never all thirty, never past the budget.
      if (read.isErr()) {
        expect(read.error).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
        expect(read.error.message).toMatch(/longer than allowed/);
      } else {
        expect(read.value).toMatchObject({ page_count: 30, truncated: true });
        expect(read.value.pages_read).toBeLessThan(30);
      }
      // Answered at the budget, and this thread's timers kept running meanwhile.
      expect(elapsed).toBeLessThan(budget + 3_000);
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(budget / 200));
      // The thread was ended; the next upload is read by its replacement.
      const next = (await bounded.read(fixture("toll-scam.pdf"), "pdf", ctx()))._unsafeUnwrap();
      expect(next.pages[0]?.text).toContain(truth["toll-scam-1"]!.urls[0]);
    } finally {
      await bounded.close();
    }
  });

  it("keeps the pages read before the parse budget ran out", async () => {
    // 100 pages sharing 2 MB of path operators: 0.07 to 0.4 s a page depending on the machine, far more than the
    // budget in all (512 KB a page was read whole inside the budget on a quick machine).
    const bounded = createDocumentReader({ ocr: reader.ocr, limits: { parseBudgetMs: 2_000, maxPages: 100 } });
    try {
      await bounded.warmUp();
      const read = await bounded.read(await sharedContentBomb(100, 2), "pdf", ctx());
      if (read.isErr()) throw new Error(`${read.error.code}: ${read.error.message}`);
      const doc = read.value;
      expect(doc).toMatchObject({ page_count: 100, truncated: true });
      expect(doc.pages_read).toBeGreaterThanOrEqual(1);
      expect(doc.pages_read).toBeLessThan(100);
      expect(doc.pages.map((p) => p.number)).toEqual(Array.from({ length: doc.pages_read }, (_, i) => i + 1));
    } finally {
      await bounded.close();
    }
  });

  it("ends the PDF thread whose heap passes its limit, and reads the next PDF", async () => {
    // A 27 KB file whose cross-reference stream declares a million objects: PDF.js fills its heap while opening it.
    const bounded = createDocumentReader({
      ocr: reader.ocr,
      limits: { parseBudgetMs: 120_000, timeBudgetMs: 120_000 },
      pdfThreads: { maxHeapMb: 24 },
    });
    try {
      const e = (await bounded.read(xrefEntriesBomb(1_000_000), "pdf", ctx()))._unsafeUnwrapErr();
      expect(e).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
      expect(e.message).toMatch(/more memory than allowed/);
      const next = (await bounded.read(fixture("toll-scam.pdf"), "pdf", ctx()))._unsafeUnwrap();
      expect(next.pages[0]?.text).toContain(truth["toll-scam-1"]!.urls[0]);
    } finally {
      await bounded.close();
    }
  });

  it("stops parsing when the caller gives up mid-read", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const e = (
      await reader.read(await sharedContentBomb(10, 8), "pdf", { signal: controller.signal })
    )._unsafeUnwrapErr();
    expect(e).toMatchObject({ code: "service_unavailable", details: { reason: "aborted" } });
    expect((await reader.read(fixture("toll-scam.pdf"), "pdf", ctx())).isOk()).toBe(true);
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
