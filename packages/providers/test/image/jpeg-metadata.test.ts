import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { exifOrientation, withoutJpegMetadata } from "../../src/image/jpeg-metadata.js";
import { withMetadataSegments } from "./fat-jpeg.js";

describe("withoutJpegMetadata", () => {
  it("takes out megabytes of APP segments and comments, and keeps the orientation and the pixels", async () => {
    const plain = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#808080" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const fat = withMetadataSegments(new Uint8Array(plain), 9 * 1024 * 1024);
    expect(fat.byteLength).toBeGreaterThan(9 * 1024 * 1024);
    const lean = withoutJpegMetadata(fat);
    expect(lean.byteLength).toBeLessThan(plain.byteLength + 64);
    const meta = await sharp(lean).metadata();
    expect(meta).toMatchObject({ width: 64, height: 32, orientation: 6 });
    expect(meta.exif?.byteLength ?? 0).toBeLessThan(64);
    const [a, b] = await Promise.all([sharp(plain).raw().toBuffer(), sharp(lean).raw().toBuffer()]);
    expect(b.equals(a)).toBe(true);
  });

  it("gives back a JPEG without metadata, and bytes that are no JPEG, as they are", async () => {
    const bare = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .jpeg()
        .toBuffer(),
    );
    expect(withoutJpegMetadata(bare)).toBe(bare);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(withoutJpegMetadata(png)).toBe(png);
  });

  it("reads the orientation of either byte order, and nothing from a damaged header", () => {
    const tiff = (little: boolean): Uint8Array => {
      const b = Buffer.alloc(26);
      b.write(little ? "II" : "MM", 0, "latin1");
      const u16 = (v: number, at: number): number => (little ? b.writeUInt16LE(v, at) : b.writeUInt16BE(v, at));
      const u32 = (v: number, at: number): number => (little ? b.writeUInt32LE(v, at) : b.writeUInt32BE(v, at));
      u16(42, 2);
      u32(8, 4);
      u16(1, 8);
      u16(0x0112, 10);
      u16(3, 12);
      u32(1, 14);
      u16(8, 18);
      return new Uint8Array(Buffer.concat([Buffer.from("Exif\0\0", "latin1"), b]));
    };
    expect(exifOrientation(tiff(true))).toBe(8);
    expect(exifOrientation(tiff(false))).toBe(8);
    expect(exifOrientation(tiff(true).subarray(0, 20))).toBeUndefined();
  });
});
