// The MCP server on stdin/stdout (the `scamverify mcp` command): one principal for the life of the process.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Readable, Writable } from "node:stream";
import { createMcpServer, type CreateMcpServerOptions } from "./create-mcp-server.js";

export interface StdioServerOptions extends CreateMcpServerOptions {
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

/** Serves until the client closes stdin (or close() is called); resolves once the server is closed. */
export async function serveStdio(
  options: StdioServerOptions,
): Promise<{ closed: Promise<void>; close(): Promise<void> }> {
  const server = createMcpServer(options);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  transport.onclose = () => resolveClosed();
  const stdin = options.stdin ?? process.stdin;
  stdin.once("end", () => {
    void server.close();
  });
  await server.connect(transport);
  return { closed, close: () => server.close() };
}
