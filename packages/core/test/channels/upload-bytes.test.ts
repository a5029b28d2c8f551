// The upload channels take the file's bytes as a library caller holds them (a Uint8Array, a Node Buffer from
// fs.readFileSync, an ArrayBuffer) and never write to them: the same answer from each, and the caller's bytes
// unchanged. The fake readers refuse bytes whose magic number was altered, as the real ones do.
import { randomUUID } from "node:crypto";
import { err, ok } from "neverthrow";
import { describe, expect, it } from "vitest";
import {
  createEngine,
  MAGIC_DOCUMENT_PDF_BASE64,
  MAGIC_QR_PNG_BASE64,
  appError,
  type DocumentReader,
  type Principal,
  type QrDecoder,
} from "../../src/index.js";
import { onePageText } from "../support/document-text.js";
import { engineDeps } from "../support/engine-deps.js";

const startsWithAscii = (bytes: Uint8Array, magic: string): boolean =>
  Array.from(magic).every((ch, i) => bytes[i] === ch.charCodeAt(0));

const qrDecoder: QrDecoder = {
  decode: async (image) => {
    if (!(image instanceof Uint8Array) || !startsWithAscii(image.subarray(1), "PNG\r\n"))
      return { ok: false, error: appError("unsupported_media_type", "not a PNG") };
    return { ok: true, value: [{ text: "http://paypa1-secure-login.top/signin", format: "qr_code", position: null }] };
  },
};

const documentReader: DocumentReader = {
  read: async (bytes) => {
    if (!startsWithAscii(bytes, "%PDF-"))
      return err(appError("validation_error", "The PDF is damaged", { details: { reason: "damaged" } }));
    return ok(
      onePageText(
        "E-ZPass final notice: unpaid toll $6.99. Pay today at https://ezpass-tolls.top/pay or your licence is suspended.",
      ),
    );
  },
  close: async () => undefined,
};

async function setUp(): Promise<{ engine: ReturnType<typeof createEngine>; p: Principal }> {
  const engine = createEngine(engineDeps({ qrDecoder, documentReader }));
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap().key;
  return { engine, p: (await engine.authenticate(`Bearer ${key}`))._unsafeUnwrap() };
}

const forms = (original: Uint8Array): [string, ArrayBuffer | Uint8Array][] => [
  ["Uint8Array", new Uint8Array(original)],
  ["Buffer", Buffer.from(original)],
  // A Buffer cut from a larger pool, as small reads are: its view starts past offset 0 of its memory.
  ["pooled Buffer", Buffer.concat([Buffer.from("padding"), Buffer.from(original)]).subarray(7)],
  ["ArrayBuffer", new Uint8Array(original).buffer],
];

describe("uploads given as a Uint8Array, a Buffer or an ArrayBuffer", () => {
  for (const [verb, base64] of [
    ["analyzeQr", MAGIC_QR_PNG_BASE64.safe],
    ["analyzeDocument", MAGIC_DOCUMENT_PDF_BASE64.safe],
  ] as const) {
    it(`${verb} gives the same answer for each and leaves the caller's bytes as they were`, async () => {
      const { engine, p } = await setUp();
      const original = new Uint8Array(Buffer.from(base64, "base64"));
      const answers: string[] = [];
      for (const [name, bytes] of forms(original)) {
        const r = await engine[verb](p, { file: { bytes }, force_refresh: true });
        expect(r.isOk(), `${name}: ${r.isErr() ? r.error.message : ""}`).toBe(true);
        const v = r._unsafeUnwrap().value;
        answers.push(`${v.verdict} ${v.risk_score}`);
        expect(Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).equals(original), name).toBe(
          true,
        );
      }
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]).toMatch(/^(high_risk|scam) /);
    });
  }

  it("anything else is a validation error naming the field", async () => {
    const { engine, p } = await setUp();
    const r = await engine.analyzeQr(p, { file: { bytes: [137, 80, 78, 71] } });
    expect(r._unsafeUnwrapErr().code).toBe("validation_error");
    expect(r._unsafeUnwrapErr().message).toMatch(/file\.bytes/);
  });
});
