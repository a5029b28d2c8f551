// The server's one body reader, driven over a real socket on 127.0.0.1: JSON and forms by their Content-Type, the
// refusals every face shares (type, charset, size, NUL, bad escapes), and a refused body too large to drain closing
// its connection after the answer instead of being read forever.
import { createServer, request, type Server } from "node:http";
import { EventEmitter } from "node:events";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "@scamverify/core";
import type { Result } from "neverthrow";
import { readArrivedJsonBody, readRequestBody, takeArrivedBody, type BodyKind } from "../src/request-body.js";
import { rawRequest } from "./support/harness.js";

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const kinds = (new URL(req.url ?? "/", "http://x").searchParams.get("kinds") ?? "json").split(",") as BodyKind[];
    void readRequestBody(req, { limit: 1024, kinds, maxFields: 5, res }).then((read) => {
      res.writeHead(read.isOk() ? 200 : 400, { "content-type": "application/json" });
      res.end(JSON.stringify(read.isOk() ? { body: read.value ?? null } : { error: read.error.code }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function post(kinds: string, contentType: string, body: string | Buffer): Promise<Record<string, unknown>> {
  const r = await fetch(`http://127.0.0.1:${port}/?kinds=${kinds}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  return (await r.json()) as Record<string, unknown>;
}

const FORM = "application/x-www-form-urlencoded";

describe("readRequestBody", () => {
  it("parses JSON and forms by their Content-Type, keeping every value of a repeated field", async () => {
    expect(await post("json", "application/json", '{"a":1}')).toEqual({ body: { kind: "json", value: { a: 1 } } });
    expect(await post("form,json", FORM, "a=x+y&b=%C3%A9&a=2&flag")).toEqual({
      body: { kind: "form", value: { a: ["x y", "2"], b: "é", flag: "" } },
    });
  });

  it("refuses a type the route does not take, another charset and bytes that are not UTF-8 with 415", async () => {
    expect(await post("json", FORM, "a=1")).toEqual({ error: "unsupported_media_type" });
    expect(await post("form", "application/json", "{}")).toEqual({ error: "unsupported_media_type" });
    expect(await post("form", `${FORM}; charset=latin1`, "a=1")).toEqual({ error: "unsupported_media_type" });
    expect(await post("form", FORM, "a=%FF")).toEqual({ error: "unsupported_media_type" });
    expect(await post("json", "application/json", Buffer.from([0x22, 0xff, 0x22]))).toEqual({
      error: "unsupported_media_type",
    });
  });

  it("refuses a NUL in a form field, too many fields and malformed JSON as validation errors", async () => {
    expect(await post("form", FORM, "email=a%00b")).toEqual({ error: "validation_error" });
    expect(await post("form", FORM, "a=1&b=2&c=3&d=4&e=5&f=6")).toEqual({ error: "validation_error" });
    expect(await post("json", "application/json", '{"a":')).toEqual({ error: "validation_error" });
  });

  it("answers a body far past the limit and closes that connection instead of draining it forever", async () => {
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/?kinds=json",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
          req.destroy();
        },
      );
      req.on("error", reject);
      // 32 MiB sent in 64 KiB pieces, more than the reader drains (16 MiB); it stops sending once answered.
      const piece = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 512 && !req.destroyed) {
          sent++;
          if (!req.write(piece)) return void req.once("drain", pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    });
    expect(answer).toEqual({ status: 400, connection: "close" });
  });
});

describe("readRequestBody with share", () => {
  let shared: Server;
  let sharedPort: number;
  const values: unknown[] = [];

  beforeAll(async () => {
    shared = createServer((req, res) => {
      void readRequestBody(req, { limit: 8192, share: true, res }).then((read) => {
        values.push(read.isOk() ? read.value?.value : read.error.code);
        res.end();
      });
    });
    await new Promise<void>((resolve) => shared.listen(0, "127.0.0.1", resolve));
    sharedPort = (shared.address() as AddressInfo).port;
  });

  afterAll(async () => {
    shared.closeAllConnections();
    await new Promise<void>((resolve) => shared.close(() => resolve()));
  });

  async function send(body: string): Promise<unknown> {
    const r = await fetch(`http://127.0.0.1:${sharedPort}/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    await r.arrayBuffer();
    return values.at(-1);
  }

  it("gives the same frozen object for the same bytes of a small flat JSON object", async () => {
    const first = await send('{"url":"https://example.com/","force_refresh":false}');
    const again = await send('{"url":"https://example.com/","force_refresh":false}');
    expect(first).toEqual({ url: "https://example.com/", force_refresh: false });
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Other bytes, even of an equal value, are another object.
    const spaced = await send('{ "url":"https://example.com/","force_refresh":false}');
    expect(spaced).toEqual(first);
    expect(spaced).not.toBe(first);
  });

  it("gives a new, unfrozen value for a body holding objects, a large body, or one that is not an object", async () => {
    const nested = await send('{"items":[{"url":"a"}]}');
    expect(await send('{"items":[{"url":"a"}]}')).not.toBe(nested);
    expect(Object.isFrozen(nested)).toBe(false);
    const large = JSON.stringify({ text: "x".repeat(5000) });
    const big = await send(large);
    expect(await send(large)).not.toBe(big);
    expect(Object.isFrozen(big)).toBe(false);
    expect(await send("[1,2]")).toEqual([1, 2]);
    expect(await send("{")).toBe("validation_error");
  });
});

describe("takeArrivedBody and readArrivedJsonBody", () => {
  let held: Server;
  let heldPort: number;
  /** Told when /take found the body readable before it was whole (the test then sends the rest). */
  const partial = new EventEmitter();

  beforeAll(async () => {
    // /take: takeArrivedBody once the body is readable, else the stream reader. /json: readArrivedJsonBody, which
    // must answer as readRequestBody does whichever way the body comes.
    held = createServer((req, res) => {
      const answer = (how: string, read: Result<unknown, AppError>): void => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ how, ...(read.isOk() ? { body: read.value ?? null } : { error: read.error.code }) }));
      };
      if (req.url === "/json") {
        void readArrivedJsonBody(req, 64, res).then((read) => answer("json", read));
        return;
      }
      req.once("readable", () => {
        const taken = takeArrivedBody(req, { limit: 64, share: true });
        if (taken !== undefined)
          return answer(
            "arrived",
            taken.map((b) => b?.value),
          );
        if (!req.complete) partial.emit("seen");
        void readRequestBody(req, { limit: 64, share: true, res }).then((read) =>
          answer(
            "stream",
            read.map((b) => b?.value),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => held.listen(0, "127.0.0.1", resolve));
    heldPort = (held.address() as AddressInfo).port;
  });

  afterAll(async () => {
    held.closeAllConnections();
    await new Promise<void>((resolve) => held.close(() => resolve()));
  });

  /**
   * Sends a body to `path`: "whole", in the same write as its headers; "late", in one write once the server has
   * answered 100 Continue; "split", its first byte once the server has answered 100 Continue and the rest once the
   * server has seen that byte alone (/take) or on the next turn (/json).
   */
  async function send(
    path: string,
    body: Buffer | string,
    headers: Record<string, string>,
    how: "whole" | "late" | "split" = "whole",
  ): Promise<unknown> {
    if (how === "whole") return JSON.parse((await rawRequest(heldPort, "POST", path, headers, body)).body);
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: heldPort,
          method: "POST",
          path,
          headers: { "content-length": String(bytes.length), expect: "100-continue", ...headers },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve(JSON.parse(text)));
        },
      );
      req.on("error", reject);
      req.on("continue", () => {
        if (how === "late") return req.end(bytes);
        req.write(bytes.subarray(0, 1));
        if (path === "/take") partial.once("seen", () => req.end(bytes.subarray(1)));
        else setImmediate(() => req.end(bytes.subarray(1)));
      });
      req.flushHeaders();
    });
  }

  const JSON_TYPE = { "content-type": "application/json" };
  const URL_BODY = '{"url":"https://example.com/"}';

  it("takes a JSON body from the request at once when it is whole, and parses it as the stream reader does", async () => {
    const value = { url: "https://example.com/" };
    expect(await send("/take", URL_BODY, JSON_TYPE)).toEqual({ how: "arrived", body: value });
    expect(await send("/take", URL_BODY, JSON_TYPE, "late")).toEqual({ how: "arrived", body: value });
    expect(await send("/take", URL_BODY, JSON_TYPE, "split")).toEqual({ how: "stream", body: value });
    expect(await send("/take", "{", JSON_TYPE)).toEqual({ how: "arrived", error: "validation_error" });
    expect(await send("/take", Buffer.from([0x7b, 0xff, 0x7d]), JSON_TYPE)).toEqual({
      how: "arrived",
      error: "unsupported_media_type",
    });
  });

  it("leaves to the stream reader a body it must decode, refuse by its headers, or that is over the limit", async () => {
    const zipped = gzipSync('{"a":1}');
    const gzip = { ...JSON_TYPE, "content-encoding": "gzip" };
    expect(await send("/take", zipped, gzip)).toEqual({ how: "stream", body: { a: 1 } });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect(await send("/take", "a=1", form)).toEqual({ how: "stream", error: "unsupported_media_type" });
    const large = JSON.stringify({ text: "x".repeat(100) });
    expect(await send("/take", large, JSON_TYPE)).toEqual({ how: "stream", error: "payload_too_large" });
  });

  it("reads a JSON body alike whether it comes with its headers, after them, in pieces, encoded or chunked", async () => {
    const value = { how: "json", body: { url: "https://example.com/" } };
    for (const how of ["whole", "late", "split"] as const) {
      expect(await send("/json", URL_BODY, JSON_TYPE, how), how).toEqual(value);
      expect(await send("/json", "{", JSON_TYPE, how), how).toEqual({ how: "json", error: "validation_error" });
    }
    expect(await send("/json", gzipSync(URL_BODY), { ...JSON_TYPE, "content-encoding": "gzip" })).toEqual(value);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect(await send("/json", "a=1", form)).toEqual({ how: "json", error: "unsupported_media_type" });
    const large = JSON.stringify({ text: "x".repeat(100) });
    expect(await send("/json", large, JSON_TYPE)).toEqual({ how: "json", error: "payload_too_large" });
    const chunked = await new Promise<unknown>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: heldPort, method: "POST", path: "/json", headers: JSON_TYPE });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve(JSON.parse(text)));
      });
      req.on("error", reject);
      req.write(URL_BODY.slice(0, 5));
      req.end(URL_BODY.slice(5));
    });
    expect(chunked).toEqual(value);
  });
});
