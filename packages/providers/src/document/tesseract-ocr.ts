// Offline OCR with tesseract.js: one long-lived worker thread, created on first use and reused, reading the
// LSTM English model from @tesseract.js-data/eng in node_modules. No CDN download and no cache file is written
// (tesseract.js would otherwise fetch the model from jsDelivr and keep a copy in the working directory).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";

export interface OcrResult {
  readonly text: string;
  /** Mean word confidence, 0 to 1. */
  readonly confidence: number;
}

/** Where the LSTM-only English model lives: the "best_int" build the package ships beside the legacy one. */
export function englishModelPath(): string {
  const pkg = createRequire(import.meta.url).resolve("@tesseract.js-data/eng/package.json");
  return join(dirname(pkg), "4.0.0_best_int");
}

export class OcrAbortedError extends Error {
  override readonly name = "OcrAbortedError";
}

export class TesseractOcr {
  #worker: Promise<Worker> | undefined;

  /** Starts the worker now instead of on the first page (a server can call this at start-up). */
  async warmUp(): Promise<void> {
    await this.#get();
  }

  /**
   * Recognises one prepared image. When `signal` aborts mid-recognition the worker is terminated (its wasm cannot
   * be interrupted otherwise) and OcrAbortedError is thrown; the next call starts a fresh worker.
   */
  async recognize(png: Uint8Array, signal: AbortSignal): Promise<OcrResult> {
    if (signal.aborted) throw new OcrAbortedError("aborted before recognition");
    const worker = await this.#get();
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        void this.close();
        reject(new OcrAbortedError("aborted during recognition"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      // rotateAuto straightens a page photographed a few degrees off: the lines then segment cleanly.
      const job = worker.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength), { rotateAuto: true });
      // The job rejects once the worker is terminated; nobody awaits it after an abort.
      job.catch(() => undefined);
      const { data } = await Promise.race([job, aborted]);
      return { text: data.text, confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
    } finally {
      if (onAbort) signal.removeEventListener("abort", onAbort);
    }
  }

  /** Terminates the worker thread. Idempotent. */
  async close(): Promise<void> {
    const pending = this.#worker;
    this.#worker = undefined;
    if (!pending) return;
    try {
      await (await pending).terminate();
    } catch {
      // A worker that failed to start has nothing left to terminate.
    }
  }

  #get(): Promise<Worker> {
    if (!this.#worker) {
      const starting = createWorker("eng", OEM.LSTM_ONLY, {
        langPath: englishModelPath(),
        gzip: true,
        cacheMethod: "none",
      }).then(async (w) => {
        // Letters and bills are laid out in columns and boxes: automatic segmentation reads them in order.
        // Sauvola's local threshold keeps a photo's grey paper apart from its darker surround; the default global
        // Otsu threshold merged the two and lost most lines of photographed pages.
        await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: "135", thresholding_method: "2" });
        return w;
      });
      // A failed start is not cached: the next read tries again.
      starting.catch(() => {
        if (this.#worker === starting) this.#worker = undefined;
      });
      this.#worker = starting;
    }
    return this.#worker;
  }
}
