// Maps uploaded image bytes to the core's DecodedImage (8-bit RGBA): sharp (libvips) for JPEG, PNG, WebP, GIF and
// AV1-coded HEIF/AVIF; heic-decode (libheif in wasm) for HEVC-coded HEIC, which sharp's prebuilt binary lacks.
// The kind and the pixel count are checked from the header by core's inspectImage before either decoder runs.

import {
  appError,
  inspectImage,
  MAX_IMAGE_PIXELS,
  type AppError,
  type DecodeResult,
  type DecodedImage,
  type ImageDecodeOptions,
  type ImageDecoder,
  type InspectedImage,
} from "@scamverify/core";
import type SharpLibrary from "sharp";
import { loadOnce } from "../lazy-module.js";
import { HeicDecodeAborted, heicThread } from "./heic-thread.js";
import { withoutJpegMetadata } from "./jpeg-metadata.js";

/** sharp (libvips), loaded on the first image. */
export const loadSharp = loadOnce(async (): Promise<typeof SharpLibrary> => (await import("sharp")).default);

export interface SharpImageDecoderOptions {
  /** Pixel limit checked from the header before decoding; defaults to core's MAX_IMAGE_PIXELS. */
  readonly maxPixels?: number;
}

const corrupt = (kind: string): AppError =>
  appError(
    "unsupported_media_type",
    `The ${kind.toUpperCase()} image could not be decoded: it is truncated or corrupt`,
    {
      details: { detected: kind },
    },
  );

const ok = <T>(value: T): DecodeResult<T> => ({ ok: true, value });
const fail = (error: AppError): { readonly ok: false; readonly error: AppError } => ({ ok: false, error });

const aborted = (): AppError => appError("service_unavailable", "The image decoding was cancelled", { retryAfter: 1 });

/** Resizes RGBA pixels so neither side exceeds maxSide (never enlarges), or returns them as they are. */
export async function fitRgba(image: DecodedImage, maxSide: number | undefined): Promise<DecodedImage> {
  if (maxSide === undefined || Math.max(image.width, image.height) <= maxSide) return image;
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true, kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function decodeWithSharp(
  bytes: Uint8Array,
  maxPixels: number,
  maxSide: number | undefined,
): Promise<DecodedImage> {
  // failOn "error": truncated and corrupt pixel data abort, while the benign warnings many phone cameras' files
  // raise (extraneous bytes before a marker) do not. pages 1: the first frame of an animated GIF or WebP.
  const sharp = await loadSharp();
  let pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: "error", pages: 1, autoOrient: true });
  if (maxSide !== undefined) {
    pipeline = pipeline.resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true, kernel: "lanczos3" });
  }
  // sRGB then alpha: grey, CMYK and palette images all come out as four 8-bit channels.
  const { data, info } = await pipeline
    .toColourspace("srgb")
    .ensureAlpha()
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function decodeWithLibheif(
  bytes: Uint8Array,
  maxSide: number | undefined,
  signal: AbortSignal | undefined,
): Promise<DecodedImage> {
  const image = await heicThread.decode(bytes, signal);
  if (image.data.length !== image.width * image.height * 4)
    throw new Error("heic-decode returned a short pixel buffer");
  return fitRgba(image, maxSide);
}

async function decodeInspected(
  bytes: Uint8Array,
  info: InspectedImage,
  maxPixels: number,
  maxSide: number | undefined,
  signal: AbortSignal | undefined,
): Promise<DecodeResult<DecodedImage>> {
  try {
    if (info.kind === "heic") return ok(await decodeWithLibheif(bytes, maxSide, signal));
    // A JPEG's metadata (megabytes of EXIF at times) is taken out before libvips parses it; its orientation stays.
    const pixels = info.kind === "jpeg" ? withoutJpegMetadata(bytes) : bytes;
    return ok(await decodeWithSharp(pixels, maxPixels, maxSide));
  } catch (first) {
    if (first instanceof HeicDecodeAborted) return fail(aborted());
    // A HEIF without the HEVC brands may still be HEVC-coded (some cameras write only "mif1").
    if (info.kind === "heif") {
      try {
        return ok(await decodeWithLibheif(bytes, maxSide, signal));
      } catch (second) {
        if (second instanceof HeicDecodeAborted) return fail(aborted());
        // fall through to the first failure
      }
    }
    if (first instanceof Error && /pixel limit/i.test(first.message)) {
      return fail(
        appError("payload_too_large", "The image has more pixels than are accepted", {
          details: { max_pixels: maxPixels },
        }),
      );
    }
    return fail(corrupt(info.kind));
  }
}

/**
 * Decodes image bytes to RGBA (see the ImageDecoder port). Never rejects: every decoder failure is an AppError.
 */
export async function decodeImage(
  bytes: Uint8Array,
  options: ImageDecodeOptions & SharpImageDecoderOptions = {},
): Promise<DecodeResult<DecodedImage>> {
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const inspected = inspectImage(bytes, maxPixels);
  if (inspected.isErr()) return fail(inspected.error);
  if (options.signal?.aborted) return fail(aborted());
  return decodeInspected(bytes, inspected.value, maxPixels, options.maxSide, options.signal);
}

/** The ImageDecoder port over sharp and heic-decode. */
export function createImageDecoder(options: SharpImageDecoderOptions = {}): ImageDecoder {
  return {
    decode: (bytes, decodeOptions = {}) => decodeImage(bytes, { ...decodeOptions, ...options }),
  };
}
