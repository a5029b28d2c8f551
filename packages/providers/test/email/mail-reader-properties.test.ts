import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlContent } from "../../src/email/html-text.js";
import { createPostalMimeReader } from "../../src/email/postal-mime-mail-reader.js";

const reader = createPostalMimeReader();

// Pieces of mail syntax, glued at random: headers, boundaries, encodings, markup.
const piece = fc.constantFrom(
  "From: a@b.example\r\n",
  'From: "=?utf-8?B?w6k=?=" <x@y.example>\r\n',
  "Received: from x ([192.0.2.1]) by y; Tue, 5 Nov 2024 10:00:00 +0000\r\n",
  'Content-Type: multipart/mixed; boundary="b"\r\n',
  "Content-Type: text/html; charset=bogus\r\n",
  "Content-Transfer-Encoding: base64\r\n",
  "Content-Transfer-Encoding: quoted-printable\r\n",
  "\r\n",
  "--b\r\n",
  "--b--\r\n",
  "=E2=82=AC=\r\n",
  "<a href='http://x.example'>",
  "</a>",
  "<script>",
  "&amp;&#x41;&#99999999;",
  "\u0000",
  "\u202e",
);

describe("mail reader properties", () => {
  it("answers any mixture of mail syntax with a result, never a throw", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 40 })), { maxLength: 60 }),
        fc.option(fc.string({ maxLength: 200 })),
        async (parts, headers) => {
          const r = await reader.read(parts.join(""), headers ?? undefined);
          expect(r.isOk() || ["validation_error", "payload_too_large"].includes(r.error.code)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("extracts text and at most the asked number of links from any markup", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 20 })), { maxLength: 80 }),
        fc.integer({ min: 0, max: 5 }),
        (parts, max) => {
          const out = htmlContent(parts.join(""), max);
          expect(out.links.length).toBeLessThanOrEqual(max);
          expect(typeof out.text).toBe("string");
        },
      ),
      { numRuns: 300 },
    );
  });
});
