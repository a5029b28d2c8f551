// What the PDF text process and the document reader say to each other: one request at a time, each answered by a
// reply carrying the same id. Shared by both sides, so it imports nothing that either side would not load anyway.

/** The process sends this once its module (and PDF.js with it) has loaded. */
export const READY = "pdf-text-ready";

/** The error of an open refused because the document's Flate streams inflate past `maxInflatedBytes`. */
export const INFLATE_CAP_EXCEEDED = "InflateCapExceeded";

/** Bounds the process applies to one document; the reader's own limits, passed along with the bytes. */
export interface PdfTextLimits {
  /** Characters kept per page; the text layer stops streaming past it. */
  readonly maxPageChars: number;
  /** Pictures of a scanned page kept for OCR, largest first. */
  readonly maxImagesPerPage: number;
  /** A picture narrower or shorter than this is not kept for OCR. */
  readonly minOcrImageSide: number;
  /** Decoded pixels PDF.js may allocate for one picture; larger pictures are skipped. */
  readonly maxImagePixels: number;
  /**
   * Bytes all the document's Flate streams may inflate to, together; counted before PDF.js opens it, and past it
   * the open is refused with INFLATE_CAP_EXCEEDED.
   */
  readonly maxInflatedBytes: number;
}

export type PdfTextRequest =
  | { readonly id: number; readonly op: "open"; readonly bytes: Uint8Array; readonly limits: PdfTextLimits }
  /** `scan`: when the page has no text layer or almost none, also return its largest pictures for OCR. */
  | { readonly id: number; readonly op: "page"; readonly number: number; readonly scan: boolean }
  /**
   * Draws a page whose content could hold a QR code (a picture, or a path of many points) at `side` pixels along its
   * longer edge, for the reader's QR decoder; a page that paints neither is answered with no raster.
   */
  | { readonly id: number; readonly op: "render"; readonly number: number; readonly side: number }
  /** Not answered: the process destroys the document while the reader goes on; the next request waits for it. */
  | { readonly id: number; readonly op: "close" };

/** A picture found on a page; `pixels` only for the ones kept for OCR (copied between the processes). */
export interface PdfTextImage {
  readonly width: number;
  readonly height: number;
  readonly ocr: boolean;
  readonly pixels?: { readonly data: Uint8Array | Uint8ClampedArray; readonly channels: 1 | 2 | 3 | 4 };
}

export interface PdfTextPage {
  readonly text: string;
  /** The text was cut at maxPageChars. */
  readonly cut: boolean;
  /** The page tree lists this page object a second time: its text was not read again. */
  readonly repeated: boolean;
  /** Link annotation targets on the page. */
  readonly links: readonly string[];
  /**
   * Set when `scan` was asked and the page's text layer is empty or says almost nothing (under 80 letters): its
   * pictures, possibly none (a blank page).
   */
  readonly images?: readonly PdfTextImage[];
}

/** A drawn page: 8-bit RGBA, row by row from the top-left corner (copied between the processes). */
export interface PdfRaster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export type PdfTextReply =
  | { readonly id: number; readonly ok: true; readonly pageCount: number }
  | { readonly id: number; readonly ok: true; readonly page: PdfTextPage }
  | { readonly id: number; readonly ok: true; readonly raster: PdfRaster | null }
  /** `error`: the name of the exception PDF.js threw (PasswordException, InvalidPDFException, ...). */
  | { readonly id: number; readonly ok: false; readonly error: string };

/** Joins PDF.js text items into lines the way they are laid out: an item that ends a line ends with "\n". */
export function joinTextItems(items: readonly { str?: string; hasEOL?: boolean }[]): string {
  let out = "";
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    out += item.str;
    if (item.hasEOL) out += "\n";
  }
  return out;
}
