// The MCP server on stdin/stdout (the `scamverify mcp` command): one principal for the life of the process.
import type { Readable, Writable } from "node:stream";
import { createMcpServer, type CreateMcpServerOptions } from "./create-mcp-server.js";
import { StdioLineTransport } from "./stdio-transport.js";

export interface StdioServerOptions extends CreateMcpServerOptions {
  readonly stdin?: Readable;
  readonly stdout?: Writable;
  /** The longest message line taken; a longer one is answered with a payload_too_large JSON-RPC error. */
  readonly maxMessageBytes?: number;
  /**
   * Called once the client has the answer to `initialize` (its `notifications/initialized`): the moment to start
   * slow work the handshake must not wait for, such as opening the engine's database.
   */
  readonly onInitialized?: () => void;
}

/** Serves until the client closes stdin (or close() is called); resolves once the server is closed. */
export async function serveStdio(
  options: StdioServerOptions,
): Promise<{ closed: Promise<void>; close(): Promise<void> }> {
  const server = createMcpServer(options);
  if (options.onInitialized) server.server.oninitialized = options.onInitialized;
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioLineTransport(stdin, options.stdout ?? process.stdout, {
    ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}),
  });
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  transport.onclose = () => resolveClosed();
  stdin.once("end", () => {
    void server.close();
  });
  await server.connect(transport);
  return { closed, close: () => server.close() };
}
