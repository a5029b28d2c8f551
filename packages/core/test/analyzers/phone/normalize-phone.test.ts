import { describe, expect, it } from "vitest";
import { normalizePhone } from "../../../src/analyzers/phone/normalize-phone.js";

const SPELLINGS = [
  "+14155552671",
  "(415) 555-2671",
  "415.555.2671",
  "1-415-555-2671",
  "+1 415 555 2671",
  "415-555-2671",
  "4155552671",
  "14155552671",
  "1 (415) 555-2671",
  "+1 (415) 555-2671",
  "+1-415-555-2671",
  "+1.415.555.2671",
  "tel:+14155552671",
  "tel:+1-415-555-2671",
  "TEL:+1-415-555-2671",
  "(415)555-2671",
  "415 555 2671",
  "  415-555-2671  ",
  "＋１ ４１５ ５５５ ２６７１",
  "（４１５）５５５－２６７１",
  "415‑555‑2671",
  "415–555–2671",
  "001 415 555 2671",
  "011 1 415 555 2671",
  "1.415.555.2671",
  "415/555-2671",
  "+1 415-555-2671\u200B",
];

const WITH_EXTENSION: readonly (readonly [string, string])[] = [
  ["415-555-2671 ext. 12", "12"],
  ["415-555-2671 x12", "12"],
  ["(415) 555-2671 X 12", "12"],
  ["415.555.2671 extension 12", "12"],
  ["415-555-2671 #12", "12"],
  ["+1 415 555 2671 ext 12", "12"],
  ["tel:+1-415-555-2671;ext=12", "12"],
  ["415-555-2671, ext. 12", "12"],
];

const BAD: readonly (readonly [string, RegExp])[] = [
  ["", /empty/],
  ["   ", /empty/],
  ["hello", /not a phone number/],
  ["call me maybe", /not a phone number/],
  ["555-2671", /7 digits/],
  ["2671", /4 digits/],
  ["41555526712", /11 digits/],
  ["415555267123", /12 digits/],
  ["+44 20 7946 0958", /not a U\.S\. number.*\+44/],
  ["+33 1 23 45 67 89", /not a U\.S\. number.*\+33/],
  ["+91 98765 43210", /not a U\.S\. number/],
  ["0044 20 7946 0958", /not a U\.S\. number/],
  ["+44 906 123 4567", /not a U\.S\. number: it is a premium-rate number in the United Kingdom/],
  // Written the way another country writes its own numbers: judged as that country's, never as a +1 number.
  ["07912 345678", /not a U\.S\. number: it reads as a mobile number in the United Kingdom \(\+44 7912 345678\)/],
  ["98765 43210", /not a U\.S\. number: it reads as a mobile number in India/],
  ["0412 345 678", /not a U\.S\. number: it reads as a mobile number in Australia/],
  ["06 12 34 56 78", /not a U\.S\. number: it reads as a mobile number in France/],
  ["911", /N11 code for emergency/],
  ["411", /directory assistance/],
  ["(015) 555-2671", /area code 015 cannot exist/],
  ["(115) 555-2671", /area code 115 cannot exist/],
  ["(415) 055-2671", /exchange 055 cannot exist/],
  ["(415) 155-2671", /exchange 155 cannot exist/],
  ["+1 415 555 267", /digits/],
  ["4+15 555 2671", /misplaced plus/],
  ["415-555-2671; DROP TABLE", /not a phone number|characters/],
  ["https://example.com/415-555-2671", /not a phone number|characters/],
  ["415_555_2671", /not a phone number|characters/],
  ["x".repeat(80), /longer than 64/],
  ["+", /no digits/],
  ["()-", /no digits/],
];

describe("normalizePhone", () => {
  it.each(SPELLINGS)("reads %j as +14155552671", (raw) => {
    const r = normalizePhone(raw);
    expect(r.isOk()).toBe(true);
    const p = r._unsafeUnwrap();
    expect(p).toEqual({
      e164: "+14155552671",
      national: "(415) 555-2671",
      extension: null,
      npa: "415",
      nxx: "555",
      line: "2671",
    });
  });

  it("has at least 20 spellings of one number", () => {
    expect(SPELLINGS.length + WITH_EXTENSION.length).toBeGreaterThanOrEqual(20);
  });

  it.each(WITH_EXTENSION)("keeps the extension of %j", (raw, ext) => {
    const p = normalizePhone(raw)._unsafeUnwrap();
    expect(p.e164).toBe("+14155552671");
    expect(p.extension).toBe(ext);
  });

  it("decodes keypad letters of a vanity number", () => {
    expect(normalizePhone("1-800-FLOWERS")._unsafeUnwrap().e164).toBe("+18003569377");
    expect(normalizePhone("1 (800) GO-FEDEX")._unsafeUnwrap().e164).toBe("+18004633339");
  });

  it("accepts NANP numbers outside the U.S. so the analyzer can flag them", () => {
    expect(normalizePhone("+1 876 555 1234")._unsafeUnwrap().npa).toBe("876");
    expect(normalizePhone("(416) 555-2671")._unsafeUnwrap().e164).toBe("+14165552671");
  });

  it.each(BAD)("rejects %j", (raw, message) => {
    const r = normalizePhone(raw);
    expect(r.isErr()).toBe(true);
    const issues = r._unsafeUnwrapErr();
    expect(issues).toHaveLength(1);
    expect(issues[0]?.field).toBe("phone_number");
    expect(issues[0]?.message).toMatch(message);
  });

  it("has at least 20 rejected inputs", () => {
    expect(BAD.length).toBeGreaterThanOrEqual(20);
  });
});
