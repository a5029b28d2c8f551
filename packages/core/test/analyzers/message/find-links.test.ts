import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findLinks, linkify } from "../../../src/analyzers/message/extract-entities.js";

// findLinks hands linkify only the words that can hold a link; it must find exactly what linkify finds in the
// whole text.
const whole = (text: string): unknown[] =>
  (linkify.match(text) ?? []).map((m) => ({ schema: m.schema, index: m.index, lastIndex: m.lastIndex, raw: m.raw }));

// Pieces of links and addresses, the punctuation linkify's patterns look at around them, and separators.
const WORDS = [
  "example.com",
  "pay.example.co.uk",
  "user@example.com",
  "http://example.com/p?q=1",
  "example.top/x.y",
  "http://",
  "HTTPS://",
  "ftp://",
  "mailto:",
  "//",
  "www.",
  "example",
  "pay-now",
  "com",
  "top",
  "co",
  "xn--p1ai",
  "рф",
  "localhost",
  "192.168.0.1",
  "8080",
  "a",
  "Z",
  "é",
];
const MARKS = [
  ".",
  "..",
  "@",
  "/",
  "?",
  "#",
  "-",
  "--",
  "_",
  ":",
  "%",
  "&",
  "=",
  "+",
  "$",
  "`",
  "^",
  "|",
  "<",
  ">",
  "\uff5c",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  '"',
  "'",
  ",",
  ";",
  "!",
  "\u2026",
  "\u00ab",
  "\u200b",
  "\ufeff",
];
const BREAKS = [" ", "  ", "\n", "\r\n", "\t", "\u00a0", "\u3000", "\u2028", "\u0085", "\u0000"];
const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...WORDS), weight: 3 },
  { arbitrary: fc.constantFrom(...MARKS), weight: 3 },
  { arbitrary: fc.constantFrom(...BREAKS), weight: 1 },
);

describe("findLinks", () => {
  it("finds what linkify finds in the whole text", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(findLinks(text)).toEqual(whole(text));
      }),
      { numRuns: 10_000 },
    );
  });

  it.each([
    "Pay at usps-redeliver.top/p or mail help@usps.com (ref: http://a.com/x?y=1).",
    "see <https://example.com/path> and www.example.co.uk, then //cdn.example.com/x",
    "mailto:a@b.com,http://a.com/http://b.com example.com:8080/x example.com. done.",
    "trailing dot example.com. and example.com- and example.com_ and example.com:80",
    "",
    "no links here at all. none. 1. 2.",
  ])("finds what linkify finds in %j", (text) => {
    expect(findLinks(text)).toEqual(whole(text));
  });
});
