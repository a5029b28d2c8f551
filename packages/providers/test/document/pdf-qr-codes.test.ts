// QR codes printed on a PDF's pages: the reader draws the first pages that paint a picture or a detailed path and
// reads their codes, however the code was put on the page (one vector shape, a shape per module, a picture).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentReader } from "../../src/document/create-document-reader.js";
import { createZxingQrDecoder } from "../../src/qr/zxing-qr-decoder.js";

const reader = createDocumentReader({
  qrDecoder: createZxingQrDecoder(),
  limits: { timeBudgetMs: 120_000, parseBudgetMs: 120_000 },
});
afterAll(() => reader.close());
const ctx = () => ({ signal: new AbortController().signal });

const PAY = "https://citypay-tampa.net/c/2386333";
const MODULE = 4; // points per module: a 29-module code is about 4 cm wide

/** The dark modules of a code, as [row, column] pairs. */
function darkModules(text: string): { size: number; dark: [number, number][] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const dark: [number, number][] = [];
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) dark.push([r, c]);
  }
  return { size: modules.size, dark };
}

type Draw = (page: PDFPage, doc: PDFDocument) => Promise<void> | void;

/** One vector path holding every dark module, filled once (as SVG and most PDF generators draw a code). */
const asOneShape =
  (text: string): Draw =>
  (page) => {
    const path = darkModules(text)
      .dark.map(([r, c]) => `M ${c * MODULE} ${r * MODULE} h ${MODULE} v ${MODULE} h ${-MODULE} Z`)
      .join(" ");
    page.drawSvgPath(path, { x: 72, y: 400, color: rgb(0, 0, 0) });
  };

/** A filled rectangle per dark module. */
const moduleByModule =
  (text: string): Draw =>
  (page) => {
    const { size, dark } = darkModules(text);
    for (const [r, c] of dark) {
      const y = 250 + (size - 1 - r) * MODULE;
      page.drawRectangle({ x: 72 + c * MODULE, y, width: MODULE, height: MODULE, color: rgb(0, 0, 0) });
    }
  };

/** The code as a PNG picture placed on the page. */
const asPicture =
  (text: string): Draw =>
  async (page, doc) => {
    const png = await doc.embedPng(await QRCode.toBuffer(text, { scale: 4, margin: 2 }));
    page.drawImage(png, { x: 72, y: 300, width: 120, height: 120 });
  };

/** A Letter-size notice with a line of text on each page and whatever `draws` puts on it. */
async function notice(...draws: (Draw | null)[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font: PDFFont = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, draw] of draws.entries()) {
    const page = doc.addPage([612, 792]);
    page.drawText(`PARKING VIOLATION - page ${i + 1}. Scan the code to pay.`, { x: 72, y: 700, size: 12, font });
    await draw?.(page, doc);
  }
  return doc.save();
}

async function codesOf(bytes: Uint8Array): Promise<readonly string[] | undefined> {
  const doc = (await reader.read(bytes, "pdf", ctx()))._unsafeUnwrap();
  return doc.qr_codes;
}

describe("createDocumentReader: QR codes printed on a PDF", () => {
  it("reads a code drawn as one vector shape, beside the page's text", async () => {
    const bytes = await notice(asOneShape(PAY));
    const doc = (await reader.read(bytes, "pdf", ctx()))._unsafeUnwrap();
    expect(doc.qr_codes).toEqual([PAY]);
    expect(doc.pages[0]).toMatchObject({ method: "pdf_text" });
    expect(doc.pages[0]?.text).toContain("PARKING VIOLATION - page 1");
  });

  it("reads a code drawn module by module", async () => {
    expect(await codesOf(await notice(moduleByModule(PAY)))).toEqual([PAY]);
  });

  it("reads a code placed as a picture", async () => {
    expect(await codesOf(await notice(asPicture(PAY)))).toEqual([PAY]);
  });

  it("reads the codes of the first four pages, each payload once, in page order", async () => {
    const other = "https://example.org/receipt/77";
    const late = "https://late-page.example/pay";
    const bytes = await notice(null, asOneShape(other), asPicture(PAY), moduleByModule(other), asOneShape(late));
    expect(await codesOf(bytes)).toEqual([other, PAY]);
  });

  it("finds nothing on a page of text, rules and a table", async () => {
    const table: Draw = (page) => {
      for (let row = 0; row < 12; row++) {
        page.drawLine({ start: { x: 72, y: 600 - row * 20 }, end: { x: 540, y: 600 - row * 20 } });
        page.drawRectangle({ x: 72, y: 600 - row * 20, width: 150, height: 20, borderWidth: 1 });
      }
    };
    expect(await codesOf(await notice(table))).toEqual([]);
  });

  it("does not look for codes without a QR decoder", async () => {
    const plain = createDocumentReader({ ocr: reader.ocr });
    try {
      const doc = (await plain.read(await notice(asOneShape(PAY)), "pdf", ctx()))._unsafeUnwrap();
      expect(doc.qr_codes).toBeUndefined();
      expect(doc.pages[0]?.text).toContain("PARKING VIOLATION");
    } finally {
      await plain.close();
    }
  });
});
