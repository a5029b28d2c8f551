import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeOcrText, repairTld } from "../../../src/analyzers/document/ocr-normalize.js";

describe("normalizeOcrText", () => {
  it.each([
    ["Pay at hitps://ezpass-tollpay.com/n/1", "Pay at https://ezpass-tollpay.com/n/1"],
    ["Pay at htps://ezpass-tollpay.com/n/1", "Pay at https://ezpass-tollpay.com/n/1"],
    ["Pay at https;//ezpass-tollpay.com", "Pay at https://ezpass-tollpay.com"],
    ["Pay at http//pay.example.net", "Pay at http://pay.example.net"],
    ["see hxxps://bad.example.com", "see https://bad.example.com"],
    ["Pay now: https: //ixtag.toll-services.net/n", "Pay now: https://ixtag.toll-services.net/n"],
    ["Pay now: https /txtag.toll-services.net/n", "Pay now: https://txtag.toll-services.net/n"],
    ["Speaks http/2 and HTTPS / TLS", "Speaks http/2 and HTTPS / TLS"],
  ])("repairs the scheme of %s", (input, expected) => {
    expect(normalizeOcrText(input).text).toBe(expected);
  });

  it("repairs letter look-alikes inside phone numbers", () => {
    const { text, repairs } = normalizeOcrText("call (8OO) 555-Ol42 now");
    expect(text).toBe("call (800) 555-0142 now");
    expect(repairs).toEqual([{ from: "(8OO) 555-Ol42", to: "(800) 555-0142" }]);
  });

  it("repairs a top-level domain that does not exist into the one that does", () => {
    expect(normalizeOcrText("visit www.pge.corn/pay").text).toBe("visit www.pge.com/pay");
    expect(repairTld("corn")).toBe("com");
    expect(repairTld("com")).toBeUndefined();
    expect(repairTld("c0m")).toBe("com");
  });

  it("never changes the letters of a domain name, which would invent an address", () => {
    const { text } = normalizeOcrText("Pay at https://tolipay-ezpass.com/notice and www.l0gin-paypal.com");
    expect(text).toContain("tolipay-ezpass.com");
    expect(text).toContain("www.l0gin-paypal.com");
  });

  it("leaves words, short numbers and ordinary text alone", () => {
    const input = "Hello Bob, your total is $12.50 and the code is SOLO. Invoice INV-82950094 dated 2026.";
    expect(normalizeOcrText(input)).toEqual({ text: input, repairs: [] });
  });

  it("is idempotent on any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const once = normalizeOcrText(s).text;
        expect(normalizeOcrText(once).text).toBe(once);
      }),
    );
  });
});
