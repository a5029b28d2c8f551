// DocumentReader over unpdf (PDF.js) and tesseract.js: a PDF's text layer page by page, OCR of the pictures of
// pages that have none (scans), OCR of uploaded photos. Every input is bounded: bytes, pages, characters per
// page, pixels per picture, what its Flate streams inflate to, and a time budget per document. PDF.js runs in a
// process of its own (pdf-text-worker), ended when the budget runs out or its memory passes a limit: its parser cannot
// be interrupted any other way, and only a process gives all its memory back when it ends.
import { appError, type AppError } from "@scamverify/core";
import type {
  DocumentImage,
  DocumentKind,
  DocumentPage,
  DocumentReadContext,
  DocumentReader,
  DocumentText,
  QrDecoder,
} from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";
import { abortable } from "./abortable.js";
import { INFLATE_CAP_EXCEEDED, type PdfTextLimits, type PdfTextPage, type PdfTextReply } from "./pdf-text.js";
import { PdfTextPool, PdfThreadGone, type PdfTextPoolOptions, type PdfThread } from "./pdf-text-pool.js";
import {
  BLANK_EDGES,
  MAX_IMAGE_PIXELS,
  NOISE_FLAT,
  prepareEncodedImage,
  prepareRawImage,
  turnedCopy,
  type PreparedImage,
} from "./prepare-ocr-image.js";
import { OcrAbortedError, TesseractOcr } from "./tesseract-ocr.js";
import { HeicDecodeAborted } from "../image/heic-thread.js";

export { joinTextItems } from "./pdf-text.js";

export interface DocumentLimits {
  /** Largest upload accepted. */
  readonly maxBytes: number;
  /** Pages read from a PDF; later pages are left unread and the result says truncated. */
  readonly maxPages: number;
  /** Pages of one PDF that may be OCR'd (each costs about a second). */
  readonly maxOcrPages: number;
  /** Pictures OCR'd per page, largest first; smaller ones are logos and stamps. */
  readonly maxImagesPerPage: number;
  /** A picture narrower or shorter than this holds no readable paragraph. */
  readonly minOcrImageSide: number;
  /** Characters kept per page; the text layer stops streaming past it. */
  readonly maxPageChars: number;
  /**
   * Pages of a PDF drawn and searched for QR codes (when the reader has a QR decoder), from the first; only a page
   * that paints a picture or a detailed path is drawn.
   */
  readonly maxQrPages: number;
  /** Pixels along the longer edge of a page drawn for QR codes (Letter or A4 at about 2x). */
  readonly qrRenderSide: number;
  /** Wall-clock budget of one read, in milliseconds. */
  readonly timeBudgetMs: number;
  /**
   * Time PDF.js may spend parsing one PDF (opening it, its pages' text and pictures; OCR not counted), in
   * milliseconds. A text page takes milliseconds; past this the document is a parse bomb, and the bound on time is
   * also what keeps the memory its parser can fill far below the process's heap limit.
   */
  readonly parseBudgetMs: number;
  /**
   * Bytes all the Flate streams of one PDF may inflate to, together. Counted before PDF.js reads the file (a window
   * at a time, the output dropped), so a compression bomb is refused for the price of counting to this number.
   */
  readonly maxInflatedBytes: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxBytes: 15 * 1024 * 1024,
  maxPages: 10,
  maxOcrPages: 4,
  maxImagesPerPage: 2,
  minOcrImageSide: 300,
  maxPageChars: 20_000,
  maxQrPages: 4,
  qrRenderSide: 1_600,
  timeBudgetMs: 20_000,
  parseBudgetMs: 5_000,
  maxInflatedBytes: 256 * 1024 * 1024,
};

export interface DocumentReaderOptions {
  readonly limits?: Partial<DocumentLimits>;
  /** Monotonic milliseconds, for the time budget; performance.now by default. */
  readonly now?: () => number;
  /** Shared OCR engine; one is created (and closed by close()) when omitted. */
  readonly ocr?: TesseractOcr;
  /** The PDF text processes: how many, and the heap and resident memory each may use. */
  readonly pdfThreads?: PdfTextPoolOptions;
  /** Reads QR codes on the pages of PDFs (their drawn pages); without one, a PDF's codes are not looked for. */
  readonly qrDecoder?: QrDecoder;
}

class BudgetExceeded extends Error {
  override readonly name = "BudgetExceeded";
}
/**
 * Whether a read is waiting on the server (for a PDF process, for its turn at OCR) rather than doing its own work: the
 * time budget running out then is the server's capacity (503), otherwise the document's cost (400 too_complex).
 */
interface Waits {
  queued: boolean;
}
class ReadAborted extends Error {
  override readonly name = "ReadAborted";
}
/** A page that yields fewer letters than this on its first reading is read again, turned (RETRY_TURNS degrees). */
const MIN_LETTERS = 40;
const RETRY_TURNS = [-8, 8] as const;
const lettersOf = (text: string): number => (text.match(/[a-z]/gi) ?? []).length;

class OcrUnavailable extends Error {
  override readonly name = "OcrUnavailable";
}
class PdfUnavailable extends Error {
  override readonly name = "PdfUnavailable";
}
/**
 * The PDF text process stopped before answering: the time or parse budget ran out while PDF.js was at work, its
 * heap passed the limit, or it died (an exception PDF.js threw where nothing could catch it).
 */
class ParseStopped extends Error {
  override readonly name = "ParseStopped";
  constructor(readonly why: "time" | "memory" | "crashed" | "inflate") {
    super(`PDF parsing stopped: ${why}`);
  }
}

const invalid = (reason: string, message: string): AppError =>
  appError("validation_error", message, { details: { reason } });

/** Maps PDF.js's exception names to the port's errors; anything else is treated as a damaged file. */
export function fromPdfJsError(e: unknown): AppError {
  return fromPdfJsErrorName(e instanceof Error ? e.name : "");
}

function fromPdfJsErrorName(name: string): AppError {
  if (name === "PasswordException") {
    return invalid("encrypted", "The PDF is password-protected; upload an unprotected copy");
  }
  return invalid("damaged", "The PDF is damaged or truncated and cannot be read");
}

function parseStopped(why: ParseStopped["why"]): AppError {
  if (why === "crashed") return fromPdfJsErrorName("");
  const because = {
    time: "parsing its pages takes longer than allowed",
    memory: "parsing its pages takes more memory than allowed",
    inflate: "its compressed streams expand to more than allowed",
  }[why];
  return invalid("too_complex", `The PDF is too complex to read: ${because}`);
}

export function createDocumentReader(options: DocumentReaderOptions = {}): DocumentReader & {
  readonly ocr: TesseractOcr;
  warmUp(): Promise<void>;
  /** Reads waiting for or holding a PDF process, and images waiting for or in OCR (operators' queue depth). */
  queueDepth(): { readonly pdf: number; readonly ocr: number };
} {
  const limits: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
  const now = options.now ?? (() => performance.now());
  const ownsOcr = !options.ocr;
  const ocr = options.ocr ?? new TesseractOcr();
  const pdfThreads = new PdfTextPool(options.pdfThreads);
  const pdfLimits: PdfTextLimits = {
    maxPageChars: limits.maxPageChars,
    maxImagesPerPage: limits.maxImagesPerPage,
    minOcrImageSide: limits.minOcrImageSide,
    maxImagePixels: MAX_IMAGE_PIXELS,
    maxInflatedBytes: limits.maxInflatedBytes,
  };

  /** Aborts on the caller's signal or when the budget runs out, whichever comes first. */
  function deadline(signal: AbortSignal): { signal: AbortSignal; check: () => void; dispose: () => void } {
    const start = now();
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(new ReadAborted("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    if (signal.aborted) onAbort();
    const timer = setTimeout(
      () => controller.abort(new BudgetExceeded("time budget exceeded")),
      Math.max(0, limits.timeBudgetMs),
    );
    timer.unref?.();
    return {
      signal: controller.signal,
      check: () => {
        if (signal.aborted) throw new ReadAborted("aborted");
        if (now() - start >= limits.timeBudgetMs) throw new BudgetExceeded("time budget exceeded");
        if (controller.signal.aborted) throw controller.signal.reason as Error;
      },
      dispose: () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      },
    };
  }

  async function recognise(
    image: PreparedImage & { ok: true },
    signal: AbortSignal,
    waits: Waits,
  ): Promise<{ text: string; confidence: number }> {
    // A blank picture holds nothing to read: Tesseract is not asked, three times over, to confirm it.
    if (image.texture.edges < BLANK_EDGES) return { text: "", confidence: 0 };
    const read = async (png: Uint8Array): Promise<{ text: string; confidence: number }> => {
      waits.queued = true;
      try {
        return await ocr.recognize(png, signal, () => (waits.queued = false));
      } finally {
        waits.queued = false;
      }
    };
    try {
      const first = await read(image.png);
      if (lettersOf(first.text) >= MIN_LETTERS) return first;
      // Nothing read: the page may be turned further than Tesseract straightens. Read it turned back each way once.
      let best = first;
      for (const degrees of RETRY_TURNS) {
        const again = await read(await abortable(turnedCopy(image.png, degrees), signal));
        if (lettersOf(again.text) > lettersOf(best.text)) best = again;
        if (lettersOf(best.text) >= MIN_LETTERS) break;
      }
      return best;
    } catch (e) {
      if (e instanceof OcrAbortedError)
        throw signal.reason instanceof Error ? signal.reason : new ReadAborted("aborted");
      // tesseract.js rejects with plain strings as well as Errors; either way the engine, not the input, failed.
      throw new OcrUnavailable(e instanceof Error ? e.message : String(e));
    }
  }

  /**
   * One request to the PDF text process, on the document's parse budget (`left`, in ms, shared by its requests).
   * Time or heap running out while PDF.js is still at work is the document's doing (too complex), and so is a
   * process that dies on it; the process is ended and a fresh one serves the next read. One that cannot start
   * is the server's failure.
   */
  async function ask(
    thread: PdfThread,
    request: Parameters<PdfThread["request"]>[0],
    signal: AbortSignal,
    parse: { left: number },
  ): Promise<PdfTextReply> {
    if (signal.aborted) throw signal.reason as Error;
    if (parse.left <= 0) throw new ParseStopped("time");
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new ParseStopped("time")), parse.left);
    const started = performance.now();
    try {
      return await thread.request(request, controller.signal);
    } catch (e) {
      if (e instanceof BudgetExceeded) throw new ParseStopped("time");
      if (e instanceof PdfThreadGone) {
        if (e.failure === "unavailable") throw new PdfUnavailable(e.message);
        throw new ParseStopped(e.failure);
      }
      throw e;
    } finally {
      parse.left -= performance.now() - started;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    }
  }

  /** OCR of the pictures the process kept from a page without text, largest first. */
  async function ocrPage(
    page: PdfTextPage,
    number: number,
    signal: AbortSignal,
    images: DocumentImage[],
    waits: Waits,
  ): Promise<{ text: string; confidence?: number }> {
    const texts: string[] = [];
    const confidences: number[] = [];
    for (const img of page.images ?? []) {
      images.push({ page: number, width: img.width, height: img.height, ocr: img.ocr });
      if (!img.ocr || !img.pixels) continue;
      const prepared = await prepareRawImage({ width: img.width, height: img.height, ...img.pixels });
      // A picture that is noise all over holds no text; the page's other pictures may.
      if (!prepared.ok || prepared.texture.flat < NOISE_FLAT) continue;
      const r = await recognise(prepared, signal, waits);
      texts.push(r.text.trim());
      confidences.push(r.confidence);
    }
    if (confidences.length === 0) return { text: "" };
    return { text: texts.join("\n\n"), confidence: confidences.reduce((a, b) => a + b, 0) / confidences.length };
  }

  async function readPdf(
    bytes: Uint8Array,
    signal: AbortSignal,
    check: () => void,
    waits: Waits,
  ): Promise<Result<DocumentText, AppError>> {
    waits.queued = true;
    const thread = await pdfThreads.acquire(signal);
    try {
      // A process's start (loading PDF.js) is the server's cost, not the document's: it is not on the parse budget.
      await thread.started(signal).catch((e: unknown) => {
        throw e instanceof PdfThreadGone ? new PdfUnavailable(e.message) : e;
      });
      waits.queued = false;
      return await readPdfOn(thread, bytes, signal, check, waits);
    } finally {
      // The process destroys the document after this read has answered, before it serves the next one.
      thread.closeDocument();
      pdfThreads.release(thread);
    }
  }

  async function readPdfOn(
    thread: PdfThread,
    bytes: Uint8Array,
    signal: AbortSignal,
    check: () => void,
    waits: Waits,
  ): Promise<Result<DocumentText, AppError>> {
    const parse = { left: limits.parseBudgetMs };
    const opened = await ask(thread, { op: "open", bytes, limits: pdfLimits }, signal, parse);
    if (!opened.ok) {
      return err(opened.error === INFLATE_CAP_EXCEEDED ? parseStopped("inflate") : fromPdfJsErrorName(opened.error));
    }
    const pageCount = "pageCount" in opened ? opened.pageCount : 0;
    if (pageCount === 0) return err(invalid("empty", "The PDF has no pages"));
    const pages: DocumentPage[] = [];
    const images: DocumentImage[] = [];
    const links = new Set<string>();
    let cut = false;
    let ocrPages = 0;
    const toRead = Math.min(pageCount, limits.maxPages);
    const coded: number[] = [];
    for (let number = 1; number <= toRead; number++) {
      try {
        check();
        const reply = await ask(thread, { op: "page", number, scan: ocrPages < limits.maxOcrPages }, signal, parse);
        if (!reply.ok) {
          if (pages.length === 0) return err(fromPdfJsErrorName(reply.error));
          break;
        }
        if (!("page" in reply)) break;
        const page = reply.page;
        cut ||= page.cut;
        for (const url of page.links) if (links.size < 100) links.add(url);
        if (page.images === undefined) {
          pages.push({ number, text: page.text, method: "pdf_text" });
        } else {
          ocrPages++;
          const scanned = await ocrPage(page, number, signal, images, waits);
          // The few words of a sparse text layer stay, before what its pictures say.
          const text = [page.text.trim(), scanned.text].filter((t) => t !== "").join("\n\n");
          pages.push(
            scanned.confidence === undefined
              ? { number, text: page.text, method: page.text.trim() === "" ? "ocr" : "pdf_text" }
              : { number, text, method: "ocr", ocr_confidence: scanned.confidence },
          );
        }
        if (number <= limits.maxQrPages && !page.repeated) coded.push(number);
      } catch (e) {
        // Out of time or memory after some pages: keep what was read and say the document was cut short.
        if ((e instanceof BudgetExceeded || e instanceof ParseStopped) && pages.length > 0) break;
        throw e;
      }
    }
    // Codes are looked for once every page's text is in: a page that is slow to draw costs its codes, never text.
    const codes = await pagesCodes(thread, coded, signal, parse);
    return ok({
      pages,
      page_count: pageCount,
      pages_read: pages.length,
      truncated: cut || pages.length < pageCount,
      images,
      links: [...links],
      ...(options.qrDecoder ? { qr_codes: [...new Set(codes)] } : {}),
    });
  }

  /**
   * The payloads of the QR codes on the pages given, each drawn by the PDF process and read by the QR decoder, in page
   * order. Drawing shares the document's parse budget: when it runs out (or the read's time), the pages not yet
   * drawn keep their codes unread.
   */
  async function pagesCodes(
    thread: PdfThread,
    numbers: readonly number[],
    signal: AbortSignal,
    parse: { left: number },
  ): Promise<string[]> {
    const decoder = options.qrDecoder;
    const codes: string[] = [];
    if (decoder === undefined) return codes;
    for (const number of numbers) {
      try {
        const reply = await ask(thread, { op: "render", number, side: limits.qrRenderSide }, signal, parse);
        if (!reply.ok || !("raster" in reply) || reply.raster === null) continue;
        const found = await decoder.decode(reply.raster, { signal });
        if (found.ok) codes.push(...found.value.map((c) => c.text));
      } catch (e) {
        if (e instanceof BudgetExceeded || e instanceof ParseStopped) break;
        throw e;
      }
    }
    return codes;
  }

  async function readImage(
    bytes: Uint8Array,
    kind: Exclude<DocumentKind, "pdf">,
    signal: AbortSignal,
    waits: Waits,
  ): Promise<Result<DocumentText, AppError>> {
    const prepared = await abortable(prepareEncodedImage(bytes, kind, signal), signal);
    if (!prepared.ok) {
      return err(
        prepared.reason === "too_large"
          ? appError("payload_too_large", `The image exceeds ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`)
          : // As the QR channel answers the same file: a supported type whose pixels cannot be decoded.
            appError(
              "unsupported_media_type",
              `The ${kind.toUpperCase()} image could not be decoded: it is truncated or corrupt`,
              { details: { detected: kind, reason: "not_decodable" } },
            ),
      );
    }
    // Noise all over (a photo of static, a random-pixel picture) is refused at once: OCR would spend its whole budget
    // finding shapes in it, and read nothing.
    if (prepared.texture.flat < NOISE_FLAT) {
      return err(
        invalid(
          "too_complex",
          "The image is too complex to read: it is noise all over, with no plain background for text to stand on",
        ),
      );
    }
    const r = await recognise(prepared, signal, waits);
    return ok({
      pages: [{ number: 1, text: r.text, method: "ocr", ocr_confidence: r.confidence }],
      page_count: 1,
      pages_read: 1,
      truncated: false,
      images: [{ page: 1, width: prepared.width, height: prepared.height, ocr: true }],
      links: [],
    });
  }

  return {
    ocr,
    async read(
      bytes: Uint8Array,
      kind: DocumentKind,
      ctx: DocumentReadContext,
    ): Promise<Result<DocumentText, AppError>> {
      if (bytes.byteLength > limits.maxBytes) {
        return err(appError("payload_too_large", `Documents are limited to ${limits.maxBytes / (1024 * 1024)} MB`));
      }
      if (bytes.byteLength === 0) return err(invalid("empty", "The document is empty"));
      const budget = deadline(ctx.signal);
      const waits: Waits = { queued: false };
      try {
        budget.check();
        return kind === "pdf"
          ? await readPdf(bytes, budget.signal, budget.check, waits)
          : await readImage(bytes, kind, budget.signal, waits);
      } catch (e) {
        const timedOut = e instanceof BudgetExceeded || (e instanceof HeicDecodeAborted && !ctx.signal.aborted);
        // The budget spent by this document's own work is the document's cost; spent waiting, the server's.
        if (timedOut && !waits.queued) {
          const what = kind === "pdf" ? "PDF" : "image";
          return err(
            invalid("too_complex", `The ${what} is too complex to read: reading it takes longer than allowed`),
          );
        }
        if (timedOut || e instanceof HeicDecodeAborted) {
          return err(
            appError("service_unavailable", "The document took too long to read", {
              retryAfter: 30,
              details: { reason: "time_budget" },
            }),
          );
        }
        if (e instanceof ReadAborted) {
          return err(
            appError("service_unavailable", "The document read was cancelled", { details: { reason: "aborted" } }),
          );
        }
        if (e instanceof ParseStopped) return err(parseStopped(e.why));
        if (e instanceof OcrUnavailable) {
          return err(appError("service_unavailable", "Text recognition is unavailable", { retryAfter: 5 }));
        }
        if (e instanceof PdfUnavailable) {
          return err(appError("service_unavailable", "The PDF reader is unavailable", { retryAfter: 5 }));
        }
        throw e;
      } finally {
        budget.dispose();
      }
    },
    async warmUp(): Promise<void> {
      await Promise.allSettled([pdfThreads.warmUp(), ocr.warmUp()]);
    },
    queueDepth: () => ({ pdf: pdfThreads.busy, ocr: ocr.queued }),
    async close(): Promise<void> {
      pdfThreads.close();
      if (ownsOcr) await ocr.close();
    },
  };
}
