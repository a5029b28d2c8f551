import type { AppError } from "../errors.js";

/**
 * The outcome of a decoder: plain data rather than a neverthrow Result, so adapter packages that do not depend on
 * neverthrow can build it. A use case turns it into a Result with `r.ok ? ok(r.value) : err(r.error)`.
 */
export type DecodeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

/** Pixels of one image: 8-bit RGBA, row by row from the top-left corner, width x height x 4 bytes. */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

export interface ImageDecodeOptions {
  /** Downscale (keeping the aspect ratio) so that neither side exceeds this many pixels; never upscales. */
  readonly maxSide?: number;
  readonly signal?: AbortSignal;
}

/**
 * Turns uploaded image bytes (JPEG, PNG, WebP, GIF first frame, HEIC/HEIF) into RGBA pixels, upright per its EXIF
 * orientation. The type is proven by the magic bytes and the pixel limit enforced from the header before any
 * decoding. Never rejects; resolves `ok: false` when a file that is not a supported image, truncated or corrupt is `unsupported_media_type`;
 * one above the byte or pixel limit is `payload_too_large`; a decoder failure of our own is `internal_error`.
 * Stateless and safe to call concurrently.
 */
export interface ImageDecoder {
  decode(bytes: Uint8Array, options?: ImageDecodeOptions): Promise<DecodeResult<DecodedImage>>;
}
