import { describe, expect, it } from "vitest";
import { inlineOriginal, isAutomatic, readForwardedMail, type OuterHeaders } from "../src/forwarded-mail.js";

const base: OuterHeaders = {
  subject: "",
  messageId: null,
  autoSubmitted: null,
  precedence: null,
  autoResponder: false,
  listId: null,
  ownReply: false,
  language: null,
};

describe("automatic mail (RFC 3834)", () => {
  it.each([
    [{ autoSubmitted: "auto-replied" }, true],
    [{ autoSubmitted: "auto-generated" }, true],
    [{ autoSubmitted: "no" }, false],
    [{ precedence: "bulk" }, true],
    [{ precedence: "list" }, true],
    [{ precedence: "junk" }, true],
    [{ autoResponder: true }, true],
    [{ ownReply: true }, true],
    [{}, false],
  ])("%j -> %s", (h, expected) => {
    expect(isAutomatic({ ...base, ...h })).toBe(expected);
  });
});

describe("the original of an inline forward", () => {
  it("starts at the forward line, in English and Spanish, and drops quote marks", () => {
    expect(
      inlineOriginal("Is this real?\n\n---------- Forwarded message ---------\nFrom: A <a@b.test>\n\nPay now"),
    ).toBe("From: A <a@b.test>\n\nPay now");
    expect(inlineOriginal("Mira esto\n-------- Mensaje reenviado --------\nDe: X\n\nPaga ya")).toBe("De: X\n\nPaga ya");
    expect(inlineOriginal("> From: A\n> \n> Pay now")).toBe("From: A\n\nPay now");
    expect(inlineOriginal("Just the text")).toBe("Just the text");
  });

  it("finds an attached original and the outer headers", async () => {
    const raw = [
      "From: jane@example.org",
      "Subject: Fwd: hi",
      "Content-Language: es",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "look",
      "--b",
      "Content-Type: message/rfc822",
      "",
      "From: x@evil.test",
      "Subject: pay",
      "",
      "pay now",
      "--b--",
      "",
    ].join("\r\n");
    const mail = await readForwardedMail(new TextEncoder().encode(raw));
    expect(mail.headers.language).toBe("es");
    expect(mail.original.kind).toBe("attachment");
    expect(mail.original.kind === "attachment" && mail.original.raw).toContain("From: x@evil.test");
  });
});
