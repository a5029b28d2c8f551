import { err, ok, type Result } from "neverthrow";
import { appError, type AppError } from "../../errors.js";
import { indexOfBytes, latin1, startsWith, u32be } from "./bytes.js";

// An upload is identified by its leading bytes only. The file name and the declared Content-Type are chosen by
// the sender, so a zip archive named "code.png" or an HTML page declared as image/png must be refused here, before
// any decoder (each a large native or wasm parser) sees the bytes.

export const UPLOAD_KINDS = ["jpeg", "png", "webp", "heic", "heif", "gif", "pdf"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export type ImageKind = Exclude<UploadKind, "pdf">;
export const IMAGE_KINDS: readonly ImageKind[] = UPLOAD_KINDS.filter((k): k is ImageKind => k !== "pdf");

/** The kinds as people know them; HEIC and HEIF are one family, named once. */
const KIND_NAMES: Readonly<Record<UploadKind, string>> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  heic: "HEIC/HEIF",
  heif: "HEIC/HEIF",
  gif: "GIF",
  pdf: "PDF",
};

/** "JPEG, PNG, WebP, HEIC/HEIF or GIF": accepted kinds as refusals and documents name them. */
export function describeKinds(kinds: readonly UploadKind[]): string {
  const names = [...new Set(kinds.map((k) => KIND_NAMES[k]))];
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1) ?? ""}`;
}

/**
 * Largest upload accepted, in bytes. 10 MiB holds a full-resolution phone photo (3-8 MB as JPEG or HEIC) and a
 * multi-page scanned letter as PDF, while bounding what one request makes the server buffer and hash.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Largest image accepted, in pixels (width x height), checked from the headers before any decoding. Decoded RGBA
 * costs 4 bytes a pixel, so 40 megapixels is 160 MB at most: above every phone camera of today (48-50 MP sensors
 * save 12 MP pictures by default) and far below what a crafted header can claim (a 30,000 x 30,000 PNG of a few
 * kilobytes would ask for 3.6 GB).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface SniffedUpload {
  readonly kind: UploadKind;
  /** The media type the bytes prove, e.g. "image/png"; never the one the sender declared. */
  readonly mediaType: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
// End of central directory: the first bytes of an empty archive, the last record of any other.
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
// ISO base media brands (the ftyp box) of HEVC-coded HEIF, which only heic-decode reads here.
const HEVC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
// Other HEIF-family brands: the image item may be AV1 (AVIF) or another codec sharp's libheif reads.
const HEIF_BRANDS = new Set(["mif1", "mif2", "msf1", "avif", "avis"]);

// Markup a browser or interpreter would act on: an image that carries it is built to be two things at once.
const ACTIVE_MARKUP = ["<script", "<html", "<?php", "<svg", "<!doctype html"];

const unsupported = (message: string, details?: Record<string, unknown>): AppError =>
  appError("unsupported_media_type", message, details ? { details } : {});

/** What a caller takes, as its refusals name it: any upload, or images only. */
const SUPPORTED_TEXT = { upload: describeKinds(UPLOAD_KINDS), image: describeKinds(IMAGE_KINDS) };

function readFtypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || latin1(bytes, 4, 8) !== "ftyp") return null;
  const size = u32be(bytes, 0);
  if (size < 16 || size > bytes.length || size > 4096) return null;
  const brands = [latin1(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(latin1(bytes, at, at + 4));
  return brands;
}

function sniffKind(bytes: Uint8Array): SniffedUpload | null {
  if (startsWith(bytes, PNG)) return { kind: "png", mediaType: "image/png" };
  if (startsWith(bytes, JPEG)) return { kind: "jpeg", mediaType: "image/jpeg" };
  const head6 = latin1(bytes, 0, 6);
  if (head6 === "GIF87a" || head6 === "GIF89a") return { kind: "gif", mediaType: "image/gif" };
  if (latin1(bytes, 0, 4) === "RIFF" && latin1(bytes, 8, 12) === "WEBP")
    return { kind: "webp", mediaType: "image/webp" };
  if (startsWith(bytes, PDF)) return { kind: "pdf", mediaType: "application/pdf" };
  const brands = readFtypBrands(bytes);
  if (brands) {
    if (brands.some((b) => HEVC_BRANDS.has(b))) return { kind: "heic", mediaType: "image/heic" };
    if (brands[0] === "avif" || brands[0] === "avis") return { kind: "heif", mediaType: "image/avif" };
    if (brands.some((b) => HEIF_BRANDS.has(b))) return { kind: "heif", mediaType: "image/heif" };
  }
  return null;
}

/**
 * A lower-cased copy of bytes[start, end). The copy is made here, never with `bytes.slice`: on a Node Buffer (a
 * Uint8Array subclass) `slice` is a view, and lower-casing it would rewrite the caller's file.
 */
function lowerAscii(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, end - start));
  for (let i = 0; i < out.length; i++) {
    const c = bytes[start + i] ?? 0;
    out[i] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  }
  return out;
}

/**
 * Finds a second format hiding behind the first: a zip archive appended to an image (its end-of-central-directory
 * record sits in the last 64 KiB), a PDF header anywhere in an image (readers accept "%PDF-" past offset 0), or
 * script markup in the first kilobytes. Such files are made to be opened by two programs and are refused.
 */
function findSecondFormat(bytes: Uint8Array, kind: UploadKind): string | null {
  const tailStart = Math.max(0, bytes.length - (65_535 + 22));
  if (indexOfBytes(bytes, ZIP_END, tailStart) >= 0) return "zip";
  if (kind !== "pdf" && indexOfBytes(bytes, PDF, 1) >= 0) return "pdf";
  const head = lowerAscii(bytes, 0, Math.min(bytes.length, 4096));
  for (const tag of ACTIVE_MARKUP) {
    const needle = Array.from(tag, (ch) => ch.charCodeAt(0));
    if (indexOfBytes(head, needle, 0) >= 0) return "markup";
  }
  return null;
}

/**
 * Identifies an upload from its magic bytes. Accepts JPEG, PNG, WebP, HEIC/HEIF (and AVIF as HEIF), GIF and PDF;
 * refuses with `unsupported_media_type` an empty file, a zip archive (whatever its name), a polyglot (bytes that
 * start as one format and hold another) and anything else; refuses with `payload_too_large` more than
 * MAX_UPLOAD_BYTES. Pure and synchronous; reads at most the whole buffer once.
 */
export function sniffUpload(
  bytes: Uint8Array,
  accepts: "upload" | "image" = "upload",
): Result<SniffedUpload, AppError> {
  const supported = SUPPORTED_TEXT[accepts];
  if (bytes.length === 0) return err(unsupported("The file is empty"));
  if (bytes.length > MAX_UPLOAD_BYTES) {
    return err(
      appError("payload_too_large", `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB`, {
        details: { max_bytes: MAX_UPLOAD_BYTES, bytes: bytes.length },
      }),
    );
  }
  if (startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, ZIP_END)) {
    return err(unsupported(`The file is a zip archive; send a ${supported} file`, { detected: "zip" }));
  }
  const sniffed = sniffKind(bytes);
  if (!sniffed) return err(unsupported(`The file is not a ${supported} file`));
  const second = findSecondFormat(bytes, sniffed.kind);
  if (second) {
    return err(
      unsupported(`The file starts as ${sniffed.kind.toUpperCase()} but also holds ${second} content`, {
        detected: sniffed.kind,
        polyglot: second,
      }),
    );
  }
  return ok(sniffed);
}
