// The retry images of the QR decoder, computed on one grey channel in plain loops: libvips runs its sharpen and
// normalise in the LAB colour space, which cost 20 to 40 times more than the read they prepare.

import type { DecodedImage } from "@scamverify/core";

export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Luma of RGBA pixels, with the weights zxing uses itself (ITU-R BT.601 in integers). */
export function toGrey(image: DecodedImage): GreyImage {
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const d = image.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    out[i] = (306 * (d[j] ?? 0) + 601 * (d[j + 1] ?? 0) + 117 * (d[j + 2] ?? 0) + 512) >> 10;
  }
  return { width: image.width, height: image.height, data: out };
}

/** Grey back to RGBA (opaque), the layout the reader takes. */
export function toRgba(grey: GreyImage): DecodedImage {
  const n = grey.width * grey.height;
  const out = new Uint8Array(n * 4);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const v = grey.data[i] ?? 0;
    out[j] = v;
    out[j + 1] = v;
    out[j + 2] = v;
    out[j + 3] = 255;
  }
  return { width: grey.width, height: grey.height, data: out };
}

function kernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] ?? 0) / sum;
  return k;
}

/** Separable Gaussian blur, edges clamped. */
export function blurGrey(g: GreyImage, sigma: number): GreyImage {
  const { width: w, height: h } = g;
  const k = kernel(sigma);
  const r = (k.length - 1) / 2;
  const src = g.data;
  const tmp = new Float32Array(w * h);
  const clampX = (x: number): number => (x < 0 ? 0 : x >= w ? w - 1 : x);
  const clampY = (y: number): number => (y < 0 ? 0 : y >= h ? h - 1 : y);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let s = 0;
      // Only the pixels within r of an edge need their neighbours' indices clamped.
      if (x >= r && x < w - r) {
        for (let i = 0, at = row + x - r; i < k.length; i++, at++) s += src[at]! * k[i]!;
      } else {
        for (let i = -r; i <= r; i++) s += src[row + clampX(x + i)]! * k[i + r]!;
      }
      tmp[row + x] = s;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const inner = y >= r && y < h - r;
    for (let x = 0; x < w; x++) {
      let s = 0;
      if (inner) {
        for (let i = 0, at = (y - r) * w + x; i < k.length; i++, at += w) s += tmp[at]! * k[i]!;
      } else {
        for (let i = -r; i <= r; i++) s += tmp[clampY(y + i) * w + x]! * k[i + r]!;
      }
      out[y * w + x] = s + 0.5;
    }
  }
  return { width: w, height: h, data: out };
}

/** Stretches the levels so the `lower` and `upper` percentiles become black and white. */
export function stretchGrey(g: GreyImage, lower = 0.02, upper = 0.98): GreyImage {
  const hist = new Uint32Array(256);
  for (const v of g.data) hist[v] = (hist[v] ?? 0) + 1;
  const n = g.data.length;
  let lo = 0;
  let hi = 255;
  for (let acc = 0, v = 0; v < 256; v++) {
    acc += hist[v] ?? 0;
    if (acc >= n * lower) {
      lo = v;
      break;
    }
  }
  for (let acc = 0, v = 255; v >= 0; v--) {
    acc += hist[v] ?? 0;
    if (acc >= n * (1 - upper)) {
      hi = v;
      break;
    }
  }
  if (hi <= lo) return g;
  const out = new Uint8Array(n);
  const scale = 255 / (hi - lo);
  for (let i = 0; i < n; i++) {
    const v = ((g.data[i] ?? 0) - lo) * scale;
    out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return { width: g.width, height: g.height, data: out };
}

/** Unsharp mask: adds `amount` times the difference from a Gaussian blur of `sigma`. */
export function sharpenGrey(g: GreyImage, sigma: number, amount: number): GreyImage {
  const blurred = blurGrey(g, sigma);
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) {
    const v = (g.data[i] ?? 0) + amount * ((g.data[i] ?? 0) - (blurred.data[i] ?? 0));
    out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return { width: g.width, height: g.height, data: out };
}
