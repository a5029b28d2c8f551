// Maps an image to the core's DetectedQrCode list with zxing-cpp compiled to wasm (zxing-wasm's reader build),
// limited to the QR symbologies. The wasm binary is read from node_modules, never fetched: the package's default
// is a CDN. Pixels come from the image decoder (sharp / heic-decode), never from zxing's own image loader, so the
// header pixel limit always applies.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  appError,
  MAX_IMAGE_PIXELS,
  type AppError,
  type DecodeResult,
  type DecodedImage,
  type DetectedQrCode,
  type ImageDecoder,
  type QrCorners,
  type QrDecoder,
} from "@scamverify/core";
import type { Sharp } from "sharp";
import type { ReaderOptions, ReadResult } from "zxing-wasm/reader";
import { createImageDecoder, loadSharp } from "../image/sharp-image-decoder.js";
import { loadOnce } from "../lazy-module.js";
import { blurGrey, sharpenGrey, stretchGrey, toGrey, toRgba, type GreyImage } from "./grey-passes.js";

/** Images up to this many pixels are read at full size first, so a small code in a large photo stays readable. */
export const FULL_SIZE_MAX_PIXELS = 16_000_000;
/** Larger images are read downscaled to this longest side (a code filling a tenth of the width keeps ~200 px). */
export const DOWNSCALED_SIDE = 2_400;
/**
 * The retries work on a copy no longer than this on its longest side: they clean up a blurred, noisy or faded code,
 * which fills much of a picture that needs them, and on a 16-megapixel image they cost ten times the first read.
 */
export const RETRY_SIDE = 1_600;

const READER_OPTIONS: ReaderOptions = {
  // QR and Micro QR only: a 1-D barcode (EAN on a parcel label) must never be reported as a QR code.
  formats: ["QRCode", "MicroQRCode"],
  tryHarder: true,
  // QR finder patterns are found in any orientation; turning the image only helps linear symbologies.
  tryRotate: false,
  tryInvert: true,
  tryDownscale: true,
  maxNumberOfSymbols: 32,
  // The payload as the code holds it (ECI character sets applied), without any human-readable rewriting.
  textMode: "Plain",
};

const require = createRequire(import.meta.url);
const loadReader = loadOnce(() => import("zxing-wasm/reader"));
let ready: Promise<unknown> | null = null;

/** Instantiates the reader wasm once per process from the installed package's own file. */
export function loadZxing(): Promise<unknown> {
  ready ??= (async () => {
    const { prepareZXingModule } = await loadReader();
    const file = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })().catch((e: unknown) => {
    ready = null;
    throw e;
  });
  return ready;
}

/** A retry of the read on a transformed grey copy of the image. */
type Pass = (image: GreyImage) => GreyImage;

async function rgba(pipeline: Sharp): Promise<DecodedImage> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const raw = async (image: DecodedImage): Promise<Sharp> =>
  (await loadSharp())(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });

/**
 * Retries after a first read finds nothing, cheapest and most often useful first. A light blur merges sensor
 * noise, print halftone and JPEG blocks back into modules; a contrast stretch lifts a faded or low-contrast print
 * above the binarizer's threshold; an unsharp mask restores the module edges of an out-of-focus photo.
 */
export const RETRY_PASSES: ReadonlyArray<readonly [string, Pass]> = [
  ["blurred", (g) => blurGrey(g, 1.2)],
  ["normalized", (g) => stretchGrey(g, 0.02, 0.98)],
  ["sharpened", (g) => sharpenGrey(g, 2, 1.5)],
];

function scaleCorners(p: ReadResult["position"], sx: number, sy: number): QrCorners {
  const pt = (q: { x: number; y: number }) => ({ x: Math.round(q.x * sx), y: Math.round(q.y * sy) });
  return {
    topLeft: pt(p.topLeft),
    topRight: pt(p.topRight),
    bottomRight: pt(p.bottomRight),
    bottomLeft: pt(p.bottomLeft),
  };
}

function toDetected(results: readonly ReadResult[], sx: number, sy: number): DetectedQrCode[] {
  const out: DetectedQrCode[] = [];
  for (const r of results) {
    if (!r.isValid) continue;
    const format = r.format === "QRCode" ? "qr_code" : r.format === "MicroQRCode" ? "micro_qr_code" : null;
    if (format === null) continue;
    out.push({ text: r.text, format, position: scaleCorners(r.position, sx, sy) });
  }
  const top = (c: DetectedQrCode): number => Math.min(c.position?.topLeft.y ?? 0, c.position?.topRight.y ?? 0);
  const left = (c: DetectedQrCode): number => Math.min(c.position?.topLeft.x ?? 0, c.position?.bottomLeft.x ?? 0);
  // Reading order: by row (codes whose tops are within 20 px share one), then left to right.
  return out.sort((a, b) => (Math.abs(top(a) - top(b)) > 20 ? top(a) - top(b) : left(a) - left(b)));
}

// A retry works on a cleaned copy of an image the first read already tried inverted and at smaller scales.
const RETRY_OPTIONS: ReaderOptions = { ...READER_OPTIONS, tryInvert: false, tryDownscale: false };

async function read(image: DecodedImage, options = READER_OPTIONS): Promise<readonly ReadResult[]> {
  await loadZxing();
  const { readBarcodes } = await loadReader();
  return readBarcodes({ data: image.data, width: image.width, height: image.height }, options);
}

export interface ZxingQrDecoderOptions {
  /** Turns encoded bytes into pixels; defaults to the sharp / heic-decode decoder. */
  readonly imageDecoder?: ImageDecoder;
  /** Pixel limit for pixels passed in directly; defaults to core's MAX_IMAGE_PIXELS. */
  readonly maxPixels?: number;
  /** Retries after an empty first read; defaults to RETRY_PASSES (an empty list reads once). */
  readonly retries?: ReadonlyArray<readonly [string, Pass]>;
}

const fail = (error: AppError): { readonly ok: false; readonly error: AppError } => ({ ok: false, error });
const internal = (): AppError => appError("internal_error", "The QR decoder failed");

/** The QrDecoder port over zxing-wasm (see the port's contract). */
export function createZxingQrDecoder(options: ZxingQrDecoderOptions = {}): QrDecoder {
  const imageDecoder = options.imageDecoder ?? createImageDecoder();
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const retries = options.retries ?? RETRY_PASSES;

  async function pixelsOf(input: Uint8Array | DecodedImage, signal?: AbortSignal): Promise<DecodeResult<DecodedImage>> {
    if (input instanceof Uint8Array) {
      // Decode at full size when that stays within the bound; otherwise let the decoder shrink while decoding,
      // which is cheaper than decoding in full and resizing after.
      return imageDecoder.decode(input, signal ? { signal } : {});
    }
    if (input.width * input.height > maxPixels) {
      return fail(
        appError("payload_too_large", `The image has more than ${maxPixels} pixels`, {
          details: { width: input.width, height: input.height, max_pixels: maxPixels },
        }),
      );
    }
    if (
      !Number.isInteger(input.width) ||
      input.width < 1 ||
      !Number.isInteger(input.height) ||
      input.height < 1 ||
      input.data.length !== input.width * input.height * 4
    ) {
      return fail(appError("unsupported_media_type", "The pixels do not match the stated width and height"));
    }
    return { ok: true, value: input };
  }

  return {
    async decode(input, decodeOptions = {}) {
      const signal = decodeOptions.signal;
      const pixels = await pixelsOf(input, signal);
      if (!pixels.ok) return pixels;
      const full = pixels.value;
      try {
        let base = full;
        if (full.width * full.height > FULL_SIZE_MAX_PIXELS) {
          base = await rgba(
            (await raw(full)).resize(DOWNSCALED_SIDE, DOWNSCALED_SIDE, { fit: "inside", kernel: "lanczos3" }),
          );
        }
        const sx = full.width / base.width;
        const sy = full.height / base.height;
        let found = toDetected(await read(base), sx, sy);
        let grey: GreyImage | null = null;
        let small = base;
        for (const [, pass] of retries) {
          if (found.length > 0) break;
          if (signal?.aborted) {
            return fail(appError("service_unavailable", "QR decoding was cancelled", { retryAfter: 1 }));
          }
          if (grey === null) {
            if (Math.max(base.width, base.height) > RETRY_SIDE) {
              small = await rgba(
                (await raw(base)).resize(RETRY_SIDE, RETRY_SIDE, { fit: "inside", kernel: "lanczos3" }),
              );
            }
            grey = toGrey(small);
          }
          found = toDetected(
            await read(toRgba(pass(grey)), RETRY_OPTIONS),
            full.width / small.width,
            full.height / small.height,
          );
        }
        return { ok: true, value: found };
      } catch {
        return fail(internal());
      }
    },
  };
}
