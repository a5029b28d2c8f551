// The PDF text thread: PDF.js (through unpdf) parses one document at a time here, off the main thread, so a
// document whose pages take seconds to parse blocks only this thread, and the reader can end it at its time or
// memory limit. It answers the reader's requests one by one: open a document, read a page, close it.
import { parentPort } from "node:worker_threads";
import { extractImages, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import {
  joinTextItems,
  READY,
  type PdfTextImage,
  type PdfTextLimits,
  type PdfTextPage,
  type PdfTextReply,
  type PdfTextRequest,
} from "./pdf-text.js";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

interface Open {
  readonly pdf: PdfDocument;
  readonly limits: PdfTextLimits;
  /** Page objects already read: the page tree may list one object many times. */
  readonly seen: Set<string>;
}

let current: Open | undefined;

/** Destroys the open document; PDF.js finishes tearing it down between the next request's steps. */
function closeCurrent(): void {
  const open = current;
  current = undefined;
  void open?.pdf.destroy().catch(() => undefined);
}

/** Streams a page's text layer, stopping at the character cap. */
async function pageText(page: PdfPage, maxChars: number): Promise<{ text: string; cut: boolean }> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
    items: { str?: string; hasEOL?: boolean }[];
  }>;
  let text = "";
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return { text, cut: false };
      text += joinTextItems(chunk.value.items);
      if (text.length > maxChars) return { text: text.slice(0, maxChars), cut: true };
    }
  } finally {
    await reader.cancel(new Error("text read finished")).catch(() => undefined);
  }
}

/** The pictures of a page without text, largest first; the first few large enough ones carry their pixels. */
async function pagePictures(open: Open, number: number): Promise<PdfTextImage[]> {
  const found = await extractImages(open.pdf, number);
  const ranked = [...found].sort((a, b) => b.width * b.height - a.width * a.height);
  return ranked.map((img, i) => {
    const ocr = i < open.limits.maxImagesPerPage && Math.min(img.width, img.height) >= open.limits.minOcrImageSide;
    return ocr
      ? { width: img.width, height: img.height, ocr, pixels: { data: img.data, channels: img.channels } }
      : { width: img.width, height: img.height, ocr };
  });
}

async function readPage(open: Open, number: number, scan: boolean): Promise<PdfTextPage> {
  const page = await open.pdf.getPage(number);
  try {
    const ref = page.ref ? `${page.ref.num} ${page.ref.gen}` : `#${number}`;
    // The page tree lists the same page object again: a page-count bomb, not content. Its text is the text already
    // read, and PDF.js would re-parse its content stream in one synchronous pass.
    if (open.seen.has(ref)) return { text: "", cut: false, repeated: true, links: [] };
    open.seen.add(ref);
    const layer = await pageText(page, open.limits.maxPageChars);
    const links: string[] = [];
    for (const a of await page.getAnnotations()) {
      const url = (a as { url?: unknown }).url;
      if (typeof url === "string") links.push(url);
    }
    const base = { text: layer.text, cut: layer.cut, repeated: false, links };
    if (!scan || layer.text.trim() !== "") return base;
    return { ...base, images: await pagePictures(open, number) };
  } finally {
    page.cleanup();
  }
}

async function handle(request: PdfTextRequest): Promise<{ reply: PdfTextReply; transfer: ArrayBuffer[] } | null> {
  const { id } = request;
  try {
    switch (request.op) {
      case "open": {
        closeCurrent();
        const pdf = await getDocumentProxy(request.bytes, {
          maxImageSize: request.limits.maxImagePixels,
          isEvalSupported: false,
          verbosity: 0,
          stopAtErrors: false,
        });
        current = { pdf, limits: request.limits, seen: new Set() };
        return { reply: { id, ok: true, pageCount: pdf.numPages }, transfer: [] };
      }
      case "page": {
        if (!current) return { reply: { id, ok: false, error: "NoDocument" }, transfer: [] };
        const page = await readPage(current, request.number, request.scan);
        const buffers = new Set<ArrayBuffer>();
        for (const img of page.images ?? []) {
          if (img.pixels?.data.buffer instanceof ArrayBuffer) buffers.add(img.pixels.data.buffer);
        }
        return { reply: { id, ok: true, page }, transfer: [...buffers] };
      }
      case "close":
        closeCurrent();
        return null;
    }
  } catch (e) {
    return { reply: { id, ok: false, error: e instanceof Error ? e.name : "Error" }, transfer: [] };
  }
}

const port = parentPort;
if (port) {
  // PDF.js is loaded before the thread says it is ready, so the first document does not pay for it.
  await getResolvedPDFJS();
  // Requests are handled strictly in order: a close never overtakes the page read before it.
  let queue: Promise<void> = Promise.resolve();
  port.on("message", (request: PdfTextRequest) => {
    queue = queue.then(async () => {
      const answer = await handle(request);
      if (answer) port.postMessage(answer.reply, answer.transfer);
    });
  });
  port.postMessage(READY);
}
