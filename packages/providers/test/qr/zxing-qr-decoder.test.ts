import sharp, { type Sharp } from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { readBarcodes } from "zxing-wasm/reader";
import type { DecodeResult, DetectedQrCode } from "@scamverify/core";
import { createZxingQrDecoder, loadZxing, RETRY_SIDE } from "../../src/qr/zxing-qr-decoder.js";
import { HEIC_QR_PAYLOAD, heicFixture, withClaimedSize } from "../fixtures/heic/heic-fixtures.js";
import { bombPngHeader, canvas, ean13Png, qrPng, WHITE } from "./fixtures.js";

const URL_A = "https://example.com/pay?ref=12345";
const URL_B = "https://parking-pay.example.net/zone/7";
const decoder = createZxingQrDecoder();
const decode = (b: Buffer | Uint8Array) => decoder.decode(new Uint8Array(b));

const texts = (r: DecodeResult<readonly DetectedQrCode[]>): string[] => {
  if (!r.ok) throw new Error(`expected codes, got ${r.error.code}: ${r.error.message}`);
  return r.value.map((c) => c.text);
};
const errorOf = (r: DecodeResult<readonly DetectedQrCode[]>) => {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value)}`);
  return r.error;
};

let sample: Buffer;
beforeAll(async () => {
  await loadZxing();
  // A code on a larger white page, so lossy encodings have room around it.
  sample = await (await canvas(300, 300, [{ png: await qrPng(URL_A, 5), left: 40, top: 40 }])).png().toBuffer();
});

describe("createZxingQrDecoder: formats", () => {
  it.each([
    ["png", (s: Sharp) => s.png()],
    ["jpeg", (s: Sharp) => s.jpeg({ quality: 60 })],
    ["webp", (s: Sharp) => s.webp({ quality: 70 })],
    ["gif", (s: Sharp) => s.gif()],
    ["heif (AV1)", (s: Sharp) => s.heif({ compression: "av1", quality: 70 })],
  ])("reads a code from %s", async (_name, encode) => {
    const bytes = await encode(sharp(sample)).toBuffer();
    const r = await decode(bytes);
    expect(texts(r)).toEqual([URL_A]);
    if (r.ok) {
      expect(r.value[0]?.format).toBe("qr_code");
      // The code's top-left finder starts at the quiet zone: 40 px canvas offset + 4 modules of 5 px.
      expect(r.value[0]?.position?.topLeft.x).toBeGreaterThanOrEqual(55);
      expect(r.value[0]?.position?.topLeft.x).toBeLessThanOrEqual(65);
    }
  });

  it.each(["qr-code.heic", "parking-sticker.heic"] as const)(
    "reads the code of %s, an HEVC-coded HEIC written by heif-enc (x265)",
    async (name) => {
      const r = await decode(heicFixture(name));
      expect(texts(r)).toEqual([HEIC_QR_PAYLOAD]);
    },
  );

  it("refuses a HEIC whose header claims more pixels than the limit, before any decoding", async () => {
    // The HEVC data still codes 246 x 246 pixels: only the header's 20,000 x 20,000 can have been refused.
    const e = errorOf(await decode(withClaimedSize(heicFixture("qr-code.heic"), 20_000, 20_000)));
    expect(e.code).toBe("payload_too_large");
  });

  it("reads a code from pixels already decoded", async () => {
    const { data, info } = await sharp(sample).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const r = await decoder.decode({ width: info.width, height: info.height, data: new Uint8Array(data) });
    expect(texts(r)).toEqual([URL_A]);
  });

  it("reads the first frame of an animated GIF", async () => {
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: WHITE } })
      .png()
      .toBuffer();
    const gif = await sharp([sample, blank], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(texts(await decode(gif))).toEqual([URL_A]);
  });
});

describe("createZxingQrDecoder: what is in the picture", () => {
  it("returns both codes of an image holding two, in reading order", async () => {
    const a = await qrPng(URL_A, 4);
    const b = await qrPng(URL_B, 4);
    const img = await (
      await canvas(520, 260, [
        { png: b, left: 280, top: 20 },
        { png: a, left: 10, top: 30 },
      ])
    )
      .png()
      .toBuffer();
    const r = await decode(img);
    expect(texts(r)).toEqual([URL_A, URL_B]);
  });

  it("returns an empty list for an image without a code", async () => {
    const photo = await sharp({
      create: { width: 200, height: 120, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .composite([
        { input: Buffer.from('<svg width="200" height="120"><circle cx="60" cy="60" r="40" fill="#333"/></svg>') },
      ])
      .jpeg()
      .toBuffer();
    expect(await decode(photo)).toEqual({ ok: true, value: [] });
  });

  it("never reports a 1-D barcode as a QR code", async () => {
    const { digits, png } = await ean13Png("400638133393");
    // The drawing is a barcode a full reader accepts ...
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const full = await readBarcodes(
      { data: new Uint8Array(data), width: info.width, height: info.height },
      { formats: ["EAN13"] },
    );
    expect(full.map((x) => x.text)).toEqual([digits]);
    // ... and the QR decoder reports nothing.
    expect(await decode(png)).toEqual({ ok: true, value: [] });
  });

  it("reads a rotated code", async () => {
    const rotated = await sharp(sample).rotate(33, { background: WHITE }).png().toBuffer();
    expect(texts(await decode(rotated))).toEqual([URL_A]);
  });

  it("reads an inverted (light on dark) code", async () => {
    const inverted = await sharp(sample).negate({ alpha: false }).png().toBuffer();
    expect(texts(await decode(inverted))).toEqual([URL_A]);
  });

  it("reads a blurred code", async () => {
    const blurred = await sharp(sample).blur(2).jpeg({ quality: 70 }).toBuffer();
    expect(texts(await decode(blurred))).toEqual([URL_A]);
  });

  it("reads a low-contrast code that only the normalized retry reads", async () => {
    // Grey 150 on grey 165: below what the binarizer separates until the contrast is stretched.
    const faded = await sharp(sample)
      .linear(15 / 255, 150)
      .png()
      .toBuffer();
    const once = createZxingQrDecoder({ retries: [] });
    const first = await once.decode(new Uint8Array(faded));
    const withRetries = await decode(faded);
    expect(texts(withRetries)).toEqual([URL_A]);
    expect(first.ok && first.value.length).toBe(0);
  });

  it("retries on a reduced copy of a large picture, with positions in the original's pixels", async () => {
    // A faded code filling much of a 3,200 px picture: only the normalized retry reads it, on a copy of RETRY_SIDE.
    const code = await sharp(await qrPng(URL_A, 60))
      .linear(15 / 255, 150)
      .png()
      .toBuffer();
    const large = await sharp({
      create: { width: 3200, height: 3200, channels: 3, background: { r: 165, g: 165, b: 165 } },
    })
      .composite([{ input: code, left: 400, top: 400 }])
      .png()
      .toBuffer();
    expect(RETRY_SIDE).toBeLessThan(3200);
    const first = await createZxingQrDecoder({ retries: [] }).decode(new Uint8Array(large));
    expect(first.ok && first.value.length).toBe(0);
    const r = await decode(large);
    expect(texts(r)).toEqual([URL_A]);
    const tl = r.ok ? r.value[0]?.position?.topLeft : undefined;
    // Quiet zone of 4 modules of 60 px: the finder starts near (640, 640) in the uploaded picture.
    expect(Math.abs((tl?.x ?? 0) - 640)).toBeLessThan(40);
    expect(Math.abs((tl?.y ?? 0) - 640)).toBeLessThan(40);
  });

  it("reads a small code in a photo larger than the full-size bound, with positions in the original's pixels", async () => {
    const code = await qrPng(URL_B, 12);
    const size = (await sharp(code).metadata()).width;
    const big = await sharp({
      create: { width: 5000, height: 3400, channels: 3, background: { r: 235, g: 235, b: 230 } },
    })
      .composite([{ input: code, left: 3000, top: 2000 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const r = await decode(big);
    expect(texts(r)).toEqual([URL_B]);
    const tl = r.ok ? r.value[0]?.position?.topLeft : undefined;
    // Quiet zone of 4 modules of 12 px: the finder starts near (3048, 2048) in the uploaded image.
    expect(Math.abs((tl?.x ?? 0) - 3048)).toBeLessThan(20);
    expect(Math.abs((tl?.y ?? 0) - 2048)).toBeLessThan(20);
    expect(size).toBeGreaterThan(0);
  });
});

describe("createZxingQrDecoder: bad input is a clear error, never a throw", () => {
  it("refuses an empty file", async () => {
    const e = errorOf(await decode(new Uint8Array(0)));
    expect(e.code).toBe("unsupported_media_type");
    expect(e.message).toMatch(/empty/);
  });

  it("refuses a 30,000 x 30,000 PNG at once, from its header", async () => {
    const started = performance.now();
    const e = errorOf(await decode(bombPngHeader(30_000, 30_000)));
    expect(e.code).toBe("payload_too_large");
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("refuses a zip named .png and a PNG with a zip appended", async () => {
    const zip = Buffer.concat([
      Buffer.from("PK\x03\x04", "latin1"),
      Buffer.alloc(26),
      Buffer.from("qr.png"),
      Buffer.alloc(64),
    ]);
    expect(errorOf(await decode(zip)).details).toEqual({ detected: "zip" });
    const polyglot = Buffer.concat([sample, zip, Buffer.from("PK\x05\x06", "latin1"), Buffer.alloc(18)]);
    expect(errorOf(await decode(polyglot)).details).toEqual({ detected: "png", polyglot: "zip" });
  });

  it("refuses truncated images", async () => {
    const jpeg = await sharp(sample).jpeg().toBuffer();
    for (const [bytes, kind] of [
      [sample.subarray(0, Math.floor(sample.length / 2)), "png"],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), "jpeg"],
      [(await sharp(sample).webp().toBuffer()).subarray(0, 200), "webp"],
    ] as const) {
      const e = errorOf(await decode(bytes));
      expect(e.code).toBe("unsupported_media_type");
      expect(e.details).toEqual({ detected: kind });
    }
  });

  it("refuses a corrupt image (damaged compressed data)", async () => {
    const damaged = Buffer.from(sample);
    // Overwrite the middle of the IDAT stream: the zlib data and its checksum no longer agree.
    damaged.fill(0x5a, 120, 200);
    const e = errorOf(await decode(damaged));
    expect(e.code).toBe("unsupported_media_type");
    expect(e.message).toMatch(/truncated or corrupt/);
  });

  it("refuses a HEIC whose HEVC data is not an image, through heic-decode, without throwing", async () => {
    const box = (type: string, body: Buffer): Buffer => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length + 8, 0);
      head.write(type, 4, "latin1");
      return Buffer.concat([head, body]);
    };
    const ispe = Buffer.alloc(12);
    ispe.writeUInt32BE(64, 4);
    ispe.writeUInt32BE(64, 8);
    const heic = Buffer.concat([
      box("ftyp", Buffer.from("heic\0\0\0\0mif1heic", "latin1")),
      box("meta", Buffer.concat([Buffer.alloc(4), box("iprp", box("ipco", box("ispe", ispe)))])),
      box("mdat", Buffer.alloc(64, 7)),
    ]);
    const e = errorOf(await decode(heic));
    expect(e.code).toBe("unsupported_media_type");
    expect(e.details).toEqual({ detected: "heic" });
  });

  it("refuses pixels that do not match their stated size, and too many pixels", async () => {
    const short = await decoder.decode({ width: 10, height: 10, data: new Uint8Array(10) });
    expect(errorOf(short).code).toBe("unsupported_media_type");
    const small = createZxingQrDecoder({ maxPixels: 50 });
    expect(errorOf(await small.decode({ width: 10, height: 10, data: new Uint8Array(400) })).code).toBe(
      "payload_too_large",
    );
  });
});
