// DocumentReader over unpdf (PDF.js) and tesseract.js: a PDF's text layer page by page, OCR of the pictures of
// pages that have none (scans), OCR of uploaded photos. Every input is bounded: bytes, pages, characters per
// page, pixels per picture and a time budget per document, checked between pages and while text streams in.
import { appError, type AppError } from "@scamverify/core";
import type {
  DocumentImage,
  DocumentKind,
  DocumentPage,
  DocumentReadContext,
  DocumentReader,
  DocumentText,
} from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";
import { extractImages, getDocumentProxy } from "unpdf";
import { MAX_IMAGE_PIXELS, prepareEncodedImage, prepareRawImage, type PreparedImage } from "./prepare-ocr-image.js";
import { OcrAbortedError, TesseractOcr } from "./tesseract-ocr.js";

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
  /** Wall-clock budget of one read, in milliseconds. */
  readonly timeBudgetMs: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxBytes: 15 * 1024 * 1024,
  maxPages: 10,
  maxOcrPages: 4,
  maxImagesPerPage: 2,
  minOcrImageSide: 300,
  maxPageChars: 20_000,
  timeBudgetMs: 20_000,
};

export interface DocumentReaderOptions {
  readonly limits?: Partial<DocumentLimits>;
  /** Monotonic milliseconds, for the time budget; performance.now by default. */
  readonly now?: () => number;
  /** Shared OCR engine; one is created (and closed by close()) when omitted. */
  readonly ocr?: TesseractOcr;
}

/** The subset of PDF.js's document proxy this reader uses. */
type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

class BudgetExceeded extends Error {
  override readonly name = "BudgetExceeded";
}
class ReadAborted extends Error {
  override readonly name = "ReadAborted";
}
class OcrUnavailable extends Error {
  override readonly name = "OcrUnavailable";
}

const invalid = (reason: string, message: string): AppError =>
  appError("validation_error", message, { details: { reason } });

/** Maps PDF.js's exception names to the port's errors; anything else is treated as a damaged file. */
export function fromPdfJsError(e: unknown): AppError {
  const name = e instanceof Error ? e.name : "";
  if (name === "PasswordException") {
    return invalid("encrypted", "The PDF is password-protected; upload an unprotected copy");
  }
  return invalid("damaged", "The PDF is damaged or truncated and cannot be read");
}

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

export function createDocumentReader(
  options: DocumentReaderOptions = {},
): DocumentReader & { readonly ocr: TesseractOcr } {
  const limits: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
  const now = options.now ?? (() => performance.now());
  const ownsOcr = !options.ocr;
  const ocr = options.ocr ?? new TesseractOcr();

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

  function raced<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
    work.catch(() => undefined);
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = (): void => reject(signal.reason as Error);
      signal.addEventListener("abort", onAbort, { once: true });
      work.then(
        (v) => {
          signal.removeEventListener("abort", onAbort);
          resolve(v);
        },
        (e: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  async function recognise(
    image: PreparedImage & { ok: true },
    signal: AbortSignal,
  ): Promise<{ text: string; confidence: number }> {
    try {
      return await ocr.recognize(image.png, signal);
    } catch (e) {
      if (e instanceof OcrAbortedError)
        throw signal.reason instanceof Error ? signal.reason : new ReadAborted("aborted");
      // tesseract.js rejects with plain strings as well as Errors; either way the engine, not the input, failed.
      throw new OcrUnavailable(e instanceof Error ? e.message : String(e));
    }
  }

  /** Streams a page's text layer, stopping at the character cap or when the signal fires. */
  async function pageText(page: PdfPage, signal: AbortSignal): Promise<{ text: string; cut: boolean }> {
    const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
      items: { str?: string; hasEOL?: boolean }[];
    }>;
    let text = "";
    try {
      for (;;) {
        const chunk = await raced(reader.read(), signal);
        if (chunk.done) return { text, cut: false };
        text += joinTextItems(chunk.value.items);
        if (text.length > limits.maxPageChars) return { text: text.slice(0, limits.maxPageChars), cut: true };
      }
    } finally {
      await reader.cancel(new Error("text read finished")).catch(() => undefined);
    }
  }

  async function ocrPage(
    pdf: PdfDocument,
    number: number,
    signal: AbortSignal,
    images: DocumentImage[],
  ): Promise<{ text: string; confidence?: number }> {
    const found = await raced(extractImages(pdf, number), signal);
    const ranked = [...found].sort((a, b) => b.width * b.height - a.width * a.height);
    const texts: string[] = [];
    const confidences: number[] = [];
    for (const [i, img] of ranked.entries()) {
      const eligible = i < limits.maxImagesPerPage && Math.min(img.width, img.height) >= limits.minOcrImageSide;
      images.push({ page: number, width: img.width, height: img.height, ocr: eligible });
      if (!eligible) continue;
      const prepared = await prepareRawImage(img);
      if (!prepared.ok) continue;
      const r = await recognise(prepared, signal);
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
  ): Promise<Result<DocumentText, AppError>> {
    let pdf: PdfDocument;
    try {
      // PDF.js takes ownership of the buffer it is given: hand it a copy so the caller's bytes stay intact.
      pdf = await raced(
        getDocumentProxy(new Uint8Array(bytes), {
          maxImageSize: MAX_IMAGE_PIXELS,
          isEvalSupported: false,
          verbosity: 0,
          stopAtErrors: false,
        }),
        signal,
      );
    } catch (e) {
      if (e instanceof BudgetExceeded || e instanceof ReadAborted) throw e;
      return err(fromPdfJsError(e));
    }
    try {
      const pageCount = pdf.numPages;
      if (pageCount === 0) return err(invalid("empty", "The PDF has no pages"));
      const pages: DocumentPage[] = [];
      const images: DocumentImage[] = [];
      const links = new Set<string>();
      let cut = false;
      let ocrPages = 0;
      const seen = new Set<string>();
      const toRead = Math.min(pageCount, limits.maxPages);
      for (let number = 1; number <= toRead; number++) {
        try {
          check();
        } catch (e) {
          if (e instanceof BudgetExceeded && pages.length > 0) break;
          throw e;
        }
        let page: PdfPage;
        try {
          page = await raced(pdf.getPage(number), signal);
        } catch (e) {
          if (e instanceof BudgetExceeded || e instanceof ReadAborted) throw e;
          if (pages.length === 0) return err(fromPdfJsError(e));
          break;
        }
        const ref = page.ref ? `${page.ref.num} ${page.ref.gen}` : `#${number}`;
        if (seen.has(ref)) {
          // The page tree lists the same page object again: a page-count bomb, not content. PDF.js re-parses a
          // cached content stream in one synchronous pass, so a second read could block past any time budget.
          page.cleanup();
          pages.push({ number, text: "", method: "pdf_text" });
          continue;
        }
        seen.add(ref);
        try {
          const layer = await pageText(page, signal);
          cut ||= layer.cut;
          for (const a of await raced(page.getAnnotations(), signal)) {
            const url = (a as { url?: unknown }).url;
            if (typeof url === "string" && links.size < 100) links.add(url);
          }
          if (layer.text.trim() !== "" || ocrPages >= limits.maxOcrPages) {
            pages.push({ number, text: layer.text, method: "pdf_text" });
            continue;
          }
          ocrPages++;
          const scanned = await ocrPage(pdf, number, signal, images);
          pages.push(
            scanned.confidence === undefined
              ? { number, text: "", method: "ocr" }
              : { number, text: scanned.text, method: "ocr", ocr_confidence: scanned.confidence },
          );
        } catch (e) {
          // Out of time after some pages: keep what was read and say the document was cut short.
          if (e instanceof BudgetExceeded && pages.length > 0) break;
          throw e;
        } finally {
          page.cleanup();
        }
      }
      return ok({
        pages,
        page_count: pageCount,
        pages_read: pages.length,
        truncated: cut || pages.length < pageCount,
        images,
        links: [...links],
      });
    } finally {
      void pdf.destroy().catch(() => undefined);
    }
  }

  async function readImage(
    bytes: Uint8Array,
    kind: Exclude<DocumentKind, "pdf">,
    signal: AbortSignal,
  ): Promise<Result<DocumentText, AppError>> {
    const prepared = await raced(prepareEncodedImage(bytes, kind), signal);
    if (!prepared.ok) {
      return err(
        prepared.reason === "too_large"
          ? appError("payload_too_large", `The image exceeds ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`)
          : invalid("not_decodable", `The upload is not a readable ${kind.toUpperCase()} image`),
      );
    }
    const r = await recognise(prepared, signal);
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
      try {
        budget.check();
        return kind === "pdf"
          ? await readPdf(bytes, budget.signal, budget.check)
          : await readImage(bytes, kind, budget.signal);
      } catch (e) {
        if (e instanceof BudgetExceeded) {
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
        if (e instanceof OcrUnavailable) {
          return err(appError("service_unavailable", "Text recognition is unavailable", { retryAfter: 5 }));
        }
        throw e;
      } finally {
        budget.dispose();
      }
    },
    async close(): Promise<void> {
      if (ownsOcr) await ocr.close();
    },
  };
}
