import { err, ok, type Result } from "neverthrow";
import { appError, type AppError } from "../../errors.js";
import { latin1, u16be, u16le, u24le, u32be, u32le } from "./bytes.js";
import { MAX_IMAGE_PIXELS, sniffUpload, type ImageKind, type SniffedUpload } from "./sniff-upload.js";

// Width and height come from each format's own header, so the pixel limit holds before a decoder allocates
// anything: a decoder trusts the header and reserves width x height x 4 bytes up front.

export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

export interface InspectedImage extends ImageDimensions {
  readonly kind: ImageKind;
  readonly mediaType: string;
}

const corrupt = (kind: ImageKind, why: string): AppError =>
  appError("unsupported_media_type", `The ${kind.toUpperCase()} image is truncated or corrupt: ${why}`, {
    details: { detected: kind },
  });

function pngDimensions(b: Uint8Array): ImageDimensions | string {
  // Signature (8), then the IHDR chunk must come first: length 13, type, width, height.
  if (b.length < 24) return "the header is cut short";
  if (latin1(b, 12, 16) !== "IHDR" || u32be(b, 8) !== 13) return "the first chunk is not IHDR";
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

// Start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC).
const isSof = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegDimensions(b: Uint8Array): ImageDimensions | string {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return "a segment does not start with a marker";
    while (b[at] === 0xff) at++; // fill bytes
    const marker = b[at] ?? -1;
    at++;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length field
    if (marker === 0xd9 || marker === 0xda) return "no frame header before the image data";
    if (at + 2 > b.length) break;
    const length = u16be(b, at);
    if (length < 2) return "a segment length is invalid";
    if (isSof(marker)) {
      if (at + 7 > b.length) break;
      return { height: u16be(b, at + 3), width: u16be(b, at + 5) };
    }
    at += length;
  }
  return "the header is cut short";
}

function gifDimensions(b: Uint8Array): ImageDimensions | string {
  if (b.length < 13) return "the header is cut short";
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

function webpDimensions(b: Uint8Array): ImageDimensions | string {
  if (b.length < 30) return "the header is cut short";
  const chunk = latin1(b, 12, 16);
  if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return "the lossless signature is missing";
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return "the lossy start code is missing";
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return "no VP8, VP8L or VP8X chunk";
}

interface Box {
  readonly type: string;
  /** Start of the payload (after size, type and any 64-bit size). */
  readonly body: number;
  readonly end: number;
}

function readBoxes(b: Uint8Array, start: number, end: number): Box[] | string {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = u32be(b, at);
    const type = latin1(b, at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) return "a box header is cut short";
      const high = u32be(b, at + 8);
      if (high !== 0) return "a box is larger than the file";
      size = u32be(b, at + 12);
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) return `the ${type.trim() || "unnamed"} box runs past its container`;
    boxes.push({ type, body, end: at + size });
    at += size;
  }
  return boxes;
}

const CONTAINERS = ["meta", "iprp", "ipco"] as const;

function heifDimensions(b: Uint8Array): ImageDimensions | string {
  // ispe (image spatial extents) is mandatory for every image item: meta > iprp > ipco > ispe. Thumbnails and
  // grid tiles carry their own; the largest one bounds what a decoder allocates.
  let level = readBoxes(b, 0, b.length);
  if (typeof level === "string") return level;
  for (const name of CONTAINERS) {
    const box: Box | undefined = level.find((x) => x.type === name);
    if (!box) return `no ${name} box`;
    // meta is a full box: version and flags precede its children.
    const next = readBoxes(b, name === "meta" ? box.body + 4 : box.body, box.end);
    if (typeof next === "string") return next;
    level = next;
  }
  let best: ImageDimensions | null = null;
  for (const box of level) {
    if (box.type !== "ispe" || box.body + 12 > box.end) continue;
    const dims = { width: u32be(b, box.body + 4), height: u32be(b, box.body + 8) };
    if (!best || dims.width * dims.height > best.width * best.height) best = dims;
  }
  return best ?? "no ispe property";
}

const READERS: Readonly<Record<ImageKind, (b: Uint8Array) => ImageDimensions | string>> = {
  png: pngDimensions,
  jpeg: jpegDimensions,
  gif: gifDimensions,
  webp: webpDimensions,
  heic: heifDimensions,
  heif: heifDimensions,
};

/**
 * Width and height of an image of a sniffed kind, read from its header without decoding it. Errors
 * (`unsupported_media_type`) when the header is cut short or malformed, or declares a zero side.
 */
export function imageDimensions(bytes: Uint8Array, kind: ImageKind): Result<ImageDimensions, AppError> {
  const read = READERS[kind](bytes);
  if (typeof read === "string") return err(corrupt(kind, read));
  if (read.width === 0 || read.height === 0) return err(corrupt(kind, "the header declares a zero width or height"));
  return ok(read);
}

/** Refuses (`payload_too_large`) dimensions above maxPixels, naming the figures so the user can resize. */
export function checkPixelLimit(
  dims: ImageDimensions,
  maxPixels = MAX_IMAGE_PIXELS,
): Result<ImageDimensions, AppError> {
  const pixels = dims.width * dims.height;
  if (pixels <= maxPixels) return ok(dims);
  return err(
    appError(
      "payload_too_large",
      `The image is ${dims.width} x ${dims.height} pixels; at most ${(maxPixels / 1e6).toFixed(0)} megapixels are accepted`,
      { details: { width: dims.width, height: dims.height, max_pixels: maxPixels } },
    ),
  );
}

/**
 * Everything an image decoder must know before it runs: the kind proven by the magic bytes (a PDF is refused with
 * `unsupported_media_type`), the header dimensions, and the pixel limit enforced. Pure; never decodes pixels.
 */
export function inspectImage(bytes: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): Result<InspectedImage, AppError> {
  return sniffUpload(bytes, "image")
    .andThen((s: SniffedUpload) =>
      s.kind === "pdf"
        ? err(appError("unsupported_media_type", "The file is a PDF, not an image", { details: { detected: "pdf" } }))
        : ok({ kind: s.kind, mediaType: s.mediaType }),
    )
    .andThen((s) =>
      imageDimensions(bytes, s.kind)
        .andThen((d) => checkPixelLimit(d, maxPixels))
        .map((d) => ({ ...s, width: d.width, height: d.height })),
    );
}
