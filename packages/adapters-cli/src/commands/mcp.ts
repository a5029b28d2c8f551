// `scamverify mcp`: the MCP server on stdin/stdout for desktop assistants. Embedded engine by default (the local
// operator account), or a remote server's REST API with an API key. stdout carries only MCP messages; notes go to
// stderr.
import type { Command } from "commander";
import { SCOPES, type Principal } from "@scamverify/core";
import { serveStdio } from "@scamverify/adapters-mcp";
import { configFrom, type Io, remoteFrom } from "../cli-support.js";
import { createRemoteEngine } from "../remote-engine.js";
import { createRuntime, localOperator, VERSION } from "../runtime.js";

interface McpFlags {
  apiUrl?: string;
  apiKey?: string;
  network?: boolean;
}

/** The remote server checks the key's rights itself; locally every tool is offered. */
const REMOTE_PRINCIPAL: Principal = { accountId: "remote", mode: "live", via: "api_key", scopes: SCOPES };

export function registerMcpCommand(program: Command, io: Io): void {
  program
    .command("mcp")
    .description("Serve the MCP tools (every channel's checks, batches, usage, status, reports) on stdin/stdout")
    .option(
      "--api-url <url>",
      "forward tool calls to a remote server instead of the embedded engine (env SCAMVERIFY_API_URL)",
    )
    .option("--api-key <key>", "API key for --api-url (env SCAMVERIFY_API_KEY)")
    .option("--no-network", "embedded engine: skip network inspection (offline analysis and synced data only)")
    .addHelpText(
      "after",
      `\nExamples (an assistant's MCP configuration runs these):\n  scamverify mcp\n  scamverify mcp --api-url https://api.example.com --api-key sv_live_...\n`,
    )
    .action(async (flags: McpFlags, cmd: Command) => {
      const remote = remoteFrom(flags, io);
      if (remote) {
        io.err(`scamverify MCP server on stdio, forwarding to ${remote.apiUrl}\n`);
        const served = await serveStdio({
          engine: createRemoteEngine(remote),
          principal: REMOTE_PRINCIPAL,
          version: VERSION,
        });
        await served.closed;
        return;
      }
      const config = configFrom(cmd, { networkInspection: flags.network !== false });
      // A data folder held by another process (a running `serve`) throws DataDirInUseError: the CLI says so on
      // stderr and exits 69, before any MCP message, so the host shows the reason instead of tools that all fail.
      const rt = await createRuntime(config);
      try {
        const principal = await localOperator(rt);
        io.err("scamverify MCP server on stdio (embedded engine)\n");
        const served = await serveStdio({ engine: rt.engine, principal, version: VERSION });
        await served.closed;
      } finally {
        await rt.close();
      }
    });
}
