// An OTLP/HTTP collector for tests: a node:http server on 127.0.0.1 that keeps every POST to /v1/traces, and readers
// of the JSON encoding's spans and attributes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  readonly contentType: string;
  readonly body: Buffer;
}

/** An OTLP/HTTP receiver: keeps every POST to /v1/traces and answers 200 as a collector does. */
export async function receiver(): Promise<{ url: string; posts: Received[]; server: Server }> {
  const posts: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces")
        posts.push({ contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/traces`, posts, server };
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
export interface JsonSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: { key: string; value: AnyValue }[];
}

export function spansOf(posts: readonly Received[]): JsonSpan[] {
  return posts.flatMap((p) => {
    const doc = JSON.parse(p.body.toString("utf8")) as {
      resourceSpans: { scopeSpans: { spans: JsonSpan[] }[] }[];
    };
    return doc.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  });
}

export function attrs(span: JsonSpan): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of span.attributes) {
    out[key] =
      value.stringValue ??
      value.boolValue ??
      value.doubleValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined);
  }
  return out;
}
