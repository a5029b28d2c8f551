import { describe, expect, it } from "vitest";
import { withoutMeansAndMarks } from "../../../src/analyzers/organisations/means-and-marks.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";

const directory = createOrganisationDirectory();
const claimed = (text: string, instruments = false): string[] =>
  directory.find(withoutMeansAndMarks(text, { instruments })).map((o) => o.id);

describe("withoutMeansAndMarks", () => {
  it("takes out insurers and regulators named as marks", () => {
    expect(directory.find("Member FDIC").map((o) => o.id)).toEqual(["fdic"]);
    for (const text of [
      "Your statement is ready. Member FDIC. Equal Housing Lender.",
      "Your deposits are insured by the FDIC up to $250,000.",
      "FDIC-insured savings at 4.10% APY.",
      "Federally insured by NCUA.",
    ]) {
      expect(claimed(text)).toEqual([]);
    }
  });

  it("takes out networks offered as ways to pay, and after 'by' or 'via' only when asked to", () => {
    for (const text of [
      "Visa and Mastercard accepted.",
      "Google Pay accepted at every register.",
      "We accept Visa, Mastercard, Discover and American Express.",
      "Apple Pay, Google Pay and PayPal are welcome.",
    ]) {
      expect(claimed(text)).toEqual([]);
    }
    expect(claimed("Pay me by Zelle or Venmo")).toEqual(expect.arrayContaining(["zelle", "venmo"]));
    expect(claimed("Pay me by Zelle or Venmo", true)).toEqual([]);
  });

  it("keeps the sender naming itself as a claim", () => {
    expect(claimed("Visa Security Team: unusual activity on your card")).toEqual(["visa"]);
    expect(claimed("Mastercard: your card is locked", true)).toEqual(["mastercard"]);
    expect(claimed("Thank you,\nPayPal", true)).toEqual(["paypal"]);
    expect(claimed("Member FDIC.\nChase Bank", true)).toEqual(["chase"]);
  });
});
