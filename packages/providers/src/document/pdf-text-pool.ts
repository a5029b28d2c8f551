// A few long-lived PDF text processes (child_process.fork), lent to one document read at a time. A process is ended
// when its read is abandoned (time budget, caller gone), when its V8 heap passes --max-old-space-size, or when its
// resident memory passes the budget, and a fresh one is started for a later read: one hostile PDF costs its own read,
// and every byte it made the parser take goes back to the system with the process. (A worker thread's heap limit
// leaves ArrayBuffers out, and what a thread took stays with the server after the thread ends.)
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { READY, type PdfTextReply, type PdfTextRequest } from "./pdf-text.js";
import { abortable } from "./abortable.js";

/** Why a process stopped answering: a memory limit, an unexpected exit, or it never started. */
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
  /** Processes kept alive; a read beyond this many at once waits for one. */
  readonly threads?: number;
  /** V8 old-generation heap of each process in MB (--max-old-space-size); past it the process ends. */
  readonly maxHeapMb?: number;
  /**
   * Resident memory of each process in MB, ArrayBuffers and native memory included: watched while a request runs
   * (where the system shows it, /proc) and checked after each read; past it the process is ended and replaced.
   */
  readonly maxResidentMb?: number;
}

export const DEFAULT_PDF_THREADS = 2;
/** Far above what PDF.js allocates in its parse budget (under 140 MB for the bombs tried). */
export const DEFAULT_PDF_HEAP_MB = 512;
/**
 * The heap limit, the Flate streams' inflate cap (256 MB by default) and what PDF.js and the canvas hold beside
 * them; a process that keeps more than this after a read is replaced rather than reused.
 */
export const DEFAULT_PDF_RESIDENT_MB = 1_024;
/** How often the resident memory of a process at work is read. */
const WATCH_MS = 100;

type Request = PdfTextRequest extends infer R ? (R extends PdfTextRequest ? Omit<R, "id"> : never) : never;
type Asked = Exclude<Request, { op: "close" }>;

/** Resident bytes of a process from /proc, or undefined where the system does not show it. */
export function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Starts the process from the built file beside this one, or, when running from the TypeScript sources (tests,
 * benchmarks: this module's own URL ends in .ts), through tsx's loader, a development dependency.
 */
function spawn(maxHeapMb: number): ChildProcess {
  const here = import.meta.url;
  const ts = here.endsWith(".ts");
  const execArgv = [`--max-old-space-size=${maxHeapMb}`];
  if (ts) execArgv.push("--import", import.meta.resolve("tsx"));
  const entry = new URL(ts ? "./pdf-text-worker.ts" : "./pdf-text-worker.js", here);
  // Structured clone over the channel: the page pictures and drawn pages go across as typed arrays.
  return fork(entry, [], { execArgv, serialization: "advanced", stdio: ["ignore", "ignore", "ignore", "ipc"] });
}

/** One process and the one request it may have in flight. */
export class PdfThread {
  readonly #child: ChildProcess;
  readonly #ready: Promise<void>;
  readonly #maxResident: number;
  #started = false;
  #alive = true;
  #failure: PdfThreadFailure | undefined;
  #nextId = 1;
  #pending: { id: number; resolve: (r: PdfTextReply) => void; reject: (e: Error) => void } | undefined;

  constructor(maxHeapMb: number, maxResidentMb = DEFAULT_PDF_RESIDENT_MB) {
    this.#maxResident = maxResidentMb * 1024 * 1024;
    this.#child = spawn(maxHeapMb);
    let markReady: () => void = () => undefined;
    let markDead: (e: Error) => void = () => undefined;
    this.#ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markDead = reject;
    });
    this.#ready.catch(() => undefined);
    this.#child.on("message", (m: PdfTextReply | typeof READY) => {
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
    const die = (): void => {
      this.#alive = false;
      const gone = this.#gone();
      markDead(gone);
      const pending = this.#pending;
      this.#pending = undefined;
      pending?.reject(gone);
    };
    this.#child.on("error", () => {
      this.#failure ??= this.#started ? "crashed" : "unavailable";
      // A process that could not be started emits no exit.
      if (this.#child.pid === undefined) die();
    });
    this.#child.on("exit", (code, signal) => {
      // V8 aborts the process at its heap limit (SIGABRT, or exit code 134 where a shell reports it).
      if (signal === "SIGABRT" || code === 134) this.#failure ??= this.#started ? "memory" : "unavailable";
      die();
    });
  }

  /** Resident bytes of the process now; undefined once it has ended or where the system does not show it. */
  get resident(): number | undefined {
    return this.#alive ? residentBytes(this.#child.pid) : undefined;
  }

  /** True when the process holds more than its resident budget now. */
  get overBudget(): boolean {
    return (this.resident ?? 0) > this.#maxResident;
  }

  /** False once the process has exited or been ended. */
  get alive(): boolean {
    return this.#alive;
  }

  #gone(): PdfThreadGone {
    const failure = this.#failure ?? (this.#started ? "crashed" : "unavailable");
    const why = { memory: "ran out of memory", crashed: "stopped", unavailable: "could not start" }[failure];
    return new PdfThreadGone(failure, `The PDF text process ${why}`);
  }

  /** Resolves once the process has loaded PDF.js; PdfThreadGone when it could not start. */
  async started(signal: AbortSignal): Promise<void> {
    await abortable(this.#ready, signal);
  }

  /**
   * Sends one request and waits for its reply. When `signal` aborts first the process is ended (PDF.js cannot be
   * interrupted otherwise) and the signal's reason is thrown; PdfThreadGone when the process dies on its own, or is
   * ended because its resident memory passed the budget ("memory").
   */
  async request(request: Asked, signal: AbortSignal): Promise<PdfTextReply> {
    await abortable(this.#ready, signal);
    if (!this.#alive) throw this.#gone();
    if (this.#pending) throw new Error("a PDF text process serves one request at a time");
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
      // PDF.js inflating one stream or decoding one picture cannot be watched from inside; its resident size can.
      const watch = setInterval(() => {
        if (!this.overBudget) return;
        this.#failure ??= "memory";
        this.end();
      }, WATCH_MS);
      const done = (): void => {
        clearInterval(watch);
        signal.removeEventListener("abort", onAbort);
      };
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
      this.#child.send({ ...request, id });
    });
  }

  /** Closes the process's open document, without waiting: it does so before its next request. */
  closeDocument(): void {
    if (this.#alive && this.#child.connected) this.#child.send({ op: "close", id: this.#nextId++ });
  }

  /** Keeps the server alive while a read waits on the process; an idle process does not. */
  hold(held: boolean): void {
    if (held) {
      this.#child.ref();
      this.#child.channel?.ref();
    } else {
      this.#child.unref();
      this.#child.channel?.unref();
    }
  }

  /** Ends the process now (SIGKILL: a parser at work answers nothing else). Idempotent. */
  end(): void {
    if (!this.#alive) return;
    this.#alive = false;
    this.#failure ??= "crashed";
    this.#child.kill("SIGKILL");
  }
}

/** Lends processes to reads, starting them on first need and keeping them for the next read. */
export class PdfTextPool {
  readonly #size: number;
  readonly #maxHeapMb: number;
  readonly #maxResidentMb: number;
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
    this.#maxResidentMb = options.maxResidentMb ?? DEFAULT_PDF_RESIDENT_MB;
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
   * Gives a process back after its read: kept for the next read when alive and within its resident budget. One that
   * was ended (a bomb, a caller gone) or holds too much is replaced at once, so the next read finds a process that
   * has already loaded PDF.js.
   */
  release(thread: PdfThread): void {
    thread.hold(false);
    const current = this.#born.get(thread) === this.#generation;
    if (thread.alive && current && !thread.overBudget) {
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
    const t = new PdfThread(this.#maxHeapMb, this.#maxResidentMb);
    this.#born.set(t, this.#generation);
    this.#count++;
    return t;
  }

  #lend(t: PdfThread): PdfThread {
    t.hold(true);
    return t;
  }
}
