// One HTTP request with a deadline, on node:http, so a request that gets no answer is told apart from a refused or
// reset connection. A source address from 127.0.0.0/8 can be given: the per-address limiter of the form endpoints
// then sees many clients, and the generated bodies reach the handlers instead of the 429.
import { Agent, request } from "node:http";

export interface Answer {
  /** The status, or 0 when there was none. */
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  /** "timeout": no complete answer within the deadline; otherwise the socket error's code. */
  readonly failure?: string;
}

export interface Ask {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: Buffer | string;
  /** A source address on the loopback network (127.x.y.z). */
  readonly from?: string;
  readonly timeoutMs?: number;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

export function send(base: string, ask: Ask): Promise<Answer> {
  const url = new URL(ask.path, base);
  const headers = { ...ask.headers };
  // Node's client frames a GET's body only when told its length; unframed, the bytes would read as the next request.
  const named = Object.keys(headers).map((h) => h.toLowerCase());
  if (ask.body !== undefined && !named.includes("content-length") && !named.includes("transfer-encoding")) {
    headers["content-length"] = String(Buffer.byteLength(ask.body));
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Answer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: ask.method,
        headers,
        ...(ask.from ? { localAddress: ask.from, agent: false } : { agent: keepAlive }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", (e: NodeJS.ErrnoException) =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            failure: e.code ?? e.message,
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      done({ status: 0, headers: {}, body: Buffer.alloc(0), failure: "timeout" });
      req.destroy();
    }, ask.timeoutMs ?? 10_000);
    req.on("error", (e: NodeJS.ErrnoException) =>
      done({ status: 0, headers: {}, body: Buffer.alloc(0), failure: e.code ?? e.message }),
    );
    if (ask.body !== undefined) req.end(ask.body);
    else req.end();
  });
}

export function json<T>(a: Answer): T | undefined {
  try {
    return JSON.parse(a.body.toString("utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The n-th loopback source address, cycling through 127.1.0.1 .. 127.254.255.254. */
export function loopbackSource(n: number): string {
  const i = n % (254 * 255 * 254);
  const a = 1 + Math.floor(i / (255 * 254));
  const b = Math.floor(i / 254) % 255;
  const c = 1 + (i % 254);
  return `127.${a}.${b}.${c}`;
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
