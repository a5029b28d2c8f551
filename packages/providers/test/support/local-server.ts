// A tiny HTTP server on 127.0.0.1 for provider tests: routes answer in the vendor's format, and every
// connection and request is recorded so a test can prove what reached it.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => unknown;

export interface LocalServer {
  readonly origin: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  connections: number;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startLocalServer(initial?: Handler): Promise<LocalServer> {
  let handler: Handler = initial ?? ((_req, res) => res.end("ok"));
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: RecordedRequest = {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(rec);
      void Promise.resolve(handler(rec, res)).catch(() => res.destroy());
    });
  });
  const state = { connections: 0 };
  server.on("connection", (socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const sockets = new Set<Socket>();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return state.connections;
    },
    set connections(v: number) {
      state.connections = v;
    },
    handle(h) {
      handler = h;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
