import { describe, expect, it } from "vitest";
import {
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  imageDimensions,
  inspectImage,
  sniffUpload,
} from "../../../src/analyzers/upload/index.js";

const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));
const be32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number): number[] => [(n >>> 8) & 255, n & 255];
const le16 = (n: number): number[] => [n & 255, (n >>> 8) & 255];
const le24 = (n: number): number[] => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? ascii(p) : p)));
const pad = (n: number): number[] => new Array<number>(n).fill(0);

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (w: number, h: number): Uint8Array =>
  bytes(PNG_SIG, be32(13), "IHDR", be32(w), be32(h), [8, 6, 0, 0, 0], pad(4), be32(0), "IEND", pad(4));
const jpeg = (w: number, h: number): Uint8Array =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0],
    be16(16),
    "JFIF\0",
    pad(9),
    [0xff, 0xdb],
    be16(4),
    [0, 0],
    [0xff, 0xff, 0xc2], // fill byte before a progressive SOF
    be16(11),
    [8],
    be16(h),
    be16(w),
    [1, 1, 0x11, 0],
    [0xff, 0xda],
    be16(2),
    [0xff, 0xd9],
  );
const gif = (w: number, h: number): Uint8Array => bytes("GIF89a", le16(w), le16(h), [0, 0, 0], ";");
const riff = (chunk: string, payload: number[]): Uint8Array =>
  bytes("RIFF", le24(payload.length + 12), [0], "WEBP", chunk, le24(payload.length), [0], payload);
const box = (type: string, ...body: (number[] | string)[]): number[] => {
  const inner = Array.from(bytes(...body));
  return [...be32(inner.length + 8), ...ascii(type), ...inner];
};
const heif = (major: string, dims: Array<[number, number]>): Uint8Array =>
  bytes(
    box("ftyp", major, pad(4), "mif1", major),
    box(
      "meta",
      pad(4),
      box("hdlr", pad(4), pad(4), "pict", pad(13)),
      box("iprp", box("ipco", ...dims.map(([w, h]) => box("ispe", pad(4), be32(w), be32(h))))),
    ),
    box("mdat", pad(8)),
  );

describe("sniffUpload", () => {
  it.each([
    ["png", png(10, 10), "image/png"],
    ["jpeg", jpeg(10, 10), "image/jpeg"],
    ["gif", gif(10, 10), "image/gif"],
    ["webp", riff("VP8X", [0, 0, 0, 0, ...le24(9), ...le24(9)]), "image/webp"],
    ["heic", heif("heic", [[10, 10]]), "image/heic"],
    ["heif", heif("mif1", [[10, 10]]), "image/heif"],
    ["heif", heif("avif", [[10, 10]]), "image/avif"],
    ["pdf", bytes("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n%%EOF\n"), "application/pdf"],
  ] as const)("identifies %s from its magic bytes as %s", (kind, data, mediaType) => {
    expect(sniffUpload(data)._unsafeUnwrap()).toEqual({ kind, mediaType });
  });

  it("refuses an empty file", () => {
    const e = sniffUpload(new Uint8Array(0))._unsafeUnwrapErr();
    expect(e.code).toBe("unsupported_media_type");
    expect(e.message).toMatch(/empty/);
  });

  it("refuses a zip archive whatever it is named, and an empty archive", () => {
    const zip = bytes("PK\x03\x04", pad(26), "code.png", pad(40));
    const e = sniffUpload(zip)._unsafeUnwrapErr();
    expect(e.code).toBe("unsupported_media_type");
    expect(e.details).toEqual({ detected: "zip" });
    expect(sniffUpload(bytes("PK\x05\x06", pad(18)))._unsafeUnwrapErr().details).toEqual({ detected: "zip" });
  });

  it("refuses polyglots: an image with a zip appended, a PDF inside, or script markup", () => {
    const withZip = bytes(Array.from(png(10, 10)), "PK\x03\x04", pad(30), "PK\x05\x06", pad(18));
    expect(sniffUpload(withZip)._unsafeUnwrapErr().details).toEqual({ detected: "png", polyglot: "zip" });
    const withPdf = bytes(Array.from(jpeg(10, 10)), "%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF");
    expect(sniffUpload(withPdf)._unsafeUnwrapErr().details).toEqual({ detected: "jpeg", polyglot: "pdf" });
    const gifar = bytes("GIF89a", le16(1), le16(1), [0, 0, 0], "<SCRIPT>alert(1)</script>", ";");
    const e = sniffUpload(gifar)._unsafeUnwrapErr();
    expect(e.code).toBe("unsupported_media_type");
    expect(e.details).toEqual({ detected: "gif", polyglot: "markup" });
  });

  it("never writes to the bytes it reads, even a Node Buffer (whose slice is a view, not a copy)", () => {
    const image = png(10, 10);
    const original = Uint8Array.from([...image, ...ascii("TEXT chunk: NOT MARKUP")]);
    const buffer = Buffer.from(original);
    expect(sniffUpload(buffer)._unsafeUnwrap().kind).toBe("png");
    expect(buffer.equals(original)).toBe(true);
    expect(sniffUpload(Buffer.from(ascii("<HTML><SCRIPT>")))._unsafeUnwrapErr().code).toBe("unsupported_media_type");
  });

  it("ignores the declared type: HTML, SVG, text and BMP are refused", () => {
    for (const s of ["<!DOCTYPE html><html></html>", '<svg xmlns="http://www.w3.org/2000/svg"/>', "hello", "BM\0\0"]) {
      expect(sniffUpload(bytes(s))._unsafeUnwrapErr().code).toBe("unsupported_media_type");
    }
  });

  it("refuses more than MAX_UPLOAD_BYTES with payload_too_large", () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(png(10, 10));
    expect(sniffUpload(big)._unsafeUnwrapErr().code).toBe("payload_too_large");
    const edge = new Uint8Array(MAX_UPLOAD_BYTES);
    edge.set(png(10, 10));
    expect(sniffUpload(edge).isOk()).toBe(true);
  });
});

describe("imageDimensions", () => {
  it.each([
    ["png", png(640, 480)],
    ["jpeg", jpeg(640, 480)],
    ["gif", gif(640, 480)],
    ["heic", heif("heic", [[640, 480]])],
  ] as const)("reads %s width and height from the header", (kind, data) => {
    expect(imageDimensions(data, kind)._unsafeUnwrap()).toEqual({ width: 640, height: 480 });
  });

  it("reads the three WebP headers", () => {
    const vp8x = riff("VP8X", [0, 0, 0, 0, ...le24(639), ...le24(479)]);
    // VP8L: signature 0x2f, then 14 bits width-1 and 14 bits height-1, little-endian.
    const bits = 639 | (479 << 14);
    const vp8l = riff("VP8L", [
      0x2f,
      bits & 255,
      (bits >>> 8) & 255,
      (bits >>> 16) & 255,
      (bits >>> 24) & 255,
      ...pad(5),
    ]);
    const vp8 = riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(640), ...le16(480), ...pad(2)]);
    for (const w of [vp8x, vp8l, vp8])
      expect(imageDimensions(w, "webp")._unsafeUnwrap()).toEqual({ width: 640, height: 480 });
  });

  it("takes the largest ispe of a HEIF (thumbnails and tiles carry their own)", () => {
    const h = heif("heic", [
      [320, 240],
      [4032, 3024],
      [512, 512],
    ]);
    expect(imageDimensions(h, "heic")._unsafeUnwrap()).toEqual({ width: 4032, height: 3024 });
  });

  it("refuses truncated or malformed headers with a clear error", () => {
    const cases: Array<[Uint8Array, "png" | "jpeg" | "gif" | "webp" | "heic"]> = [
      [png(10, 10).slice(0, 20), "png"],
      [bytes(PNG_SIG, be32(13), "IDAT", pad(20)), "png"],
      [jpeg(10, 10).slice(0, 12), "jpeg"],
      [bytes([0xff, 0xd8, 0xff, 0xda], be16(2), [0xff, 0xd9]), "jpeg"],
      [gif(1, 1).slice(0, 8), "gif"],
      [riff("VP8 ", [0, 0, 0, 1, 2, 3, ...pad(6)]), "webp"],
      [heif("heic", []), "heic"],
      [heif("heic", [[10, 10]]).slice(0, 60), "heic"],
      [png(0, 10), "png"],
    ];
    for (const [data, kind] of cases) {
      const e = imageDimensions(data, kind)._unsafeUnwrapErr();
      expect(e.code).toBe("unsupported_media_type");
      expect(e.message).toMatch(/truncated or corrupt/);
    }
  });
});

describe("inspectImage", () => {
  it("names the image formats alone when it refuses a file (PDFs are documents, not codes)", () => {
    const zip = bytes("PK\x03\x04", pad(26), "code.png", pad(40));
    expect(inspectImage(zip)._unsafeUnwrapErr().message).toBe(
      "The file is a zip archive; send a JPEG, PNG, WebP, HEIC/HEIF or GIF file",
    );
    expect(inspectImage(bytes("hello"))._unsafeUnwrapErr().message).not.toContain("PDF");
    expect(sniffUpload(bytes("hello"))._unsafeUnwrapErr().message).toContain("or PDF");
  });

  it("refuses a 30,000 x 30,000 PNG of a few bytes before any decoding", () => {
    const bomb = png(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const e = inspectImage(bomb)._unsafeUnwrapErr();
    expect(e.code).toBe("payload_too_large");
    expect(e.details).toEqual({ width: 30_000, height: 30_000, max_pixels: MAX_IMAGE_PIXELS });
  });

  it("accepts an image at the limit and reports its kind and size", () => {
    expect(inspectImage(png(8000, 5000))._unsafeUnwrap()).toEqual({
      kind: "png",
      mediaType: "image/png",
      width: 8000,
      height: 5000,
    });
    expect(inspectImage(png(8000, 5001)).isErr()).toBe(true);
  });

  it("refuses a PDF as an image", () => {
    expect(inspectImage(bytes("%PDF-1.4\n%%EOF"))._unsafeUnwrapErr().details).toEqual({ detected: "pdf" });
  });
});
