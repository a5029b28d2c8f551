// Offline OCR with tesseract.js: one long-lived worker thread, created on first use and reused, reading the
// LSTM English model from @tesseract.js-data/eng in node_modules. No CDN download and no cache file is written
// (tesseract.js would otherwise fetch the model from jsDelivr and keep a copy in the working directory).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Worker } from "tesseract.js";
import { loadOnce } from "../lazy-module.js";

const loadTesseract = loadOnce(() => import("tesseract.js"));

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
  /**
   * Recognitions run one at a time, in arrival order. The worker reads one image at a time anyway, so nothing is
   * lost; what is gained is that an abort, which has to terminate the worker, only ever ends its own job. With jobs
   * of several requests queued inside one worker, the abort of one left the others waiting forever, and a job handed
   * to the worker as it was being terminated threw from inside tesseract.js where nothing could catch it.
   */
  #tail: Promise<void> = Promise.resolve();
  #queued = 0;

  /** Images waiting for their turn or being recognised now. */
  get queued(): number {
    return this.#queued;
  }

  /** Starts the worker now instead of on the first page (a server can call this at start-up). */
  async warmUp(): Promise<void> {
    await this.#get();
  }

  /**
   * Recognises one prepared image; `onTurn` is called when its turn comes, after the images before it. When `signal`
   * aborts while the image waits its turn, it leaves the queue; when it
   * aborts mid-recognition the worker is terminated (its wasm cannot be interrupted otherwise). Either way
   * OcrAbortedError is thrown, and the next image gets a fresh worker.
   */
  async recognize(png: Uint8Array, signal: AbortSignal, onTurn?: () => void): Promise<OcrResult> {
    if (signal.aborted) throw new OcrAbortedError("aborted before recognition");
    this.#queued++;
    const previous = this.#tail;
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next image waits for this one and for everything before it, even when this one leaves the queue early.
    this.#tail = previous.then(() => mine);
    try {
      await untilOrAborted(previous, signal);
      onTurn?.();
      return await this.#run(png, signal);
    } finally {
      this.#queued--;
      done();
    }
  }

  /** Terminates the worker thread. Idempotent. */
  async close(): Promise<void> {
    const pending = this.#worker;
    this.#worker = undefined;
    await terminate(pending);
  }

  async #run(png: Uint8Array, signal: AbortSignal): Promise<OcrResult> {
    const started = this.#get();
    const worker = await started;
    if (signal.aborted) throw new OcrAbortedError("aborted before recognition");
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(new OcrAbortedError("aborted during recognition"));
        // The next image must not get this worker: it is detached now and terminated on the next turn of the event
        // loop, once tesseract.js has certainly handed it the job (it does so a few microtasks after the call).
        if (this.#worker === started) this.#worker = undefined;
        setImmediate(() => void terminate(started));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      // rotateAuto straightens a page photographed a few degrees off: the lines then segment cleanly.
      const job = worker.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength), { rotateAuto: true });
      // A terminated worker never settles its job; nobody awaits it after an abort.
      job.catch(() => undefined);
      const { data } = await Promise.race([job, aborted]);
      return { text: data.text, confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
    } finally {
      if (onAbort) signal.removeEventListener("abort", onAbort);
    }
  }

  #get(): Promise<Worker> {
    if (!this.#worker) {
      const starting = loadTesseract().then(async ({ createWorker, OEM, PSM }) => {
        const w = await createWorker("eng", OEM.LSTM_ONLY, {
          langPath: englishModelPath(),
          gzip: true,
          cacheMethod: "none",
          // Without a handler, tesseract.js rethrows a job's failure (an image it cannot read) from the worker's
          // message event, where it is an uncaught exception that ends the process; the job's promise is rejected
          // either way.
          errorHandler: () => undefined,
        });
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

async function terminate(pending: Promise<Worker> | undefined): Promise<void> {
  if (!pending) return;
  try {
    await (await pending).terminate();
  } catch {
    // A worker that failed to start has nothing left to terminate.
  }
}

/** Resolves with `turn`, or rejects with OcrAbortedError as soon as `signal` aborts. */
function untilOrAborted(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new OcrAbortedError("aborted while waiting to be read"));
    const onAbort = (): void => reject(new OcrAbortedError("aborted while waiting to be read"));
    signal.addEventListener("abort", onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}
