// MCP prompts for the common investigations: a host offers them as ready-made requests ("check this number"), each
// telling the model which tool to call and how to report what it finds without inventing reasons. Each channel
// declares its own investigation in its definition (mcp.prompt).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { DEFAULT_REGISTRY, type ChannelRegistry } from "@scamverify/core";

interface Investigation {
  readonly name: string;
  readonly title: string;
  readonly argument: string;
  readonly describe: string;
  readonly tool: string;
  readonly ask: (value: string) => string;
}

const REPORT =
  "Report the verdict, the risk score and the main findings from the result, quote its explanation, and say what " +
  "the person should do next (do not click, call back only on a number from the organisation's own website, report " +
  "it). Never call it safe when the result does not.";

/** The investigations the channels of a registry declare (their MCP prompt), each with the channel's tool. */
export function investigationsOf(registry: ChannelRegistry): Investigation[] {
  return registry.channels.flatMap((c) => (c.mcp.prompt ? [{ ...c.mcp.prompt, tool: c.mcp.tool }] : []));
}

/** Registers the investigations whose tools this server offers. */
export function registerPrompts(
  server: McpServer,
  tools: ReadonlySet<string>,
  registry: ChannelRegistry = DEFAULT_REGISTRY,
): void {
  for (const p of investigationsOf(registry)) {
    if (!tools.has(p.tool)) continue;
    server.registerPrompt(
      p.name,
      {
        title: p.title,
        description: `${p.title} with ${p.tool}`,
        argsSchema: { [p.argument]: z.string().describe(p.describe) },
      },
      (args: Record<string, string>) => ({
        messages: [{ role: "user", content: { type: "text", text: `${p.ask(args[p.argument] ?? "")}\n\n${REPORT}` } }],
      }),
    );
  }
}
