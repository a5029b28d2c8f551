// Uploads that are hard on the readers, through the HTTP face: a PDF whose pages take PDF.js seconds each to parse
// (answered at the parse budget as a 400, with the next upload served as usual), and HEVC-coded HEIC photos as an
// iPhone sends them, read by the QR and document channels; a photo of random noise, refused as too complex.
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIC_QR_PAYLOAD, HEIC_STICKER_PHONE, heicFixture } from "../../providers/test/fixtures/heic/heic-fixtures.js";
import { sharedContentBomb } from "../../providers/test/document/pdf-bombs.js";
import { MAGIC_DOCUMENT_PDF_BASE64 } from "@scamverify/core";
import { engineInMemory, seedAccount, serve, type JsonBody, type TestServer } from "./support/harness.js";

let server: TestServer;
let key: string;

beforeAll(async () => {
  const kit = engineInMemory();
  server = await serve(kit.engine);
  key = (await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 })).key;
});

afterAll(async () => {
  await server.close();
});

async function upload(path: string, bytes: Uint8Array, filename: string): Promise<{ status: number; body: JsonBody }> {
  const form = new FormData();
  form.append("file", new Blob([bytes]), filename);
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as JsonBody };
}

describe("a PDF parse bomb", () => {
  it("is stopped within the document budget (too_complex, or the pages read so far), and the next PDF is read", async () => {
    // Ten pages sharing one 32 MB stream of path operators (about 50 KB): PDF.js takes over a minute on it.
    const bomb = await sharedContentBomb(10, 32);
    const started = performance.now();
    const r = await upload("/api/v1/document/analyze", bomb, "notice.pdf");
    const elapsed = performance.now() - started;
    // How many pages fit in the parse budget depends on the machine: none (400 too_complex) or some (200 with
    // the pages read, never all ten).
    if (r.status === 200) {
      expect(r.body).toMatchObject({ page_count: 10 });
      expect(r.body.pages_read).toBeLessThan(10);
    } else {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
    }
    // The reader's time budget is 20 s (the channel's 25 s); the parse budget of 5 s ends it first.
    expect(elapsed).toBeLessThan(20_000);

    const next = await upload(
      "/api/v1/document/analyze",
      Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.safe, "base64"),
      "letter.pdf",
    );
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ page_count: 1, pages_read: 1, text_method: "pdf_text" });
    expect(next.body.text_excerpt).toContain("sv-test-safe");
  });
});

describe("HEVC-coded HEIC uploads", () => {
  it("the QR channel reads the code of a HEIC photo", async () => {
    const r = await upload("/api/v1/qr/analyze", heicFixture("qr-code.heic"), "IMG_0001.HEIC");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ qr_found: true, qr_data: HEIC_QR_PAYLOAD, qr_content_type: "url" });
  });

  it("the document channel reads a HEIC photo's printed text and its QR code", async () => {
    const r = await upload("/api/v1/document/analyze", heicFixture("parking-sticker.heic"), "IMG_0002.HEIC");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ media_type: "image/heic", text_method: "ocr", pages_read: 1 });
    expect(r.body.text_excerpt).toMatch(/PARKING VIOLATION/);
    expect(r.body.text_excerpt).toContain(HEIC_STICKER_PHONE);
    expect(r.body.signals.qr_codes).toEqual([HEIC_QR_PAYLOAD]);
    expect(r.body.signals.extracted_urls).toContain(HEIC_QR_PAYLOAD);
    // Every factor has the published shape, the document rules' too (no extra fields).
    const factors = r.body.factors as Record<string, unknown>[];
    expect(factors.some((f) => f["source"] === "document_rules")).toBe(true);
    for (const f of factors) expect(Object.keys(f).sort()).toEqual(["id", "label", "points", "source"]);
  });
});

/** A one-page PDF: a line of text and a QR code of `payload` placed as a picture. */
async function letterWithCode(line: string, payload: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(line, { x: 72, y: 700, font });
  const code = await doc.embedPng(await QRCode.toBuffer(payload, { scale: 4, margin: 2 }));
  page.drawImage(code, { x: 72, y: 480, width: 140, height: 140 });
  return doc.save();
}

describe("a PDF with a QR code printed on it", () => {
  it("is read for the code, whose link is checked like a link printed on the page", async () => {
    const link = "https://citypay-tampa.net/c/2386333";
    const pdf = await letterWithCode("PARKING VIOLATION - SECOND NOTICE. Scan the code to pay your fine today.", link);
    const r = await upload("/api/v1/document/analyze", pdf, "notice.pdf");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ text_method: "pdf_text", pages_read: 1 });
    expect(r.body.signals.qr_codes).toEqual([link]);
    expect(r.body.signals.extracted_urls).toContain(link);
    expect(r.body.sub_lookups).toContainEqual(expect.objectContaining({ kind: "url", value: link }));
  });

  it("says what a code that is no link asks: a crypto payment request", async () => {
    const btc = "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.05";
    const pdf = await letterWithCode("I have a video of you. Pay within 48 hours.", btc);
    const r = await upload("/api/v1/document/analyze", pdf, "letter.pdf");
    expect(r.status).toBe(200);
    expect(r.body.signals.qr_codes).toEqual([btc]);
    expect((r.body.factors as { id: string }[]).map((f) => f.id)).toContain("crypto_payment_request");
  });
});

describe("an upload without a valid key", () => {
  it("is refused as unauthenticated before its body is read, however large, and the next request is served", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(11 * 1024 * 1024)]), "big.png");
    const res = await fetch(`${server.url}/api/v1/qr/analyze`, { method: "POST", body: form });
    expect(res.status).toBe(401);
    expect(((await res.json()) as JsonBody).error).toMatchObject({ code: "missing_api_key" });
    const next = await upload(
      "/api/v1/document/analyze",
      Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.safe, "base64"),
      "a.pdf",
    );
    expect(next.status).toBe(200);
  });
});

describe("an upload's Content-Type", () => {
  const send = (type: string) =>
    fetch(`${server.url}/api/v1/qr/analyze`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": type },
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as JsonBody }));

  it("answers multipart/form-data without its boundary as a malformed form, another type as unsupported", async () => {
    const noBoundary = await send("multipart/form-data");
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.error).toMatchObject({ code: "validation_error" });
    expect(noBoundary.body.error.message).toMatch(/no boundary/);
    expect((await send("application/octet-stream")).status).toBe(415);
  });
});

describe("what a document's answer could not read", () => {
  it("says which pages were past the page cap, and is less sure", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= 12; n++)
      doc.addPage([612, 792]).drawText(`Minutes of meeting, page ${n}`, { x: 72, y: 700, font });
    const r = await upload("/api/v1/document/analyze", await doc.save(), "minutes.pdf");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page_count: 12, pages_read: 10, truncated: true });
    expect(r.body.explanation).toContain("Only 10 of its 12 pages were read");
    expect(r.body.explanation).toContain("pages 11-12 were not assessed");
    expect(r.body.sources).toContainEqual(expect.objectContaining({ name: "unread_pages", status: "skipped" }));
    expect(r.body.verdict).not.toBe("safe");
  });

  it("says when a document holds no text at all", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const r = await upload("/api/v1/document/analyze", await doc.save(), "blank.pdf");
    expect(r.status).toBe(200);
    expect(r.body.explanation).toContain("No text was found in the document");
    expect(r.body.verdict).not.toBe("safe");
  });
});

describe("a refused request that was admitted", () => {
  async function send(path: string, init: RequestInit): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      ...init,
      method: "POST",
      headers: { authorization: `Bearer ${key}`, ...init.headers },
    });
  }
  const form = (bytes: Uint8Array, name: string): FormData => {
    const f = new FormData();
    f.append("file", new Blob([bytes]), name);
    return f;
  };

  it("carries the channel's quota counters and the rate limit, and is not charged", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(60).fill(0)]);
    const before = await send("/api/v1/qr/analyze", { body: form(zip, "code.png") });
    expect(before.status).toBe(415);
    expect(before.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    expect(before.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    const used = before.headers.get("x-quota-url-used");
    expect(used).toMatch(/^\d+$/);
    expect(before.headers.get("x-quota-url-limit")).toMatch(/^\d+$/);
    const again = await send("/api/v1/qr/analyze", { body: form(zip, "code.png") });
    expect(again.headers.get("x-quota-url-used")).toBe(used);
    expect(Number(again.headers.get("ratelimit-remaining"))).toBeLessThan(
      Number(before.headers.get("ratelimit-remaining")),
    );

    const doc = await send("/api/v1/document/analyze", { body: form(zip, "letter.pdf") });
    expect(doc.status).toBe(415);
    expect(doc.headers.get("x-quota-document-used")).toMatch(/^\d+$/);
    expect(doc.headers.get("x-quota-url-used")).toBeNull();

    const json = await send("/api/v1/url/lookup", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "" }),
    });
    expect(json.status).toBe(400);
    expect(json.headers.get("x-quota-url-used")).toBe(used);
    expect(json.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    expect(((await json.json()) as JsonBody).error).not.toHaveProperty("counters");
  });
});

describe("an upload's file name", () => {
  it("over 255 characters is refused in words a client can act on", async () => {
    const r = await upload(
      "/api/v1/document/analyze",
      Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.safe, "base64"),
      `${"a".repeat(300)}.pdf`,
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "validation_error" });
    expect(r.body.error.message).toContain("The file name is longer than 255 characters; rename the file.");
  });
});

describe("a photo of random noise", () => {
  it("is a 400 too_complex on the document channel, and the QR channel answers it as a picture without a code", async () => {
    const noise = noisePng(1_000, 1_000);
    expect(noise.byteLength).toBeGreaterThan(2_900_000);
    const doc = await upload("/api/v1/document/analyze", noise, "static.png");
    expect(doc.status).toBe(400);
    expect(doc.body.error).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
    const qr = await upload("/api/v1/qr/analyze", noise, "static.png");
    expect(qr.status).toBe(200);
    expect(qr.body.qr_found).toBe(false);
  });
});

/** An RGB PNG of random pixels: rows of filter 0, deflated (random bytes do not compress, about 3 MB for 1 MP). */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = randomBytes((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
