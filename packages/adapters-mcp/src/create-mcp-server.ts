// The MCP server over the engine: the SDK's McpServer lists the tools (schemas, annotations); tools/call is ours so
// that failures land on the right side: what the model can fix becomes an isError result, authentication and
// server faults a JSON-RPC error (McpServer would fold every throw into a tool result).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import {
  CallToolRequestSchema,
  ErrorCode as JsonRpcCode,
  McpError,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { appError, type Principal } from "@scamverify/core";
import { MCP_ERROR_KIND, toMcpError, toToolError } from "./error-map.js";
import { registerPrompts } from "./prompts.js";
import { toolsFor, type McpEngine } from "./tools.js";

export interface CreateMcpServerOptions {
  readonly engine: McpEngine;
  /** Who the calls act for: resolved from the bearer token (HTTP) or the embedded operator / API key (stdio). */
  readonly principal: Principal;
  readonly version?: string;
}

/**
 * The SDK's JSON Schema validator, made on first use and shared by every server of the process. The SDK builds one per
 * server by default (an Ajv instance compiling its meta-schemas), which a stdio session paid before answering
 * `initialize` and the HTTP endpoint on every request; it is only used for elicitation, which these tools never ask.
 */
let ajv: AjvJsonSchemaValidator | undefined;
const sharedValidator: jsonSchemaValidator = {
  getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema),
};

function instructions(tools: readonly { name: string }[]): string {
  return (
    "scamverify assesses how likely something a person received is to be a scam. Tools: " +
    tools.map((t) => t.name).join(", ") +
    ". Results carry a 0-100 risk score, a verdict and the findings behind it; quote the explanation and the " +
    "findings to the user rather than inventing reasons, and never call something safe that the result does not."
  );
}

export function createMcpServer(options: CreateMcpServerOptions): McpServer {
  const { engine, principal } = options;
  const tools = toolsFor(engine.registry);
  const server = new McpServer(
    { name: "scamverify", title: "scamverify", version: options.version ?? "1.0.0" },
    {
      capabilities: { tools: { listChanged: false }, prompts: { listChanged: false } },
      instructions: instructions(tools),
      jsonSchemaValidator: sharedValidator,
    },
  );
  registerPrompts(server, new Set(tools.map((t) => t.name)), engine.registry);

  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        annotations: { title: tool.title, ...tool.annotations },
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
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(JsonRpcCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const scope = tool.requiredScope(args);
    if (scope !== null && !principal.scopes.includes(scope)) {
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
      return toToolError(out.error, tool.outputSchema === undefined);
    }
    const value = out.value.value;
    const structured =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value };
    // The readable summary for the host and its user; the whole result only as structured content.
    return { content: [{ type: "text", text: tool.summarize(value) }], structuredContent: structured };
  });
  return server;
}
