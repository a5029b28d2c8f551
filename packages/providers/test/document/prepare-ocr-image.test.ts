import { describe, expect, it } from "vitest";
import { OCR_LONG_SIDE, prepareEncodedImage, prepareRawImage } from "../../src/document/prepare-ocr-image.js";
import { heicFixture, withClaimedSize } from "../fixtures/heic/heic-fixtures.js";

describe("prepare OCR images", () => {
  it("refuses a HEIC whose declared size is oversized, or that declares none, before decoding", async () => {
    const claimed = withClaimedSize(heicFixture("qr-code.heic"), 20_000, 20_000);
    expect(await prepareEncodedImage(claimed, "heic")).toEqual({ ok: false, reason: "too_large" });
    expect(await prepareEncodedImage(new Uint8Array(40), "heic")).toEqual({ ok: false, reason: "not_decodable" });
  });

  it("scales a small picture up to the OCR size, keeping its proportions", async () => {
    const data = new Uint8Array(400 * 300).fill(200);
    const r = await prepareRawImage({ data, width: 400, height: 300, channels: 1 });
    expect(r).toMatchObject({ ok: true, width: OCR_LONG_SIDE, height: Math.round((OCR_LONG_SIDE * 3) / 4) });
  });

  it("refuses pixels shorter than their declared size", async () => {
    const r = await prepareRawImage({ data: new Uint8Array(10), width: 400, height: 300, channels: 3 });
    expect(r).toEqual({ ok: false, reason: "not_decodable" });
  });
});
