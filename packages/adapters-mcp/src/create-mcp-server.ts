// The MCP server over the engine: the SDK's McpServer lists the tools (schemas, annotations); tools/call is ours so
// that failures land on the right side: what the model can fix becomes an isError result, authentication and
// server faults a JSON-RPC error (McpServer would fold every throw into a tool result).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ErrorCode as JsonRpcCode,
  McpError,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { appError, type Principal } from "@scamverify/core";
import { MCP_ERROR_KIND, toMcpError, toToolError } from "./error-map.js";
import { TOOLS, findTool, type McpEngine } from "./tools.js";

export interface CreateMcpServerOptions {
  readonly engine: McpEngine;
  /** Who the calls act for: resolved from the bearer token (HTTP) or the embedded operator / API key (stdio). */
  readonly principal: Principal;
  readonly version?: string;
}

const INSTRUCTIONS =
  "scamverify assesses how likely URLs and U.S. phone numbers are to be scams. Use check_url or check_phone for one " +
  "item and the batch tools for several. Results carry a 0-100 risk score, a verdict and the findings behind it; " +
  "quote the explanation to the user rather than inventing reasons.";

export function createMcpServer(options: CreateMcpServerOptions): McpServer {
  const { engine, principal } = options;
  const server = new McpServer(
    { name: "scamverify", title: "scamverify", version: options.version ?? "1.0.0" },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );

  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
        annotations: {
          title: tool.title,
          readOnlyHint: tool.readOnly,
          openWorldHint: true,
          idempotentHint: tool.readOnly,
        },
        _meta: { "scamverify/scopes": tool.scopes },
      },
      // Never called: tools/call is replaced below. Registering keeps tools/list in the SDK's hands.
      () => {
        throw new McpError(JsonRpcCode.InternalError, "unreachable");
      },
    );
  }

  server.server.removeRequestHandler("tools/call");
  server.server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = findTool(request.params.name);
    if (!tool) throw new McpError(JsonRpcCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const scope = tool.requiredScope(args);
    if (!principal.scopes.includes(scope)) {
      throw toMcpError(
        appError("insufficient_scope", `This token lacks the scope ${scope}.`, { details: { required_scope: scope } }),
      );
    }
    let out;
    try {
      out = await tool.call(engine, principal, args);
    } catch {
      throw toMcpError(appError("internal_error", "An unexpected error occurred"));
    }
    if (out.isErr()) {
      if (MCP_ERROR_KIND[out.error.code] === "protocol") throw toMcpError(out.error);
      return toToolError(out.error);
    }
    const value = out.value.value;
    const structured =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value };
    return {
      content: [{ type: "text", text: `${tool.summarize(value)}\n\n${JSON.stringify(value, null, 2)}` }],
      structuredContent: structured,
    };
  });
  return server;
}
