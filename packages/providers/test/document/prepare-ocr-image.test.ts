import { describe, expect, it } from "vitest";
import {
  OCR_LONG_SIDE,
  heicDimensions,
  prepareEncodedImage,
  prepareRawImage,
} from "../../src/document/prepare-ocr-image.js";

/** The start of a HEIC file: an ftyp box and an ispe property box of the given size. */
function heicHeader(width: number, height: number): Uint8Array {
  const box = new Uint8Array(20);
  const view = new DataView(box.buffer);
  view.setUint32(0, 20);
  box.set([0x69, 0x73, 0x70, 0x65], 4);
  view.setUint32(12, width);
  view.setUint32(16, height);
  const ftyp = new TextEncoder().encode("\0\0\0\x18ftypheic\0\0\0\0mif1heic");
  const out = new Uint8Array(ftyp.length + box.length);
  out.set(ftyp);
  out.set(box, ftyp.length);
  return out;
}

describe("prepare OCR images", () => {
  it("reads a HEIC's size from its ispe box and refuses an oversized one before decoding", async () => {
    expect(heicDimensions(heicHeader(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(heicDimensions(new Uint8Array(40))).toBeUndefined();
    expect(await prepareEncodedImage(heicHeader(20_000, 20_000), "heic")).toEqual({ ok: false, reason: "too_large" });
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
