// HEVC-coded HEIC decoding (heic-decode: libheif with libde265 in wasm) on a thread of its own. The wasm decoder
// runs synchronously: a 4032 x 3024 phone photo held the calling thread for about 5 s here, and on the serving thread
// that stalls every other request. One long-lived thread, started on first need and not keeping the process alive
// while idle, decodes one picture at a time. A decode that is cancelled or passes its budget ends the thread with
// it (the wasm cannot be interrupted otherwise); the next picture starts a fresh one.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export interface HeicPixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 8 bits a channel. */
  readonly data: Uint8Array;
}

/** Longest one picture may take; past it the thread is ended. A 40-megapixel noise frame takes about 17 s here. */
export const HEIC_DECODE_BUDGET_MS = 30_000;

// heic-decode ships no types; its documented call is decode({ buffer }) -> { width, height, data (RGBA) }. The
// thread runs this source as CommonJS, so the same code serves the built package and the TypeScript sources.
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.modulePath);
parentPort.on("message", ({ id, bytes }) => {
  decode({ buffer: bytes }).then(
    (img) => {
      const data = new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.length);
      parentPort.postMessage({ id, width: img.width, height: img.height, data }, [data.buffer]);
    },
    (e) => parentPort.postMessage({ id, error: String((e && e.message) || e) }),
  );
});
`;

type Reply =
  | { readonly id: number; readonly width: number; readonly height: number; readonly data: Uint8Array }
  | { readonly id: number; readonly error: string };

export class HeicDecodeAborted extends Error {
  override readonly name = "HeicDecodeAborted";
}

export class HeicThread {
  readonly #budgetMs: number;
  #worker: Worker | undefined;
  #tail: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  constructor(options: { readonly budgetMs?: number } = {}) {
    this.#budgetMs = options.budgetMs ?? HEIC_DECODE_BUDGET_MS;
  }

  /**
   * Decodes one picture after those already asked for. Rejects with HeicDecodeAborted when `signal` aborts or the
   * budget passes first, and with an Error when the bytes do not decode.
   */
  decode(bytes: Uint8Array, signal?: AbortSignal): Promise<HeicPixels> {
    const run = this.#tail.then(() => this.#decodeNow(bytes, signal));
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Ends the thread, if one runs. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #spawn(): Worker {
    const modulePath = createRequire(import.meta.url).resolve("heic-decode");
    // libheif prints its own failures to the console; they are the picture's, not ours, and stay out of the logs.
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { modulePath }, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    worker.on("error", () => undefined);
    worker.once("exit", () => {
      if (this.#worker === worker) this.#worker = undefined;
    });
    return worker;
  }

  #decodeNow(bytes: Uint8Array, signal: AbortSignal | undefined): Promise<HeicPixels> {
    if (signal?.aborted) return Promise.reject(new HeicDecodeAborted("The HEIC decoding was cancelled"));
    const worker = (this.#worker ??= this.#spawn());
    const id = this.#nextId++;
    // The thread gets a copy: the caller keeps its bytes. `new Uint8Array(bytes)` always copies, where `slice` on a
    // Node Buffer is a view, and transferring it would detach the caller's memory.
    const copy = new Uint8Array(bytes);
    return new Promise<HeicPixels>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        signal?.removeEventListener("abort", onAbort);
        worker.unref();
      };
      const stop = (why: string): void => {
        finish();
        if (this.#worker === worker) this.#worker = undefined;
        void worker.terminate();
        reject(new HeicDecodeAborted(why));
      };
      const onMessage = (m: Reply): void => {
        if (m.id !== id) return;
        finish();
        if ("error" in m) reject(new Error(m.error));
        else resolve({ width: m.width, height: m.height, data: m.data });
      };
      const onExit = (): void => {
        finish();
        reject(new Error("The HEIC decoding thread stopped"));
      };
      const onAbort = (): void => stop("The HEIC decoding was cancelled");
      const timer = setTimeout(() => stop(`The HEIC decoding took longer than ${this.#budgetMs} ms`), this.#budgetMs);
      worker.on("message", onMessage);
      worker.once("exit", onExit);
      signal?.addEventListener("abort", onAbort, { once: true });
      worker.ref();
      worker.postMessage({ id, bytes: copy }, [copy.buffer]);
    });
  }
}

/** The process's HEIC thread, shared by the image decoder and the document reader. */
export const heicThread = new HeicThread();
