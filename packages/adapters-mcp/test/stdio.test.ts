// The stdio server driven with raw JSON-RPC lines through in-memory pipes, written in 64 KiB pieces as a pipe
// delivers them: a 10 MiB upload as base64 (a line the SDK's own stdio transport refuses by closing), a line over
// the limit answered with payload_too_large while the server reads on, and lines that are not JSON-RPC.
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { serveStdio } from "../src/stdio.js";
import { toolErrorOf } from "../src/error-map.js";
import { idOfOverlongLine, STDIO_MAX_MESSAGE_BYTES } from "../src/stdio-transport.js";
import { createWorld, LARGEST_PNG_SIZE, TOOL_NAMES, uncompressedPng } from "./support.js";

interface Reply {
  id?: number | string;
  result?: { isError?: boolean; structuredContent?: Record<string, unknown>; tools?: unknown[] };
  error?: { code: number; message: string; data?: { code?: string } };
}

const running: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function start(maxMessageBytes?: number) {
  const world = createWorld("https://sv.example");
  const { accountId } = await world.account();
  const token = await world.accessToken(accountId);
  const principal = (await world.engine.authenticate(`Bearer ${token}`))._unsafeUnwrap();
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const served = await serveStdio({
    engine: world.engine,
    principal,
    stdin,
    stdout,
    ...(maxMessageBytes !== undefined ? { maxMessageBytes } : {}),
  });
  running.push(served);
  const replies: Reply[] = [];
  let buffered = "";
  const waiting: (() => void)[] = [];
  stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    let nl;
    while ((nl = buffered.indexOf("\n")) !== -1) {
      replies.push(JSON.parse(buffered.slice(0, nl)) as Reply);
      buffered = buffered.slice(nl + 1);
      for (const w of waiting.splice(0)) w();
    }
  });
  const write = (line: string): void => {
    const bytes = Buffer.from(`${line}\n`, "utf8");
    for (let i = 0; i < bytes.length; i += 65_536) stdin.write(bytes.subarray(i, i + 65_536));
  };
  const next = async (): Promise<Reply> => {
    while (replies.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    return replies.shift()!;
  };
  write(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
    }),
  );
  expect((await next()).result).toBeDefined();
  write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  return { write, next };
}

/** A tools/call as the SDK's clients write it: the id last. */
function call(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ method: "tools/call", params: { name, arguments: args }, jsonrpc: "2.0", id });
}

describe("the stdio server", () => {
  it("answers check_qr with a valid PNG of just under 10 MiB sent as one line of about 14 MB", async () => {
    const png = uncompressedPng(LARGEST_PNG_SIZE.width, LARGEST_PNG_SIZE.height);
    expect(png.length).toBeGreaterThan(10_400_000);
    expect(png.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const s = await start();
    const line = call(1, "check_qr", { file_base64: png.toString("base64"), media_type: "image/png" });
    expect(line.length).toBeGreaterThan(13_900_000);
    s.write(line);
    const reply = await s.next();
    expect(reply.id).toBe(1);
    expect(reply.error).toBeUndefined();
    expect(reply.result?.isError).toBeFalsy();
    expect(reply.result?.structuredContent).toMatchObject({ qr_found: false, risk_score: expect.any(Number) });
  });

  it("takes the schema's longest base64 and answers the file's size by name", async () => {
    const s = await start();
    s.write(call(2, "check_qr", { file_base64: "A".repeat(20_000_000) }));
    const reply = await s.next();
    expect(reply.id).toBe(2);
    expect(reply.result?.isError).toBe(true);
    expect(toolErrorOf(reply.result ?? {})).toMatchObject({ code: "payload_too_large" });
  });

  it("answers a line over the limit with payload_too_large for its id and keeps serving", async () => {
    const s = await start();
    s.write(call(3, "check_qr", { file_base64: "A".repeat(STDIO_MAX_MESSAGE_BYTES) }));
    const refused = await s.next();
    expect(refused.id).toBe(3);
    expect(refused.error).toMatchObject({
      code: -32600,
      message: `The message exceeds the limit of ${STDIO_MAX_MESSAGE_BYTES} bytes.`,
      data: { code: "payload_too_large" },
    });
    s.write(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list", params: {} }));
    const listed = await s.next();
    expect(listed.id).toBe(4);
    expect(listed.result?.tools?.length).toBe(TOOL_NAMES.length);
  });

  it("finds the id at the start of an overlong line when it is written first", async () => {
    const s = await start(4096);
    s.write(
      JSON.stringify({
        jsonrpc: "2.0",
        id: "big",
        method: "tools/call",
        params: { name: "check_qr", x: "A".repeat(9000) },
      }),
    );
    expect(await s.next()).toMatchObject({ id: "big", error: { code: -32600, data: { code: "payload_too_large" } } });
  });

  it("answers a line that is not JSON with a parse error and one that is not JSON-RPC with invalid request", async () => {
    const s = await start();
    s.write("{not json");
    expect(await s.next()).toMatchObject({ error: { code: -32700 } });
    s.write(JSON.stringify({ id: 9, hello: "world" }));
    expect(await s.next()).toMatchObject({ id: 9, error: { code: -32600 } });
    s.write(JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/list", params: {} }));
    expect((await s.next()).id).toBe(10);
  });
});

describe("idOfOverlongLine", () => {
  it("reads a top-level id at the start or the end, and not an id nested in the params", () => {
    expect(idOfOverlongLine('{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"a":"', "")).toBe(12);
    expect(idOfOverlongLine('{"id":"x\\"y","jsonrpc":"2.0"', "")).toBe('x"y');
    expect(idOfOverlongLine('{"method":"tools/call","params":{"arguments":{"', 'AAAA"}},"jsonrpc":"2.0","id":7}')).toBe(
      7,
    );
    expect(idOfOverlongLine('{"method":"tools/call","params":{"id":5,"a":"', 'AAAA"}}\r')).toBeUndefined();
    expect(idOfOverlongLine('{"params":{"id":5,"a":"', 'AAAA","id":6}}')).toBeUndefined();
  });
});
