// A few long-lived PDF text threads (node:worker_threads), lent to one document read at a time. A thread is ended
// when its read is abandoned (time budget, caller gone) or when its heap passes the resource limit, and a fresh
// one is started for a later read, so one hostile PDF costs its own read and nothing after it.
import { Worker } from "node:worker_threads";
import { READY, type PdfTextReply, type PdfTextRequest } from "./pdf-text.js";
import { abortable } from "./abortable.js";

/** Why a thread stopped answering: its heap limit, an unexpected exit, or it never started. */
export type PdfThreadFailure = "memory" | "crashed" | "unavailable";

export class PdfThreadGone extends Error {
  override readonly name = "PdfThreadGone";
  constructor(
    readonly failure: PdfThreadFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface PdfTextPoolOptions {
  /** Threads kept alive; a read beyond this many at once waits for one. */
  readonly threads?: number;
  /** V8 old-generation heap of each thread in MB; past it the thread is ended (ERR_WORKER_OUT_OF_MEMORY). */
  readonly maxHeapMb?: number;
}

export const DEFAULT_PDF_THREADS = 2;
/**
 * Far above what PDF.js allocates in its parse budget (under 140 MB for the bombs tried): Node gives a thread at its
 * heap limit 16 MB to stop in, and one larger allocation there aborts the whole process, not just the thread.
 */
export const DEFAULT_PDF_HEAP_MB = 512;

type Request = PdfTextRequest extends infer R ? (R extends PdfTextRequest ? Omit<R, "id"> : never) : never;
type Asked = Exclude<Request, { op: "close" }>;

/**
 * Starts the thread from the built file beside this one, or, when running from the TypeScript sources (tests,
 * benchmarks: this module's own URL ends in .ts), through tsx's loader, a development dependency.
 */
function spawn(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./pdf-text-worker.js", here), { resourceLimits });
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./pdf-text-worker.ts", here).href;
  const boot =
    `import(${JSON.stringify(tsx)}).then((m) => (m.tsImport ?? m.default.tsImport)(` +
    `${JSON.stringify(entry)}, ${JSON.stringify(here)}));`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** One thread and the one request it may have in flight. */
export class PdfThread {
  readonly #worker: Worker;
  readonly #ready: Promise<void>;
  #started = false;
  #alive = true;
  #failure: PdfThreadFailure | undefined;
  #nextId = 1;
  #pending: { id: number; resolve: (r: PdfTextReply) => void; reject: (e: Error) => void } | undefined;

  constructor(maxHeapMb: number) {
    this.#worker = spawn(maxHeapMb);
    let markReady: () => void = () => undefined;
    let markDead: (e: Error) => void = () => undefined;
    this.#ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markDead = reject;
    });
    this.#ready.catch(() => undefined);
    this.#worker.on("message", (m: PdfTextReply | typeof READY) => {
      if (m === READY) {
        this.#started = true;
        markReady();
        return;
      }
      const pending = this.#pending;
      if (pending?.id !== m.id) return;
      this.#pending = undefined;
      pending.resolve(m);
    });
    this.#worker.on("error", (e: Error & { code?: string }) => {
      this.#failure ??= e.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : this.#started ? "crashed" : "unavailable";
    });
    this.#worker.on("exit", () => {
      this.#alive = false;
      const gone = this.#gone();
      markDead(gone);
      const pending = this.#pending;
      this.#pending = undefined;
      pending?.reject(gone);
    });
  }

  /** False once the thread has exited or been ended. */
  get alive(): boolean {
    return this.#alive;
  }

  #gone(): PdfThreadGone {
    const failure = this.#failure ?? (this.#started ? "crashed" : "unavailable");
    const why = { memory: "ran out of memory", crashed: "stopped", unavailable: "could not start" }[failure];
    return new PdfThreadGone(failure, `The PDF text thread ${why}`);
  }

  /** Resolves once the thread has loaded PDF.js; PdfThreadGone when it could not start. */
  async started(signal: AbortSignal): Promise<void> {
    await abortable(this.#ready, signal);
  }

  /**
   * Sends one request and waits for its reply. When `signal` aborts first the thread is ended (PDF.js cannot be
   * interrupted otherwise) and the signal's reason is thrown; PdfThreadGone when the thread dies on its own.
   */
  async request(request: Asked, transfer: readonly ArrayBuffer[], signal: AbortSignal): Promise<PdfTextReply> {
    await abortable(this.#ready, signal);
    if (!this.#alive) throw this.#gone();
    if (this.#pending) throw new Error("a PDF text thread serves one request at a time");
    const id = this.#nextId++;
    return new Promise<PdfTextReply>((resolve, reject) => {
      const onAbort = (): void => {
        this.#pending = undefined;
        this.end();
        reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      const done = (): void => signal.removeEventListener("abort", onAbort);
      this.#pending = {
        id,
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      this.#worker.postMessage({ ...request, id }, [...transfer]);
    });
  }

  /** Closes the thread's open document, without waiting: the thread does it before its next request. */
  closeDocument(): void {
    if (this.#alive) this.#worker.postMessage({ op: "close", id: this.#nextId++ });
  }

  /** Keeps the process alive while a read waits on the thread; an idle thread does not. */
  hold(held: boolean): void {
    if (held) this.#worker.ref();
    else this.#worker.unref();
  }

  /** Ends the thread now. Idempotent. */
  end(): void {
    if (!this.#alive) return;
    this.#alive = false;
    this.#failure ??= "crashed";
    void this.#worker.terminate();
  }
}

/** Lends threads to reads, starting them on first need and keeping them for the next read. */
export class PdfTextPool {
  readonly #size: number;
  readonly #maxHeapMb: number;
  #idle: PdfThread[] = [];
  /** Threads started and not yet ended or given back dead, idle or lent. */
  #count = 0;
  #waiters: Array<{ grant: (t: PdfThread) => void }> = [];
  /** Bumped by close(): threads lent before it are ended when given back. */
  #generation = 0;
  readonly #born = new WeakMap<PdfThread, number>();

  constructor(options: PdfTextPoolOptions = {}) {
    this.#size = Math.max(1, options.threads ?? DEFAULT_PDF_THREADS);
    this.#maxHeapMb = options.maxHeapMb ?? DEFAULT_PDF_HEAP_MB;
  }

  /** Reads holding a thread or waiting for one. */
  get busy(): number {
    return this.#count - this.#idle.length + this.#waiters.length;
  }

  /** Threads alive now (idle or lent). */
  get threads(): number {
    return this.#count;
  }

  /** A thread for one read; waits while all are lent. Rejects with the signal's reason when it aborts first. */
  acquire(signal: AbortSignal): Promise<PdfThread> {
    for (let t = this.#idle.pop(); t; t = this.#idle.pop()) {
      if (t.alive) return Promise.resolve(this.#lend(t));
      this.#count--;
    }
    if (this.#count < this.#size) return Promise.resolve(this.#lend(this.#start()));
    return new Promise<PdfThread>((resolve, reject) => {
      const waiter = {
        grant: (t: PdfThread) => {
          signal.removeEventListener("abort", onAbort);
          resolve(this.#lend(t));
        },
      };
      const onAbort = (): void => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  /**
   * Gives a thread back after its read: kept for the next read when alive. One that was ended (a bomb, a caller
   * gone) is replaced at once, so the next read finds a thread that has already loaded PDF.js.
   */
  release(thread: PdfThread): void {
    thread.hold(false);
    const current = this.#born.get(thread) === this.#generation;
    if (thread.alive && current) {
      const next = this.#waiters.shift();
      if (next) next.grant(thread);
      else this.#idle.push(thread);
      return;
    }
    thread.end();
    this.#count--;
    const next = this.#waiters.shift();
    if (next) next.grant(this.#start());
    else if (current) this.#idle.push(this.#start());
  }

  /**
   * Starts one thread ahead of the first read, when none is alive, and resolves once it has loaded PDF.js, so the
   * first document does not wait for it. Rejects with PdfThreadGone when it could not start.
   */
  async warmUp(): Promise<void> {
    if (this.#count > 0) return;
    const t = this.#start();
    this.#idle.push(t);
    await t.started(new AbortController().signal);
  }

  /** Ends the idle threads now and lent ones when given back. Idempotent; a later read starts a new thread. */
  close(): void {
    this.#generation++;
    for (const t of this.#idle) t.end();
    this.#count -= this.#idle.length;
    this.#idle = [];
  }

  #start(): PdfThread {
    const t = new PdfThread(this.#maxHeapMb);
    this.#born.set(t, this.#generation);
    this.#count++;
    return t;
  }

  #lend(t: PdfThread): PdfThread {
    t.hold(true);
    return t;
  }
}
