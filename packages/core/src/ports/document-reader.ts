import type { Result } from "neverthrow";
import type { AppError } from "../errors.js";

/** The formats a document upload may be in, as sniffed from its bytes (never from a file name or header). */
export type DocumentKind = "pdf" | "jpeg" | "png" | "webp" | "heic" | "gif";

/** How a page's text was obtained: the PDF's own text layer, or optical character recognition of its images. */
export type PageTextMethod = "pdf_text" | "ocr";

/** The text of one page. Field names are the wire names, so a page can be shown as it is. */
export interface DocumentPage {
  /** 1-based page number in the document; an image is page 1. */
  readonly number: number;
  /** The page's text, lines separated by "\n"; empty when the page holds neither text nor legible images. */
  readonly text: string;
  readonly method: PageTextMethod;
  /** Mean word confidence of the recognition, 0 to 1; present only when method is "ocr". */
  readonly ocr_confidence?: number;
}

/** One picture found on a page (a scanned sheet, a logo, a QR code), described without its pixels. */
export interface DocumentImage {
  readonly page: number;
  readonly width: number;
  readonly height: number;
  /** True when the picture was sent to OCR (large enough and within the per-page picture budget). */
  readonly ocr: boolean;
}

/** What a reader got out of a document. */
export interface DocumentText {
  /** Pages read, in order: the first `pages_read` pages of the document. */
  readonly pages: readonly DocumentPage[];
  /** Pages the document has (1 for an image). */
  readonly page_count: number;
  /** Pages whose text was read; less than page_count when the reader's page cap or time budget stopped it. */
  readonly pages_read: number;
  /** True when pages_read < page_count or a page's text was cut to the reader's character cap. */
  readonly truncated: boolean;
  /**
   * Pictures of the pages read (for a PDF, only pages without a text layer, or with one of almost no words, are
   * searched for them).
   */
  readonly images: readonly DocumentImage[];
  /** Hyperlink targets the PDF declares on the pages read (link annotations); empty for an image. */
  readonly links: readonly string[];
  /**
   * Payloads of the QR codes printed on a PDF's first pages (drawn and searched when the reader has a QR decoder),
   * each once, in page order. Absent when the reader does not look for codes; an image's codes are the QR decoder's
   * to read.
   */
  readonly qr_codes?: readonly string[];
}

export interface DocumentReadContext {
  /** Aborting stops the read at the next page or recognition boundary with service_unavailable. */
  readonly signal: AbortSignal;
}

/**
 * Turns an uploaded document into text, offline. Implementations bound every input: byte size, page count,
 * pixels per picture and a time budget per document, so a hostile file costs a bounded amount of work.
 */
export interface DocumentReader {
  /**
   * Reads the text of a PDF (its text layer, and OCR of its pictures on pages without one or with one of almost no
   * words) or of an image (OCR).
   * Never throws for bad input. Errors:
   * - `payload_too_large`: the bytes, page dimensions or picture pixels exceed the reader's limits;
   * - `validation_error`: damaged, truncated, encrypted or empty (zero-page) documents, bytes that are not
   *   of `kind`, or a PDF whose parsing runs past the reader's parse time or memory limit before its first page
   *   is read (details.reason says which: "damaged", "encrypted", "empty", "not_decodable", "too_complex");
   * - `service_unavailable`: the read was aborted through `ctx.signal`, or OCR or the PDF parser could not start.
   * When the time budget (or the parse limits) run out after at least one page, the pages read so far are
   * returned with truncated: true; when the time budget runs out before the first page during OCR or while
   * waiting for the parser, `service_unavailable` with retryAfter.
   * Idempotent: the same bytes give the same text.
   */
  read(bytes: Uint8Array, kind: DocumentKind, ctx: DocumentReadContext): Promise<Result<DocumentText, AppError>>;

  /**
   * Starts what the reader runs on (the PDF text thread, the OCR worker) ahead of the first document, so the first
   * upload does not pay for it; a server calls it once at start-up. Resolves when both are ready; never rejects (a
   * part that cannot start is started again, and reported, by the first read that needs it).
   */
  warmUp?(): Promise<void>;
  /** Frees the OCR engine and the PDF parser (their threads). Idempotent; a read after close starts new ones. */
  close(): Promise<void>;
}
