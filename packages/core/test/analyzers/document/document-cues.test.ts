import { describe, expect, it } from "vitest";
import { analyzeDocumentText } from "../../../src/analyzers/document/analyze-document-text.js";

const cueIds = (text: string, method: "pdf_text" | "ocr" = "pdf_text"): string[] =>
  analyzeDocumentText({ pages: [{ number: 1, text, method }] }).cues.map((c) => c.id);

describe("document cues", () => {
  it("flag a jury notice that demands a bond in gift cards over the phone", () => {
    const ids = cueIds(`Superior Court of Travis County
NOTICE OF FAILURE TO APPEAR FOR JURY DUTY
A bench warrant has been issued for your arrest. To avoid arrest, you must pay a bond of $1,395.60 today.
Payment is accepted in Visa prepaid gift cards. Call the Clerk's Office at (919) 555-0144.
Do not discuss this matter with anyone.`);
    expect(ids).toEqual(
      expect.arrayContaining([
        "court_payment_demand",
        "untraceable_payment",
        "arrest_threat",
        "secrecy_demand",
        "deadline_pressure",
      ]),
    );
  });

  it("flag an unpaid-toll notice that sends the reader to a link, even as misread by OCR", () => {
    const analysis = analyzeDocumentText({
      pages: [
        {
          number: 1,
          text: "E-ZPass Toll Services\nFINAL NOTICE: UNPAID TOLL\nPay now: hitps://ezpass-tollpay.com/notice/1234 to avoid a late fee",
          method: "ocr",
          ocr_confidence: 0.8,
        },
      ],
    });
    expect(analysis.cues.map((c) => c.id)).toContain("toll_payment_link");
    expect(analysis.entities.urls[0]?.url).toBe("https://ezpass-tollpay.com/notice/1234");
    expect(analysis.repairs).toEqual([{ from: "hitps://", to: "https://" }]);
    expect(analysis.ocrConfidence).toBe(0.8);
  });

  it("flag an invoice whose purpose is a callback number for cancellation", () => {
    expect(
      cueIds("Norton LifeLock INVOICE. Total charged $399.99. To cancel and receive a refund, call +1 (808) 555-0111."),
    ).toContain("invoice_callback");
  });

  it("stay quiet on a utility bill that warns against gift-card demands", () => {
    const analysis = analyzeDocumentText({
      pages: [
        {
          number: 1,
          text: `PG&E Your Energy Statement. Amount due $53.29. Due date February 18, 2026.
Pay online at www.pge.com/pay, with AutoPay, or by mail. Questions about your bill: 1-800-743-5000.
We will never call to demand immediate payment by gift card or prepaid card.`,
          method: "pdf_text",
        },
      ],
    });
    expect(analysis.cues.map((c) => c.id)).toEqual(["warns_against_payment_scams"]);
    expect(analysis.cues.reduce((s, c) => s + c.points, 0)).toBeLessThan(0);
  });

  it("stay quiet on a real jury summons that mentions courts but asks for nothing", () => {
    const ids = cueIds(`Albany County Jury Services. Summons for Jury Service.
You are summoned to appear for jury service on May 3, 2026. Complete your questionnaire at www.jury.nycourts.gov.
The court will never ask you for money, gift cards or payment of any kind by phone or email.`);
    expect(ids.filter((id) => id !== "warns_against_payment_scams")).toEqual([]);
  });

  it("count the PDF's link annotations as links of the document", () => {
    const analysis = analyzeDocumentText({
      pages: [{ number: 1, text: "SunPass unpaid toll: click here to pay", method: "pdf_text" }],
      links: ["https://sunpass-tollpay.com/p/9"],
    });
    expect(analysis.entities.urls.map((u) => u.host)).toEqual(["sunpass-tollpay.com"]);
    expect(analysis.cues.map((c) => c.id)).toContain("toll_payment_link");
  });
});
