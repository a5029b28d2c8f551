// QR codes and attached letters in an email, end to end: a mail built as a client sends it, read by the production mail reader, its
// pictures and PDFs searched by the production QR decoder and document reader, assessed by the engine's email verb.
import { PDFDocument, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appError, MAX_SCANNABLE, type Engine, type Principal } from "@scamverify/core";
import { enginePrincipal, inMemoryEngine } from "../../../persistence/src/testing/in-memory-engine.js";
import { createDocumentReader } from "../../src/document/create-document-reader.js";
import { createPostalMimeReader } from "../../src/email/postal-mime-mail-reader.js";
import { createZxingQrDecoder } from "../../src/qr/zxing-qr-decoder.js";

const PHISH = "https://m365-secure-docs.click/auth/mfa?u=4411";
const qrDecoder = createZxingQrDecoder();
const documentReader = createDocumentReader({ qrDecoder });
const mailReader = createPostalMimeReader();
let engine: Engine;
let principal: Principal;

beforeAll(async () => {
  engine = inMemoryEngine({ qrDecoder, documentReader, mailReader });
  ({ principal } = await enginePrincipal(engine));
});
afterAll(() => documentReader.close());

const png = async (text: string): Promise<Buffer> => QRCode.toBuffer(text, { scale: 4, margin: 2 });

async function pdfWithCode(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Shared document: scan the code with your phone to open it.", { x: 72, y: 700, font });
  page.drawImage(await doc.embedPng(await png(text)), { x: 72, y: 480, width: 140, height: 140 });
  return Buffer.from(await doc.save());
}

interface Part {
  readonly type: string;
  readonly body: string | Buffer;
  readonly name?: string;
  readonly cid?: string;
}

/** A whole RFC 822 message from the sender, with the parts given (text as is, binary parts in base64). */
function message(from: string, subject: string, parts: readonly Part[]): string {
  const lines = [
    `From: ${from}`,
    "To: staff@example.com",
    `Subject: ${subject}`,
    "Date: Mon, 23 Nov 2026 09:00:00 +0000",
    "Message-ID: <q1@mail.example>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
  ];
  for (const part of parts) {
    lines.push("--b1", `Content-Type: ${part.type}${part.name ? `; name="${part.name}"` : ""}`);
    if (part.cid) lines.push(`Content-ID: <${part.cid}>`, "Content-Disposition: inline");
    else if (part.name) lines.push(`Content-Disposition: attachment; filename="${part.name}"`);
    if (typeof part.body === "string") lines.push("", part.body);
    else lines.push("Content-Transfer-Encoding: base64", "", ...(part.body.toString("base64").match(/.{1,76}/g) ?? []));
  }
  lines.push("--b1--", "");
  return lines.join("\r\n");
}

async function analyze(raw: string) {
  const r = await engine.analyzeEmail(principal, { email_body: raw, force_refresh: true });
  return r._unsafeUnwrap().value;
}

const ASK = "Your Microsoft 365 password expires today. Scan the QR code below with your phone camera to keep access.";

describe("the mail reader keeps what may carry a code", () => {
  it("keeps attached and inline pictures, data: pictures in the HTML, and PDFs, by their bytes, within the cap", async () => {
    const code = await png(PHISH);
    const html = `<p>${ASK}</p><img src="data:image/png;base64,${code.toString("base64")}" alt="code">`;
    const raw = message("IT Desk <it@example.com>", "Action required", [
      { type: "text/html; charset=utf-8", body: html },
      { type: "image/png", body: code, cid: "qr1" },
      // Declared as a PDF, but a picture: the bytes decide.
      { type: "application/pdf", body: code, name: "scan.pdf" },
      { type: "application/pdf", body: await pdfWithCode(PHISH), name: "document.pdf" },
      { type: "text/plain", body: "not a picture", name: "notes.txt" },
      { type: "image/png", body: code, name: "extra.png" },
    ]);
    const mail = (await mailReader.read(raw))._unsafeUnwrap();
    expect(mail.scannable?.map((f) => f.kind)).toEqual(["image", "image", "pdf", "image"]);
    expect(mail.scannable).toHaveLength(MAX_SCANNABLE);
  });
});

describe("an email that sends its reader to a page by a QR code", () => {
  it("reads the code of an inline picture, checks its link and weighs it against the sender", async () => {
    const raw = message("IT Service Desk <it-support@example.com>", "Password expiry notice", [
      { type: "text/plain; charset=utf-8", body: ASK },
      { type: "image/png", body: await png(PHISH), cid: "qr1" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.qr_codes).toEqual([PHISH]);
    expect(v.signals.extracted_urls).toContain(PHISH);
    expect(v.sub_lookups).toContainEqual(expect.objectContaining({ kind: "url", value: PHISH }));
    const factor = v.factors.find((f) => f.id === "qr_code_link");
    expect(factor?.label).toContain("m365-secure-docs.click, not a example.com address");
    // The words around the code tell the story the code completes.
    expect(v.factors.map((f) => f.id)).toContain("account_problem");
  });

  it("reads the code of an attached PDF", async () => {
    const raw = message("Docs <share@example.com>", "A document was shared with you", [
      { type: "text/plain; charset=utf-8", body: "You have a new shared document. Scan the code in the attachment." },
      { type: "application/pdf", body: await pdfWithCode(PHISH), name: "Shared_Document.pdf" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.qr_codes).toEqual([PHISH]);
    expect(v.factors.map((f) => f.id)).toContain("qr_code_link");
  });

  it("reads the code of a mail whose words are all in its picture", async () => {
    const raw = message("HR <hr@example.com>", "Benefits", [
      {
        type: "text/html; charset=utf-8",
        body: `<img src="data:image/png;base64,${(await png(PHISH)).toString("base64")}">`,
      },
    ]);
    expect((await analyze(raw)).signals.qr_codes).toEqual([PHISH]);
  });

  it("adds nothing for a code that opens the sender's own site", async () => {
    const own = "https://www.example.com/app/download";
    const raw = message("Example <news@example.com>", "Get our app", [
      {
        type: "text/plain; charset=utf-8",
        body: "Scan the QR code with your phone camera to install the Example app.",
      },
      { type: "image/png", body: await png(own), cid: "app" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.qr_codes).toEqual([own]);
    expect(v.factors.map((f) => f.id)).not.toContain("qr_code_link");
  });

  it("does not search the pictures of a mail that neither asks to scan nor keeps its words in a picture", async () => {
    const raw = message("Shop <news@shop.example>", "This week's offers", [
      {
        type: "text/plain; charset=utf-8",
        body:
          "Our weekly offers are here: fresh bread, seasonal fruit and roasted coffee at the usual prices, and a new " +
          "cheese counter opening on Saturday. See you in store soon.",
      },
      { type: "image/png", body: await png(PHISH), cid: "banner" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.qr_codes).toEqual([]);
    expect(v.factors.map((f) => f.id)).not.toContain("qr_code_link");
  });
});

describe("an email that leaves its message to an attached PDF", () => {
  async function letter(lines: readonly string[]): Promise<Buffer> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - 16 * i, size: 11, font }));
    return Buffer.from(await doc.save());
  }
  const INVOICE = [
    "Norton 360 Deluxe - INVOICE NL-55120",
    "Your subscription was renewed automatically. Amount charged: $389.99.",
    "If you did not authorize this charge, call our billing desk at +1 (808) 555-0144",
    "within 24 hours to cancel and receive a refund.",
  ];

  it("reads the PDF's text with the mail: its number is checked and its callback script weighed", async () => {
    const raw = message("Billing <mark.billing.dept44@gmail.com>", "Invoice NL-55120", [
      { type: "text/plain; charset=utf-8", body: "Please find the attached invoice." },
      { type: "application/pdf", body: await letter(INVOICE), name: "Invoice.pdf" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.extracted_phones).toContain("+18085550144");
    expect(v.sub_lookups).toContainEqual(expect.objectContaining({ kind: "phone" }));
    expect(v.factors.map((f) => f.id)).toEqual(
      expect.arrayContaining(["charge_callback", "call_to_dispute", "scam_script"]),
    );
  });

  it("does not open the PDF of a long mail that does not point to it", async () => {
    const text =
      "Minutes of Tuesday's planning meeting. We agreed the spring schedule, the volunteer rota and the budget for " +
      "the garden beds; the committee will meet again in two weeks. Maria will book the hall and Sam will bring the " +
      "new plans. Thanks to everyone who came along, and to the bakery for the coffee and pastries on the day. " +
      "Next time we will also talk about the summer fair, the raffle prizes and the stall layout near the gate.";
    const raw = message("Garden Club <club@gardenclub.example>", "Meeting minutes", [
      { type: "text/plain; charset=utf-8", body: text },
      { type: "application/pdf", body: await letter(INVOICE), name: "plans.pdf" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.extracted_phones).toEqual([]);
    // Nothing of the letter's callback script is read, and no rule fires (the message model reads every mail).
    expect(v.factors.filter((f) => f.source !== "scoring" && f.source !== "message_model")).toEqual([]);
  });
});

describe("an email whose files cannot be read for a failure of ours", () => {
  it("says what was not assessed and is less sure, never reading the failure as a finding", async () => {
    const broken = inMemoryEngine({
      mailReader,
      qrDecoder: { decode: () => Promise.resolve({ ok: false, error: appError("internal_error", "decoder down") }) },
    });
    const who = (await enginePrincipal(broken)).principal;
    const raw = message("IT Service Desk <it-support@example.com>", "Password expiry notice", [
      { type: "text/plain; charset=utf-8", body: ASK },
      { type: "image/png", body: await png(PHISH), cid: "qr1" },
    ]);
    const down = (await broken.analyzeEmail(who, { email_body: raw, force_refresh: true }))._unsafeUnwrap().value;
    const up = await analyze(raw);
    expect(down.signals.qr_codes).toEqual([]);
    expect(down.explanation).toContain("1 of the email's pictures or PDFs could not be read in time");
    expect(down.sources).toContainEqual(expect.objectContaining({ name: "email_files", status: "skipped" }));
    expect(down.confidence).toBeLessThan(up.confidence);
    expect(up.explanation).not.toContain("could not be read");
  });
});

describe("a code in a mail that is no link", () => {
  it("says what it asks: a crypto payment request", async () => {
    const btc = "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.05";
    const raw = message("Relief Fund <donate@relief-fund.example>", "Help the families today", [
      { type: "text/plain; charset=utf-8", body: "Scan the QR code with your wallet app to donate now." },
      { type: "image/png", body: await png(btc), cid: "give" },
    ]);
    const v = await analyze(raw);
    expect(v.signals.qr_codes).toEqual([btc]);
    expect(v.factors.map((f) => f.id)).toContain("crypto_payment_request");
  });
});
