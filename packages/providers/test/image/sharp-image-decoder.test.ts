import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { createImageDecoder, decodeImage, fitRgba } from "../../src/image/sharp-image-decoder.js";

const pixelAt = (img: { width: number; data: Uint8Array | Uint8ClampedArray }, x: number, y: number): number[] =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

// A 40 x 20 image: left half red, right half blue.
async function halves(): Promise<Sharp> {
  const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 0, b: 255 } } }).composite([
    { input: red, left: 0, top: 0 },
  ]);
}

describe("decodeImage", () => {
  it("returns 8-bit RGBA of the right size", async () => {
    const png = await (await halves()).png().toBuffer();
    const r = await decodeImage(new Uint8Array(png));
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.width, r.value.height, r.value.data.length]).toEqual([40, 20, 40 * 20 * 4]);
    expect(pixelAt(r.value, 5, 5)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(r.value, 35, 5)).toEqual([0, 0, 255, 255]);
  });

  it("turns grey and 16-bit images into four 8-bit channels", async () => {
    const grey = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .greyscale()
      .png({ palette: false })
      .toColourspace("grey16")
      .toBuffer();
    const r = await decodeImage(new Uint8Array(grey));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.data.length).toBe(8 * 8 * 4);
    expect(pixelAt(r.value, 3, 3)).toEqual([128, 128, 128, 255]);
  });

  it("turns the image upright per its EXIF orientation", async () => {
    // Orientation 6: the stored pixels must be turned 90 degrees clockwise to be shown.
    const jpeg = await (await halves()).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const r = await decodeImage(new Uint8Array(jpeg));
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.width, r.value.height]).toEqual([20, 40]);
    const top = pixelAt(r.value, 10, 5);
    expect(top[0]).toBeGreaterThan(200); // red, formerly on the left, is now on top
    expect(top[2]).toBeLessThan(60);
  });

  it("downscales to maxSide, never up", async () => {
    const png = await (await halves()).png().toBuffer();
    const down = await decodeImage(new Uint8Array(png), { maxSide: 10 });
    const same = await decodeImage(new Uint8Array(png), { maxSide: 400 });
    expect(down.ok && [down.value.width, down.value.height]).toEqual([10, 5]);
    expect(same.ok && [same.value.width, same.value.height]).toEqual([40, 20]);
    const fitted = await fitRgba({ width: 4, height: 2, data: new Uint8Array(32).fill(200) }, 2);
    expect([fitted.width, fitted.height, fitted.data.length]).toEqual([2, 1, 8]);
  });

  it("applies a configured pixel limit from the header", async () => {
    const png = await (await halves()).png().toBuffer();
    const r = await createImageDecoder({ maxPixels: 799 }).decode(new Uint8Array(png));
    expect(r.ok ? null : r.error.code).toBe("payload_too_large");
    expect((await createImageDecoder({ maxPixels: 800 }).decode(new Uint8Array(png))).ok).toBe(true);
  });

  it("refuses a PDF and a cancelled call", async () => {
    const pdf = await decodeImage(new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
    expect(pdf.ok ? null : pdf.error.details).toEqual({ detected: "pdf" });
    const png = await (await halves()).png().toBuffer();
    const ac = new AbortController();
    ac.abort();
    const cancelled = await decodeImage(new Uint8Array(png), { signal: ac.signal });
    expect(cancelled.ok ? null : cancelled.error.code).toBe("service_unavailable");
  });
});
