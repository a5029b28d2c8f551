import type { DecodeResult, DecodedImage } from "./image-decoder.js";

export interface QrPoint {
  readonly x: number;
  readonly y: number;
}

/** Corners of a code in the image's pixel coordinates (of the image as given, before any internal rescaling). */
export interface QrCorners {
  readonly topLeft: QrPoint;
  readonly topRight: QrPoint;
  readonly bottomRight: QrPoint;
  readonly bottomLeft: QrPoint;
}

/** One code found in an image. */
export interface DetectedQrCode {
  /** The payload as text (UTF-8, or the character set the code declares). */
  readonly text: string;
  readonly format: "qr_code" | "micro_qr_code";
  /** null when the decoder cannot say where the code is. */
  readonly position: QrCorners | null;
}

/**
 * Finds and decodes every QR and Micro QR code in an image. Only QR symbologies are reported: a 1-D barcode or
 * another 2-D format in the same picture is never returned as a QR code.
 *
 * `decode` accepts encoded bytes (sniffed and size-checked as by ImageDecoder) or pixels already decoded.
 * Resolves with every code found, in reading order (top to bottom, then left to right), and an empty list when
 * there is none: an image without a code is an answer, not an error. `ok: false` is for the upload
 * (`unsupported_media_type`, `payload_too_large`, as ImageDecoder) and for the decoder's own failure
 * (`internal_error`). Never rejects. Stateless across calls; safe to call concurrently.
 */
export interface QrDecoder {
  decode(
    image: Uint8Array | DecodedImage,
    options?: { readonly signal?: AbortSignal },
  ): Promise<DecodeResult<readonly DetectedQrCode[]>>;
}
