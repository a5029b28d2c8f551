// Drawing primitives of the QR evaluation set and benchmark: QR codes and EAN-13 barcodes as RGBA, and the
// distortions a camera adds (perspective, blur, noise, lossy compression, low contrast, inversion). Deterministic
// for a seed. sharp is re-exported because it is a dependency of providers only: eval/ and bench/ reach it here.

import QRCode from "qrcode";
import sharp, { type Sharp } from "sharp";
import { ean13Modules } from "./fixtures.js";

export { sharp, type Sharp };

export interface Rgba {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** mulberry32: a small seeded generator, so the set is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function toRgba(s: Sharp): Promise<Rgba> {
  const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export const fromRgba = (img: Rgba): Sharp =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } });

/** A QR code as RGBA: black modules on white, `scale` px a module, `margin` modules of quiet zone. */
export async function qrImage(
  text: string,
  scale: number,
  margin = 4,
  ecl: "L" | "M" | "Q" | "H" = "M",
  colours: { dark?: string; light?: string } = {},
): Promise<Rgba> {
  const png = await QRCode.toBuffer(text, {
    scale,
    margin,
    errorCorrectionLevel: ecl,
    color: { dark: colours.dark ?? "#000000ff", light: colours.light ?? "#ffffffff" },
  });
  return toRgba(sharp(png));
}

/** An EAN-13 barcode (check digit computed) as RGBA, `scale` px a module, with a 10-module quiet zone. */
export async function ean13Image(twelve: string, scale: number, height: number): Promise<Rgba> {
  const m = ean13Modules(twelve).modules;
  const width = (m.length + 20) * scale;
  const px = new Uint8Array(width * height * 4).fill(255);
  for (let i = 0; i < m.length; i++) {
    if (m[i] !== "1") continue;
    for (let y = 0; y < height; y++) {
      const start = (y * width + (10 + i) * scale) * 4;
      for (let k = 0; k < scale * 4; k++) if (k % 4 !== 3) px[start + k] = 0;
    }
  }
  return { width, height, data: px };
}

/** Solves the 8 unknowns of the homography mapping four points onto four others (Gaussian elimination). */
function homography(
  from: ReadonlyArray<readonly [number, number]>,
  to: ReadonlyArray<readonly [number, number]>,
): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] ?? [0, 0];
    const [u, v] = to[i] ?? [0, 0];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[p]?.[c] ?? 0)) p = r;
    [a[c], a[p]] = [a[p] ?? [], a[c] ?? []];
    const pivot = a[c]?.[c] ?? 1;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = (a[r]?.[c] ?? 0) / pivot;
      for (let k = c; k < 9; k++) (a[r] as number[])[k] = (a[r]?.[k] ?? 0) - f * (a[c]?.[k] ?? 0);
    }
  }
  return a.map((row, i) => (row[8] ?? 0) / (row[i] ?? 1));
}

/**
 * Warps src so its corners land on `corners` (tl, tr, br, bl) in an output of width x height over `background`,
 * sampling bilinearly: a print seen at an angle.
 */
export function warp(
  src: Rgba,
  corners: ReadonlyArray<readonly [number, number]>,
  width: number,
  height: number,
  background = 255,
): Rgba {
  const srcCorners = [
    [0, 0],
    [src.width, 0],
    [src.width, src.height],
    [0, src.height],
  ] as const;
  const h = homography(corners, srcCorners); // output -> source
  const out = new Uint8Array(width * height * 4).fill(background);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + 1;
      const sx = ((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w;
      const sy = ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w;
      if (sx < 0 || sy < 0 || sx >= src.width - 1 || sy >= src.height - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * width + x) * 4;
      const a = (y0 * src.width + x0) * 4;
      const b = a + src.width * 4;
      const d = src.data;
      for (let c = 0; c < 4; c++) {
        const top = (d[a + c] ?? 0) * (1 - fx) + (d[a + 4 + c] ?? 0) * fx;
        const bottom = (d[b + c] ?? 0) * (1 - fx) + (d[b + 4 + c] ?? 0) * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width, height, data: out };
}

/** Adds Gaussian noise of standard deviation sigma to the colour channels. */
export function addNoise(img: Rgba, sigma: number, random: () => number): Rgba {
  const out = new Uint8Array(img.data);
  for (let i = 0; i < out.length; i += 4) {
    // Box-Muller
    const n = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()) * sigma;
    for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, (out[i + c] ?? 0) + n));
  }
  return { ...img, data: out };
}

/** Places images on a canvas (RGBA pixels or an encoded background) at their top-left corners. */
export async function compose(
  base: Sharp,
  items: ReadonlyArray<{ img: Rgba; left: number; top: number }>,
): Promise<Rgba> {
  const inputs = items.map((i) => ({
    input: Buffer.from(i.img.data.buffer, i.img.data.byteOffset, i.img.data.length),
    raw: { width: i.img.width, height: i.img.height, channels: 4 as const },
    left: Math.round(i.left),
    top: Math.round(i.top),
  }));
  return toRgba(base.composite(inputs));
}

export const blank = (width: number, height: number, rgb = { r: 255, g: 255, b: 255 }): Sharp =>
  sharp({ create: { width, height, channels: 3, background: rgb } });

/** A textured "photo" background: a colour gradient with grain, standing for a table, a wall or a street. */
export async function photoBackground(width: number, height: number, seed: number): Promise<Sharp> {
  const random = rng(seed);
  // Drawn at a third of the size and enlarged: grain a few pixels wide, as a phone camera's denoiser leaves it,
  // at a ninth of the cost of drawing every pixel.
  const w = Math.ceil(width / 3);
  const h = Math.ceil(height / 3);
  const px = new Uint8Array(w * h * 3);
  const [r0, g0, b0] = [80 + random() * 120, 80 + random() * 120, 80 + random() * 120];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const t = (x / w + y / h) / 2;
      const n = (random() - 0.5) * 40;
      px[o] = r0 * (1 - t) + 40 * t + n;
      px[o + 1] = g0 * (1 - t) + 60 * t + n;
      px[o + 2] = b0 * (1 - t) + 50 * t + n;
    }
  }
  const { data, info } = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
}

/** A poster or sign: a coloured card with a headline and smaller lines of text, rendered with librsvg. */
export function posterSvg(
  width: number,
  height: number,
  colour: string,
  headline: string,
  lines: readonly string[],
): Buffer {
  const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const body = lines
    .map(
      (l, i) =>
        `<text x="24" y="${110 + i * 30}" font-family="DejaVu Sans" font-size="20" fill="#222">${esc(l)}</text>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/>` +
      `<text x="24" y="60" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="#111">${esc(headline)}</text>${body}</svg>`,
  );
}
