// The stdio transport: one JSON-RPC message per line on stdin, one per line on stdout. The SDK's own stdio transport
// closes (and the process exits without a word) when a line passes its fixed 10 MB buffer, which a 10 MiB file as
// base64 does; this one takes lines up to `maxMessageBytes` and answers a longer one with a JSON-RPC error naming
// the limit (the request's id read from the line's start or end), then reads on. A line is kept as its chunks and
// joined once, so a large message costs one copy.
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode as JsonRpcCode,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * The longest line taken: a tool call with the upload schema's 20,000,000 base64 characters (a file over 10 MiB,
 * which the engine then refuses by name) and room for the other arguments.
 */
export const STDIO_MAX_MESSAGE_BYTES = 24 * 1024 * 1024;

/** How much of an overlong line's start and end is kept to find its id. */
const EDGE_BYTES = 4096;

/** The top-level id of a request written `{"jsonrpc":"2.0","id":..` (or `"method"` first). */
const ID_AT_START = /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,)*\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;
/** The top-level id of a request ending `..,"id":7}` (the SDK's clients write the id last). */
const ID_AT_END = /[,{]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

/** The request id of a line too long to parse, when its start or end shows it. */
export function idOfOverlongLine(head: string, tail: string): RequestId | undefined {
  const raw = ID_AT_START.exec(head)?.[1] ?? ID_AT_END.exec(tail)?.[1];
  if (raw === undefined) return undefined;
  try {
    const id = JSON.parse(raw) as unknown;
    return typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}

export interface LineTransportOptions {
  readonly maxMessageBytes?: number;
}

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly limit: number;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an overlong line is read off: its first and (so far) last bytes. */
  private overlong: { head: Buffer; tail: Buffer } | null = null;
  private started = false;
  private closed = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    options: LineTransportOptions = {},
  ) {
    this.limit = options.maxMessageBytes ?? STDIO_MAX_MESSAGE_BYTES;
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let rest = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    while (rest.length > 0) {
      const nl = rest.indexOf(0x0a);
      const piece = nl === -1 ? rest : rest.subarray(0, nl);
      this.take(piece);
      if (nl === -1) return;
      this.endLine();
      rest = rest.subarray(nl + 1);
    }
  };

  private readonly onError = (error: Error): void => {
    this.onerror?.(error);
  };

  /** Adds bytes of the current line, switching to reading it off once it passes the limit. */
  private take(piece: Buffer): void {
    if (this.overlong) {
      this.overlong.tail = lastBytes([this.overlong.tail, piece], EDGE_BYTES);
      return;
    }
    if (this.size + piece.length > this.limit) {
      const all = [...this.chunks, piece];
      this.overlong = { head: firstBytes(all, EDGE_BYTES), tail: lastBytes(all, EDGE_BYTES) };
      this.chunks = [];
      this.size = 0;
      return;
    }
    if (piece.length > 0) {
      this.chunks.push(piece);
      this.size += piece.length;
    }
  }

  private endLine(): void {
    if (this.overlong) {
      const { head, tail } = this.overlong;
      this.overlong = null;
      const id = idOfOverlongLine(head.toString("utf8"), tail.toString("utf8"));
      this.reply(id, JsonRpcCode.InvalidRequest, `The message exceeds the limit of ${this.limit} bytes.`, {
        code: "payload_too_large",
        details: { limit_bytes: this.limit },
      });
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.size = 0;
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      this.reply(undefined, JsonRpcCode.ParseError, "Parse error: the line is not JSON.");
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.reply(
        typeof id === "string" || typeof id === "number" ? id : undefined,
        JsonRpcCode.InvalidRequest,
        "Invalid Request: the line is not a JSON-RPC message.",
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: RequestId | undefined, code: number, message: string, data?: unknown): void {
    // JSON-RPC 2.0: an error whose request id cannot be told (a line that is no JSON) carries "id": null.
    void this.send({
      jsonrpc: "2.0",
      id: id ?? null,
      error: { code, message, ...(data !== undefined ? { data } : {}) },
    } as unknown as JSONRPCMessage).catch((e: unknown) =>
      this.onerror?.(e instanceof Error ? e : new Error(String(e))),
    );
  }

  start(): Promise<void> {
    if (this.started) throw new Error("The stdio transport is already started.");
    this.started = true;
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", () => resolve());
    });
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onError);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.chunks = [];
    this.size = 0;
    this.overlong = null;
    this.onclose?.();
    return Promise.resolve();
  }
}

function firstBytes(chunks: readonly Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (const c of chunks) {
    if (size >= n) break;
    const part = c.subarray(0, n - size);
    out.push(part);
    size += part.length;
  }
  return Buffer.concat(out, size);
}

function lastBytes(chunks: readonly Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = chunks.length - 1; i >= 0 && size < n; i--) {
    const c = chunks[i]!;
    const part = c.subarray(Math.max(0, c.length - (n - size)));
    out.unshift(part);
    size += part.length;
  }
  return Buffer.concat(out, size);
}
