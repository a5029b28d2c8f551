// The PDF text process: PDF.js (through unpdf) parses one document at a time here, in a child process of the server,
// so a document whose pages take seconds to parse blocks only this process, and the reader can end it at its time or
// memory limit; the memory it took (ArrayBuffers included, which no heap limit of a thread covers) goes back to the
// system with it. It answers the reader's requests one by one: open a document, read a page, close it.
import { createIsomorphicCanvasFactory, extractImages, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import {
  joinTextItems,
  READY,
  type PdfRaster,
  type PdfTextImage,
  type PdfTextLimits,
  type PdfTextPage,
  type PdfTextReply,
  type PdfTextRequest,
  INFLATE_CAP_EXCEEDED,
} from "./pdf-text.js";
import { inflatedTotal } from "./pdf-inflate-cap.js";

// PDF.js 5 moves a compiled path's coordinates with ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks:
// without it the operator list of a page stops at its first path, and what the page paints after it (a QR code,
// a scanned picture) is never drawn or found. A copy serves the same purpose here.
if (!("transferToFixedLength" in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

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

/** A text layer of fewer letters than this does not hold the page's message: its pictures are read too. */
const SPARSE_PAGE_LETTERS = 80;
const letters = (text: string): number => (text.match(/\p{L}/gu) ?? []).length;

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
    // A page whose text layer says almost nothing (a footer, a page number, a few invisible words laid over a
    // picture so that nobody OCRs it) is read from its pictures too.
    if (!scan || letters(layer.text) >= SPARSE_PAGE_LETTERS) return base;
    return { ...base, images: await pagePictures(open, number) };
  } finally {
    page.cleanup();
  }
}

/**
 * What makes a page worth drawing for QR codes besides a picture: one path of at least this many numbers (points
 * and drawing operations; a code drawn as one shape has over a hundred dark modules, a rule or a box a dozen
 * numbers), or this many paths (a code drawn module by module; a table's cells and rules are a few dozen).
 */
const CODE_PATH_NUMBERS = 400;
const CODE_PATHS = 100;

/** The operators that paint a picture, taken once from the loaded PDF.js. */
let pictureOps: Set<number> | undefined;

/** True when a page paints a picture or paths detailed enough to be a code: only such a page is drawn. */
async function mayHoldCode(page: PdfPage): Promise<boolean> {
  const { OPS } = await getResolvedPDFJS();
  pictureOps ??= new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ]);
  const pictures = pictureOps;
  const list = await page.getOperatorList();
  let paths = 0;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    if (fn !== undefined && pictures.has(fn)) return true;
    if (fn !== OPS.constructPath) continue;
    if (++paths >= CODE_PATHS) return true;
    // [operation, [coordinates], bounds]: the coordinates are one typed array (a plain array in older builds).
    const args = list.argsArray[i] as unknown[] | null;
    const data = Array.isArray(args?.[1]) ? (args[1] as unknown[])[0] : undefined;
    if ((data instanceof Float32Array || Array.isArray(data)) && data.length >= CODE_PATH_NUMBERS) return true;
  }
  return false;
}

/** PDF.js draws on @napi-rs/canvas in Node; the factory also makes the scratch canvases of masks and patterns. */
let canvasFactory: ReturnType<typeof createIsomorphicCanvasFactory> | undefined;
const canvases = (): ReturnType<typeof createIsomorphicCanvasFactory> =>
  (canvasFactory ??= createIsomorphicCanvasFactory(() => import("@napi-rs/canvas")));

type RenderParameters = Parameters<PdfPage["render"]>[0];
interface Drawing {
  readonly canvas: { readonly width: number; readonly height: number };
  readonly context: {
    fillStyle: string;
    fillRect(x: number, y: number, w: number, h: number): void;
    getImageData(
      x: number,
      y: number,
      w: number,
      h: number,
    ): { width: number; height: number; data: Uint8ClampedArray };
  };
}

/** Draws a page that may hold a code, its longer edge `side` pixels, on a white ground. */
async function renderPage(open: Open, number: number, side: number): Promise<PdfRaster | null> {
  const page = await open.pdf.getPage(number);
  try {
    if (!(await mayHoldCode(page))) return null;
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: side / Math.max(natural.width, natural.height, 1) });
    const factory = new (await canvases())();
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const drawing = factory.create(width, height) as Drawing;
    try {
      drawing.context.fillStyle = "#ffffff";
      drawing.context.fillRect(0, 0, width, height);
      const params = { canvas: drawing.canvas, canvasContext: drawing.context, viewport };
      await page.render(params as unknown as RenderParameters).promise;
      const pixels = drawing.context.getImageData(0, 0, width, height);
      return { width: pixels.width, height: pixels.height, data: pixels.data };
    } finally {
      factory.destroy(drawing);
    }
  } finally {
    page.cleanup();
  }
}

async function handle(request: PdfTextRequest): Promise<PdfTextReply | null> {
  const { id } = request;
  try {
    switch (request.op) {
      case "open": {
        closeCurrent();
        // What the document's Flate streams expand to is counted before PDF.js allocates a byte for any of them.
        if ((await inflatedTotal(request.bytes, request.limits.maxInflatedBytes)).over) {
          return { id, ok: false, error: INFLATE_CAP_EXCEEDED };
        }
        const pdf = await getDocumentProxy(request.bytes, {
          CanvasFactory: await canvases(),
          maxImageSize: request.limits.maxImagePixels,
          isEvalSupported: false,
          verbosity: 0,
          stopAtErrors: false,
        });
        current = { pdf, limits: request.limits, seen: new Set() };
        return { id, ok: true, pageCount: pdf.numPages };
      }
      case "page": {
        if (!current) return { id, ok: false, error: "NoDocument" };
        return { id, ok: true, page: await readPage(current, request.number, request.scan) };
      }
      case "render": {
        if (!current) return { id, ok: false, error: "NoDocument" };
        return { id, ok: true, raster: await renderPage(current, request.number, request.side) };
      }
      case "close":
        closeCurrent();
        return null;
    }
  } catch (e) {
    return { id, ok: false, error: e instanceof Error ? e.name : "Error" };
  }
}

const send = process.send?.bind(process);
if (send) {
  // The server going away (its channel closed) ends this process too: nobody is left to answer.
  process.on("disconnect", () => process.exit(0));
  // PDF.js is loaded before the process says it is ready, so the first document does not pay for it.
  await getResolvedPDFJS();
  // Requests are handled strictly in order: a close never overtakes the page read before it.
  let queue: Promise<void> = Promise.resolve();
  process.on("message", (request: PdfTextRequest) => {
    queue = queue.then(async () => {
      const answer = await handle(request);
      if (answer) send(answer);
    });
  });
  send(READY);
}
