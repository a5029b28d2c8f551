import { describe, expect, it } from "vitest";
import { DocumentEntitiesSchema, extractDocumentEntities } from "../../../src/analyzers/document/document-entities.js";
import { z } from "zod";

const INVOICE = `PayPal Billing
INVOICE
Bill to:
Robert Hill
305 Pine Road
Tampa, FL 33602
Invoice number INV-82950094
Invoice date July 6, 2026
Total charged $438.47
If you did not authorize this renewal, call our cancellation department at +1 (866) 555-0187 within 24 hours.`;

describe("extractDocumentEntities", () => {
  it("reads the callback number, amount, invoice number, address and deadline of an invoice", () => {
    const e = extractDocumentEntities(INVOICE);
    expect(e.phones).toEqual([{ raw: "+1 (866) 555-0187", e164: "+18665550187" }]);
    expect(e.amounts).toEqual([{ raw: "$438.47", value: 438.47, currency: "USD" }]);
    expect(e.references).toContainEqual({ kind: "invoice", label: "Invoice number", value: "INV-82950094" });
    expect(e.postal_addresses).toEqual(["305 Pine Road, Tampa, FL 33602"]);
    expect(e.due_dates).toContain("within 24 hours");
    expect(DocumentEntitiesSchema.parse(e)).toEqual(e);
  });

  it("finds links with and without a scheme, and e-mail addresses", () => {
    const e = extractDocumentEntities(
      "Pay now: https://txtag.toll-services.net/notice/443430 or www.pge.com/pay; write to billing@pge.com. Also cvs.com/account",
    );
    expect(e.urls.map((u) => u.host)).toEqual(["txtag.toll-services.net", "www.pge.com", "cvs.com"]);
    expect(e.emails).toEqual(["billing@pge.com"]);
  });

  it("joins a phone number broken across lines after its hyphen", () => {
    expect(extractDocumentEntities("or call 1 (877) 555-\n0173.").phones.map((p) => p.e164)).toEqual(["+18775550173"]);
    expect(extractDocumentEntities("or call 1 (877) 555-\n\n0173.").phones.map((p) => p.e164)).toEqual([
      "+18775550173",
    ]);
  });

  it("places a number in North America only where the document does", () => {
    // Nothing says where "(877) 555-0173" is from: read, quoted as printed, no country invented.
    expect(extractDocumentEntities("or call (877) 555-0173.").phones).toEqual([{ raw: "(877) 555-0173", e164: null }]);
    expect(extractDocumentEntities("or call 1-877-555-0173.").phones[0]?.e164).toBe("+18775550173");
    // A U.S. postal address places it.
    const letter = "305 Pine Road\nTampa, FL 33602\nQuestions? Call (877) 555-0173.";
    expect(extractDocumentEntities(letter).phones[0]?.e164).toBe("+18775550173");
    // So does one of its numbers printed with its 1: the letter's other numbers are North American too.
    expect(extractDocumentEntities("Call 1-877-555-0173 or (217) 555-0142.").phones.map((p) => p.e164)).toEqual([
      "+18775550173",
      "+12175550142",
    ]);
    // Written with +1, or with the 1 set apart as texts and mail read it; a 1 before ten ungrouped digits is not.
    expect(extractDocumentEntities("or call +1 877 555 0173.").phones[0]?.e164).toBe("+18775550173");
    expect(extractDocumentEntities("or call 1 (877) 555-0173.").phones[0]?.e164).toBe("+18775550173");
    expect(extractDocumentEntities("or call 1 8775550173.").phones[0]?.e164).toBeNull();
  });

  it("names payment methods, and tells a demand from a warning", () => {
    const e = extractDocumentEntities(
      "Payment is accepted in Target or Apple gift cards. Settle by Bitcoin or Zelle. We will never ask for payment by wire transfer.",
    );
    const byMethod = Object.fromEntries(e.payment_methods.map((p) => [p.method, p.demanded]));
    expect(byMethod).toMatchObject({ gift_card: true, crypto: true, zelle: true, wire_transfer: false });
    expect(e.payment_methods.find((p) => p.method === "gift_card")?.raw).toBe("Target or Apple gift cards");
  });

  it("keeps only IBANs with valid check digits", () => {
    const e = extractDocumentEntities("Transfer to GB82 WEST 1234 5698 7654 32, not GB82 WEST 1234 5698 7654 33.");
    expect(e.ibans).toEqual(["GB82WEST12345698765432"]);
  });

  it("reads dates after 'due' and P.O. boxes", () => {
    const e = extractDocumentEntities("Due date February 18, 2026. Mail to P.O. Box 15186, Albany, NY 12212-5186.");
    expect(e.due_dates).toEqual(["February 18, 2026"]);
    expect(e.postal_addresses).toEqual(["P.O. Box 15186, Albany, NY 12212-5186"]);
  });

  it("returns empty lists for text with nothing in it", () => {
    const e = extractDocumentEntities("Thank you for being a customer.");
    expect(Object.values(e).every((v) => Array.isArray(v) && v.length === 0)).toBe(true);
  });

  it("publishes its schema with an id for the OpenAPI document", () => {
    expect(Object.keys(DocumentEntitiesSchema.shape)).toEqual([
      "phones",
      "urls",
      "emails",
      "amounts",
      "due_dates",
      "references",
      "ibans",
      "postal_addresses",
      "payment_methods",
    ]);
    const meta = z.globalRegistry.get(DocumentEntitiesSchema);
    expect(meta?.id).toBe("DocumentEntities");
    expect(meta?.description).toMatch(/numbers to call/);
  });
});
