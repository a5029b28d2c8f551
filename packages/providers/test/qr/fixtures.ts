// Small images made on the fly for the decoder tests: QR codes from the qrcode package, placed, distorted and
// encoded with sharp, and an EAN-13 barcode drawn from its published encoding tables.

import QRCode from "qrcode";
import sharp, { type Sharp } from "sharp";

export const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** A QR code as a PNG with a 4-module quiet zone, each module `scale` pixels. */
export async function qrPng(text: string, scale = 4, options: QRCode.QRCodeToBufferOptions = {}): Promise<Buffer> {
  return QRCode.toBuffer(text, { scale, margin: 4, errorCorrectionLevel: "M", ...options });
}

/** Places PNGs on a white canvas at the given top-left corners. */
export async function canvas(
  width: number,
  height: number,
  items: ReadonlyArray<{ png: Buffer; left: number; top: number }>,
): Promise<Sharp> {
  const base = sharp({ create: { width, height, channels: 3, background: WHITE } });
  return sharp(
    await base
      .composite(items.map((i) => ({ input: i.png, left: i.left, top: i.top })))
      .png()
      .toBuffer(),
  );
}

// EAN-13: the first digit picks the L/G parity pattern of the left six digits; the right six use the R codes.
const L_CODES = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];
const rCode = (d: number): string => [...(L_CODES[d] ?? "")].map((b) => (b === "0" ? "1" : "0")).join("");
const gCode = (d: number): string => [...rCode(d)].reverse().join("");

/** The 95 modules of an EAN-13 symbol for 12 digits (the check digit is computed). */
export function ean13Modules(twelve: string): { digits: string; modules: string } {
  const d = [...twelve].map(Number);
  const sum = d.reduce((s, v, i) => s + v * (i % 2 === 0 ? 1 : 3), 0);
  d.push((10 - (sum % 10)) % 10);
  const parity = PARITY[d[0] ?? 0] ?? "";
  let m = "101";
  for (let i = 1; i <= 6; i++) m += parity[i - 1] === "L" ? (L_CODES[d[i] ?? 0] ?? "") : gCode(d[i] ?? 0);
  m += "01010";
  for (let i = 7; i <= 12; i++) m += rCode(d[i] ?? 0);
  m += "101";
  return { digits: d.join(""), modules: m };
}

/** An EAN-13 barcode as a PNG, `scale` pixels a module, with a 10-module quiet zone. */
export async function ean13Png(twelve: string, scale = 3, barHeight = 80): Promise<{ digits: string; png: Buffer }> {
  const { digits, modules } = ean13Modules(twelve);
  const quiet = 10;
  const width = (modules.length + 2 * quiet) * scale;
  const height = barHeight + 20;
  const px = Buffer.alloc(width * height, 255);
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== "1") continue;
    for (let y = 10; y < 10 + barHeight; y++) {
      for (let s = 0; s < scale; s++) px[y * width + (quiet + i) * scale + s] = 0;
    }
  }
  const png = await sharp(px, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { digits, png };
}

/** A valid PNG header declaring width x height, with a tiny (invalid) body: what a decompression bomb looks like. */
export function bombPngHeader(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write("IHDR", 4, "latin1");
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 0, 0, 0, 0], 16);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([sig, ihdr, Buffer.from([0, 0, 0, 0]), Buffer.from("IEND", "latin1"), Buffer.alloc(4)]),
  );
}
