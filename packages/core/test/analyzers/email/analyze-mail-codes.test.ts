import { describe, expect, it } from "vitest";
import { analyzeMailCodes, mayCarryCodes, mayCarryLetter } from "../../../src/analyzers/email/index.js";
import type { MailAddress } from "../../../src/ports/mail-reader.js";

const from = (address: string): { from: MailAddress } => ({
  from: { name: "", address, domain: address.slice(address.indexOf("@") + 1) },
});
const picture = [{ kind: "image" as const, bytes: new Uint8Array([1]) }];
const LONG =
  "Our weekly offers are here: fresh bread, seasonal fruit and roasted coffee at the usual prices this week.";

describe("mayCarryCodes", () => {
  it("searches a mail with a picture that asks to be scanned, or whose words are in a picture", () => {
    expect(mayCarryCodes({ subject: "Scan to pay", text: LONG, scannable: picture })).toBe(true);
    expect(
      mayCarryCodes({ subject: "Offers", text: `${LONG} Point your camera at the code.`, scannable: picture }),
    ).toBe(true);
    expect(mayCarryCodes({ subject: "Notice", text: "", scannable: picture })).toBe(true);
  });

  it("leaves other mail, and mail with nothing to search, alone", () => {
    expect(mayCarryCodes({ subject: "Offers", text: LONG, scannable: picture })).toBe(false);
    expect(mayCarryCodes({ subject: "Scan to pay", text: "", scannable: [] })).toBe(false);
    expect(mayCarryCodes({ subject: "Scan to pay", text: "" })).toBe(false);
  });
});

describe("analyzeMailCodes", () => {
  const points = (e: ReturnType<typeof analyzeMailCodes>): number[] => e.factors.map((f) => f.points);

  it("weighs a code that leaves the sender's domain, more when the mail asks to sign in through it", () => {
    const code = ["https://docs-review.example.net/v/1"];
    const plain = analyzeMailCodes(from("news@shop.example"), code, "Scan the code to see the document.");
    expect(points(plain)).toEqual([25]);
    expect(plain.factors[0]?.label).toContain("docs-review.example.net, not a shop.example address");
    const signIn = analyzeMailCodes(from("it@shop.example"), code, "Scan the code and sign in to keep your mailbox.");
    expect(points(signIn)).toEqual([55]);
    expect(points(analyzeMailCodes(from("it@shop.example"), code, "Re-register your authenticator now."))).toEqual([
      55,
    ]);
  });

  it("adds nothing for a code to the sender's own site, or one that holds no link", () => {
    const text = "Scan to sign in to the app.";
    expect(
      points(analyzeMailCodes(from("news@em.shopexample.com"), ["https://www.shopexample.com/app"], text)),
    ).toEqual([]);
    expect(points(analyzeMailCodes(from("tickets@shop.example"), ["TKT-8841-ROW12"], text))).toEqual([]);
    expect(points(analyzeMailCodes(from("it@shop.example"), [], text))).toEqual([]);
  });

  it("names the link alone when the sender is not known", () => {
    const e = analyzeMailCodes({ from: null }, ["https://pay.example.org/x"], "Scan to pay.");
    expect(e.factors[0]?.label).toMatch(/^A QR code in the email opens pay\.example\.org: /);
  });
});

describe("mayCarryLetter", () => {
  const pdf = [{ kind: "pdf" as const, bytes: new Uint8Array([1]) }];
  const story = `${LONG} ${LONG} ${LONG} ${LONG} ${LONG}`;

  it("reads the PDF of a mail that says little, or points to an attached invoice, receipt or notice", () => {
    expect(mayCarryLetter({ subject: "Hello", text: "", scannable: pdf })).toBe(true);
    expect(mayCarryLetter({ subject: "Invoice #4471", text: story, scannable: pdf })).toBe(true);
    expect(mayCarryLetter({ subject: "News", text: `${story} The receipt is attached.`, scannable: pdf })).toBe(true);
  });

  it("leaves the PDF of a long mail that does not point to it, and a mail with only pictures", () => {
    expect(mayCarryLetter({ subject: "News", text: story, scannable: pdf })).toBe(false);
    expect(mayCarryLetter({ subject: "Invoice", text: "", scannable: picture })).toBe(false);
  });
});
