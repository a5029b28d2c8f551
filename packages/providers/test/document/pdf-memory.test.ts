// Compression bombs against the reader's memory: a PDF of a few hundred KB whose one stream inflates to hundreds of
// MB, uploaded again and again, is refused every time and leaves the server's resident memory where it started.
import { deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentReader } from "../../src/document/create-document-reader.js";
import { flateStreams, inflatedTotal } from "../../src/document/pdf-inflate-cap.js";
import { treeResidentBytes, zeroStreamBomb } from "./pdf-bombs.js";

const MB = 1024 * 1024;
const ctx = () => ({ signal: new AbortController().signal });

describe("inflatedTotal", () => {
  const stream = (dict: string, data: Buffer): Buffer =>
    Buffer.concat([Buffer.from(`7 0 obj\n${dict}\nstream\r\n`, "latin1"), data, Buffer.from("\nendstream\nendobj\n")]);

  it("counts what every stream whose first filter is Flate inflates to, and nothing else", async () => {
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.7\n"),
      stream("<< /Length 9 /Filter /FlateDecode >>", deflateSync(Buffer.alloc(5_000, 65))),
      stream("<< /Filter [/Fl /DCTDecode] /Length 9 >>", deflateSync(Buffer.alloc(3_000))),
      stream("<< /Filter /DCTDecode >>", Buffer.alloc(2_000, 1)),
      stream("<< /Filter [/ASCIIHexDecode /FlateDecode] >>", Buffer.from("4142>")),
    ]);
    expect([...flateStreams(pdf)]).toHaveLength(2);
    expect(await inflatedTotal(pdf, MB)).toEqual({ bytes: 8_000, over: false });
  });

  it("stops counting once the total passes the cap", async () => {
    const pdf = await zeroStreamBomb(64);
    const counted = await inflatedTotal(pdf, 8 * MB);
    expect(counted.over).toBe(true);
    // One window past the cap at most, not the stream's 64 MB.
    expect(counted.bytes).toBeLessThan(9 * MB);
  });
});

describe("createDocumentReader: Flate bombs", () => {
  const reader = createDocumentReader({ limits: { timeBudgetMs: 120_000 } });
  afterAll(() => reader.close());

  it("answers each upload 400 too_complex and gives the memory back", async () => {
    // 384 MB of zeros in a file of about 400 KB, past the default cap of 256 MB.
    const bomb = await zeroStreamBomb(384);
    expect(bomb.byteLength).toBeLessThan(MB);
    await reader.warmUp();
    const start = treeResidentBytes();
    for (let i = 0; i < 4; i++) {
      const e = (await reader.read(bomb, "pdf", ctx()))._unsafeUnwrapErr();
      expect(e).toMatchObject({ code: "validation_error", details: { reason: "too_complex" } });
    }
    // Four bombs held by the server or its readers would be over a gigabyte; a little noise is allowed.
    expect((treeResidentBytes() - start) / MB).toBeLessThan(150);
  }, 240_000);
});
